import type { ClassView } from '@grasp/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressGrid } from './progress-grid.tsx';

const view: ClassView = {
  classId: 'c1',
  name: 'Physics',
  role: 'teacher',
  joinCode: 'ABCD2345',
  teacherName: 'Tara',
  members: [
    { userId: 'u1', firstName: 'Asha', username: 'asha', joinedAt: '2026-01-01T00:00:00.000Z' },
    { userId: 'u2', firstName: 'Bob', username: 'bob', joinedAt: '2026-01-01T00:00:00.000Z' },
  ],
  assignments: [
    {
      assignmentId: 'a1',
      title: 'Forces',
      concepts: ['gravity', 'friction'],
      dueAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  ],
  progress: [
    {
      userId: 'u1',
      assignments: {
        a1: { statuses: ['new', 'explained'], quizzes: [null, null] },
      },
    },
    {
      userId: 'u2',
      assignments: {
        a1: { statuses: ['known', 'due'], quizzes: [[3, 4], null] },
      },
    },
  ],
};

// Plain DOM queries and fireEvent: role queries over a table are slow on a busy machine.
const bodyRows = () => [...document.querySelectorAll('tbody tr')];
const header = (label: string) => {
  const th = screen.getByText(label).closest('th');
  if (!th) throw new Error(`no header ${label}`);
  return th;
};
const sortBy = (label: string) => fireEvent.click(screen.getByText(label));

describe('ProgressGrid', () => {
  it('shows each cell’s status in words and the quiz score, and sorts by name or progress', () => {
    render(<ProgressGrid view={view} assignment={view.assignments[0] as never} />);
    const [asha, bob] = bodyRows() as HTMLElement[];
    expect(within(asha as HTMLElement).getByText('Not started')).toBeTruthy();
    expect(
      within(bob as HTMLElement)
        .getByText('Known')
        .closest('td')?.textContent,
    ).toContain('3/4');
    expect(within(bob as HTMLElement).getByText('Recap due')).toBeTruthy();

    sortBy('Progress');
    expect(header('Progress').getAttribute('aria-sort')).toBe('descending');
    expect(bodyRows()[0]?.textContent).toContain('@bob');
    sortBy('Progress');
    expect(bodyRows()[0]?.textContent).toContain('@asha');

    sortBy('Member');
    expect(header('Member').getAttribute('aria-sort')).toBe('ascending');
    expect(bodyRows()[0]?.textContent).toContain('@asha');
    sortBy('Member');
    expect(bodyRows()[0]?.textContent).toContain('@bob');
  });

  it('says who can join when nobody has', () => {
    render(
      <ProgressGrid
        view={{ ...view, members: [], progress: [] }}
        assignment={view.assignments[0] as never}
      />,
    );
    expect(screen.getByText(/Nobody has joined yet/)).toBeTruthy();
  });
});
