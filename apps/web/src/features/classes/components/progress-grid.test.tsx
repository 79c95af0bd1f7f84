import type { ClassView } from '@grasp/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

const bodyRows = () => screen.getAllByRole('row').slice(1);

describe('ProgressGrid', () => {
  it('shows each cell’s status in words and the quiz score, and sorts by name or progress', async () => {
    render(<ProgressGrid view={view} assignment={view.assignments[0] as never} />);
    const [asha, bob] = bodyRows();
    expect(within(asha as HTMLElement).getByText('Not started')).toBeTruthy();
    expect(
      within(bob as HTMLElement).getByRole('cell', { name: /Known.*quiz.*3\/4/ }),
    ).toBeTruthy();
    expect(within(bob as HTMLElement).getByText('Recap due')).toBeTruthy();

    const progress = screen.getByRole('columnheader', { name: /Progress/ });
    await userEvent.click(within(progress).getByRole('button'));
    expect(progress.getAttribute('aria-sort')).toBe('descending');
    expect(bodyRows()[0]?.textContent).toContain('@bob');
    await userEvent.click(within(progress).getByRole('button'));
    expect(bodyRows()[0]?.textContent).toContain('@asha');

    const member = screen.getByRole('columnheader', { name: /Member/ });
    await userEvent.click(within(member).getByRole('button'));
    expect(member.getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(within(member).getByRole('button'));
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
