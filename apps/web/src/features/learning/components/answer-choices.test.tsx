import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, stubApi } from '../../../testing/api-fixtures.ts';
import { ReviewPage } from '../review-page.tsx';
import {
  EXPLANATION_ID,
  grade,
  makeQuiz,
  makeRecord,
  resetLearning,
} from '../testing/learning-fixtures.ts';
import { recapItem, recaps, resetRecaps } from '../testing/recaps-fixtures.ts';
import { renderLearning } from '../testing/render-learning.tsx';
import { AnswerChoices } from './answer-choices.tsx';

// The real component, watched: each place must render its questions through it.
vi.mock('./answer-choices.tsx', async (original) => {
  const actual = await original<typeof import('./answer-choices.tsx')>();
  return { ...actual, AnswerChoices: vi.fn(actual.AnswerChoices) };
});

const ANSWERS = '/api/ai/quiz/quiz-1/answers';
let fetchMock: ReturnType<typeof stubApi>;

/** Brings a place to its first question; resolves to the question's radio group. */
type Place = () => Promise<HTMLElement>;

const quiz: Place = async () => {
  fetchMock = stubApi({
    [`GET /api/ai/explanations/${EXPLANATION_ID}`]: () => json(makeRecord()),
    'POST /api/ai/quiz': () => json(makeQuiz()),
    [`POST ${ANSWERS}`]: (_url: string, init: RequestInit) =>
      json(grade((JSON.parse(String(init.body)) as { choice: number }).choice)),
  });
  renderLearning();
  await userEvent.click(await screen.findByRole('button', { name: 'Start the quiz' }));
  return screen.findByRole('radiogroup', { name: 'Question about Core Understanding?' });
};

const recap: Place = async () => {
  const question = {
    quizId: 'quiz-1',
    questionId: 'q1',
    section: 'Core Understanding',
    prompt: 'Question about Core Understanding?',
    options: ['Wrong A0', 'Right 0', 'Wrong B0', 'Wrong C0'],
  };
  fetchMock = stubApi({
    'GET /api/learning/recaps': () => json(recaps({ due: [recapItem({ question })] })),
    [`POST ${ANSWERS}`]: (_url: string, init: RequestInit) =>
      json(grade((JSON.parse(String(init.body)) as { choice: number }).choice)),
  });
  render(
    <MemoryRouter initialEntries={['/review']}>
      <ReviewPage />
    </MemoryRouter>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Check yourself' }));
  return screen.findByRole('radiogroup', { name: 'Question about Core Understanding?' });
};

const answered = () =>
  callsTo(fetchMock, ANSWERS).map((call) => (call.body as { choice: number }).choice);

describe.each([
  ['the quiz', quiz],
  ['a recap', recap],
])('A multiple-choice question in %s', (_place, open) => {
  beforeEach(() => {
    resetLearning();
    resetRecaps();
    vi.mocked(AnswerChoices).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is AnswerChoices: a radio group with A–D shown, arrows move, Space chooses, Enter checks', async () => {
    const group = await open();
    expect(AnswerChoices).toHaveBeenCalled();
    expect(screen.getByText(/Arrow keys move/)).toHaveTextContent(
      'Arrow keys move, Enter checks, or press A–D',
    );
    const options = within(group).getAllByRole('radio');
    expect(options.map((o) => o.getAttribute('aria-keyshortcuts'))).toEqual(['A', 'B', 'C', 'D']);
    expect(within(group).getByText('C')).toBeVisible();

    options[0]?.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(options[2]).toHaveFocus();
    expect(options[2]).toBeChecked();
    await userEvent.keyboard('{ArrowUp} ');
    expect(options[1]).toBeChecked();
    await userEvent.keyboard('{Enter}');

    expect(await within(group).findByText('Correct answer')).toBeInTheDocument();
    expect(answered()).toEqual([1]);
    for (const option of within(group).getAllByRole('radio')) expect(option).toBeDisabled();
  });

  it('checks an option at once with its letter key', async () => {
    const group = await open();
    within(group).getAllByRole('radio')[0]?.focus();
    await userEvent.keyboard('c');
    expect(await within(group).findByText('Your answer')).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: /Wrong B0/ })).toBeChecked();
    expect(answered()).toEqual([2]);
    await userEvent.keyboard('d');
    expect(answered()).toEqual([2]);
  });
});
