import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, stubApi } from '../../../testing/api-fixtures.ts';
import {
  CORRECT_CHOICE,
  EXPLANATION_ID,
  grade,
  makeQuiz,
  makeRecord,
  resetLearning,
} from '../testing/learning-fixtures.ts';
import { renderLearning } from '../testing/render-learning.tsx';

const RECORD = `/api/ai/explanations/${EXPLANATION_ID}`;
const QUIZ = '/api/ai/quiz';
const ANSWERS = '/api/ai/quiz/quiz-1/answers';
const RE_EXPLAIN = '/api/ai/re-explain';

const quizRegion = () => screen.getByRole('region', { name: 'Check yourself' });
const card = (title: string) => screen.getByRole('article', { name: title });

function gradeRoute() {
  return (_url: string, init: RequestInit) => {
    const { choice } = JSON.parse(String(init.body)) as { choice: number };
    return json(grade(choice));
  };
}

describe('Check yourself', () => {
  beforeEach(() => resetLearning());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers no Start while the record loads: it may hold a quiz already begun', async () => {
    let release: (r: Response) => void = () => undefined;
    stubApi({
      [`GET ${RECORD}`]: () => new Promise<Response>((resolve) => (release = resolve)),
      [`POST ${QUIZ}`]: () => json(makeQuiz({ q1: CORRECT_CHOICE })),
    });
    renderLearning();
    expect(await within(quizRegion()).findByRole('status')).toHaveTextContent('Loading your quiz…');
    expect(screen.queryByRole('button', { name: 'Start the quiz' })).toBeNull();
    release(json(makeRecord({ quiz: { quizId: 'quiz-1', score: 1, answered: 1, total: 3 } })));
    expect(
      await screen.findByRole('radiogroup', { name: 'Question about How It Works?' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start the quiz' })).toBeNull();
  });

  // A whole flow through several screens, given room on a busy machine (15 s, not 5).
  it('runs by keyboard: arrows move, Space chooses, Enter checks, Next moves on, then the score', async () => {
    const fetchMock = stubApi({
      [`GET ${RECORD}`]: () => json(makeRecord()),
      [`POST ${QUIZ}`]: () => json(makeQuiz()),
      [`POST ${ANSWERS}`]: gradeRoute(),
    });
    renderLearning();
    await userEvent.click(await screen.findByRole('button', { name: 'Start the quiz' }));

    // Question 1: the first option takes focus; ArrowDown moves to the right one; Enter checks it.
    const group = await screen.findByRole('radiogroup', {
      name: 'Question about Core Understanding?',
    });
    const options = within(group).getAllByRole('radio');
    expect(options).toHaveLength(4);
    expect(options[0]).toHaveFocus();
    expect(screen.getByText(/Question 1 of 3/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();
    await userEvent.keyboard('{ArrowDown}');
    expect(options[1]).toHaveFocus();
    expect(options[1]).toBeChecked();
    await userEvent.keyboard('{Enter}');

    const feedback = await screen.findByText('Correct!');
    expect(feedback.closest('[role="status"]')).toHaveTextContent('Because the section says so.');
    expect(within(group).getByText('Correct answer')).toBeInTheDocument();
    for (const option of within(group).getAllByRole('radio')) expect(option).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next question' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    // Question 2: Space chooses the focused option, the Check button checks it: a wrong answer.
    const second = await screen.findByRole('radiogroup', { name: 'Question about How It Works?' });
    expect(within(second).getAllByRole('radio')[0]).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(within(second).getAllByRole('radio')[0]).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Not quite. The answer is “Right 1”.')).toBeInTheDocument();
    expect(within(second).getByText('Your answer')).toBeInTheDocument();
    expect(within(second).getByText('Correct answer')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next question' }));

    // Question 3, the last: right, then the score with the part to look at again.
    const third = await screen.findByRole('radiogroup', { name: 'Question about Why It Matters?' });
    await userEvent.click(within(third).getByRole('radio', { name: 'Right 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    await userEvent.click(await screen.findByRole('button', { name: 'See your score' }));

    expect(await within(quizRegion()).findByText('2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your score' })).toHaveFocus();
    const link = within(quizRegion()).getByRole('link', { name: 'How It Works' });
    expect(link).toHaveAttribute('href', '#section-how-it-works');
    await userEvent.click(link);
    expect(card('How It Works')).toHaveFocus();

    expect(callsTo(fetchMock, ANSWERS).map((c) => c.body)).toEqual([
      { questionId: 'q1', choice: CORRECT_CHOICE },
      { questionId: 'q2', choice: 0 },
      { questionId: 'q3', choice: CORRECT_CHOICE },
    ]);
    expect(callsTo(fetchMock, QUIZ)[0]?.body).toEqual({ explanationId: EXPLANATION_ID });
  }, 15_000);

  it('explains a missed part another way inside its card, marked Revisited', async () => {
    const fetchMock = stubApi({
      [`GET ${RECORD}`]: () => json(makeRecord()),
      [`POST ${QUIZ}`]: () => json(makeQuiz()),
      [`POST ${ANSWERS}`]: gradeRoute(),
      [`POST ${RE_EXPLAIN}`]: () =>
        json({
          section: 'Core Understanding',
          approach: 'analogy',
          answer: 'Think of a **trampoline** with a ball on it.',
        }),
    });
    renderLearning();
    await userEvent.click(await screen.findByRole('button', { name: 'Start the quiz' }));
    const group = await screen.findByRole('radiogroup');
    await userEvent.click(within(group).getByRole('radio', { name: 'Wrong C0' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(within(card('Core Understanding')).queryByText('Revisited')).toBeNull();

    await userEvent.click(
      await screen.findByRole('button', { name: 'Explain this part another way' }),
    );
    const core = card('Core Understanding');
    expect(await within(core).findByText('Revisited')).toBeVisible();
    expect(
      within(core).getByText('Explained another way · An everyday analogy'),
    ).toBeInTheDocument();
    expect(within(core).getByText('trampoline').tagName).toBe('STRONG');
    expect(within(card('How It Works')).queryByText('Revisited')).toBeNull();
    expect(callsTo(fetchMock, RE_EXPLAIN)[0]?.body).toEqual({
      explanationId: EXPLANATION_ID,
      section: 'Core Understanding',
    });

    // The quiz now leads to the card instead of offering to explain it again, and focus moved
    // from the button that left to that link.
    expect(screen.queryByRole('button', { name: 'Explain this part another way' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to “Core Understanding”' })).toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'Go to “Core Understanding”' }));
    expect(core).toHaveFocus();
  });

  it('offers Upgrade Plan when a re-explanation from the score finds no units left', async () => {
    stubApi({
      [`GET ${RECORD}`]: () => json(makeRecord()),
      // Answered in another tab: the quiz comes back finished, one question missed.
      [`POST ${QUIZ}`]: () => json(makeQuiz({ q1: 0, q2: 1, q3: 1 })),
      [`POST ${RE_EXPLAIN}`]: () =>
        json(
          { success: false, code: 'UNITS_EXHAUSTED', message: 'No subscription units available' },
          402,
        ),
    });
    renderLearning();
    await userEvent.click(await screen.findByRole('button', { name: 'Start the quiz' }));
    expect(await within(quizRegion()).findByText('2 of 3')).toBeInTheDocument();
    const missed = within(quizRegion()).getByRole('listitem');
    expect(within(missed).getByRole('link', { name: 'Core Understanding' })).toBeInTheDocument();
    await userEvent.click(
      within(missed).getByRole('button', { name: 'Explain this part another way' }),
    );
    expect(await within(missed).findByRole('alert')).toHaveTextContent(
      'Your subscription units have been exhausted. Please upgrade your plan to continue.',
    );
    expect(within(card('Core Understanding')).queryByText('Revisited')).toBeNull();
    await userEvent.click(within(missed).getByRole('button', { name: 'Upgrade Plan' }));
    expect(screen.getByRole('heading', { name: 'Pricing page' })).toBeInTheDocument();
  });

  it('restores the score, the thread and the re-explanations of a finished quiz on reload', async () => {
    const fetchMock = stubApi({
      [`GET ${RECORD}`]: () =>
        json(
          makeRecord({
            quiz: { quizId: 'quiz-1', score: 2, answered: 3, total: 3 },
            reExplanations: [
              { section: 'How It Works', approach: 'steps', answer: '1. Mass. 2. Pull.' },
            ],
          }),
        ),
      [`POST ${QUIZ}`]: () => json(makeQuiz({ q1: 1, q2: 3, q3: 1 })),
    });
    renderLearning();
    expect(await within(quizRegion()).findByText('2 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start the quiz' })).toBeNull();
    const works = card('How It Works');
    expect(within(works).getByText('Revisited')).toBeInTheDocument();
    expect(within(works).getByText('Explained another way · Step by step')).toBeInTheDocument();
    // Restoring moves no focus: the learner may be reading elsewhere.
    expect(screen.getByRole('heading', { name: 'Your score' })).not.toHaveFocus();
    const missed = within(quizRegion()).getByRole('listitem');
    expect(within(missed).getByRole('link', { name: 'How It Works' })).toBeInTheDocument();
    expect(missed).toHaveTextContent('Revisited: explained another way in its card');
    expect(callsTo(fetchMock, QUIZ)).toHaveLength(1);
  });

  it('resumes a started quiz at its first unanswered question', async () => {
    stubApi({
      [`GET ${RECORD}`]: () =>
        json(makeRecord({ quiz: { quizId: 'quiz-1', score: 1, answered: 1, total: 3 } })),
      [`POST ${QUIZ}`]: () => json(makeQuiz({ q1: 1 })),
    });
    renderLearning();
    expect(await screen.findByText(/Question 2 of 3/)).toBeInTheDocument();
    expect(screen.getByRole('radiogroup')).toHaveAccessibleName('Question about How It Works?');
    expect(screen.getAllByRole('radio')[0]).not.toHaveFocus();
  });

  it('shows the offline refusal of a quiz with a way to an AI provider', async () => {
    const onChooseProvider = vi.fn();
    stubApi({
      [`GET ${RECORD}`]: () => json(makeRecord()),
      [`POST ${QUIZ}`]: () =>
        json(
          {
            success: false,
            code: 'NEEDS_AI_PROVIDER',
            message: 'The offline dictionary cannot make a quiz',
          },
          422,
        ),
    });
    renderLearning({ onChooseProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Start the quiz' }));
    const alert = await within(quizRegion()).findByRole('alert');
    expect(alert).toHaveTextContent('The offline dictionary cannot make a quiz');
    await userEvent.click(within(alert).getByRole('button', { name: 'Choose an AI provider' }));
    expect(onChooseProvider).toHaveBeenCalledTimes(1);
  });

  it('says when the quiz could not be made and tries again', async () => {
    let calls = 0;
    stubApi({
      [`GET ${RECORD}`]: () => json(makeRecord()),
      [`POST ${QUIZ}`]: () => {
        calls += 1;
        return calls === 1
          ? json({ success: false, code: 'PROVIDER_ERROR', message: 'Vendor down' }, 502)
          : json(makeQuiz());
      },
    });
    renderLearning();
    await userEvent.click(await screen.findByRole('button', { name: 'Start the quiz' }));
    expect(await within(quizRegion()).findByRole('alert')).toHaveTextContent('Vendor down');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radiogroup')).toBeInTheDocument();
  });

  it('keeps the choice when checking fails, and shows an answer given elsewhere (409)', async () => {
    let calls = 0;
    stubApi({
      [`GET ${RECORD}`]: () => json(makeRecord()),
      [`POST ${QUIZ}`]: () => json(calls < 2 ? makeQuiz() : makeQuiz({ q1: 2 })),
      [`POST ${ANSWERS}`]: () => {
        calls += 1;
        return calls === 1
          ? new Response('', { status: 500 })
          : json(
              {
                success: false,
                code: 'ALREADY_ANSWERED',
                message: 'You have already answered this question.',
              },
              409,
            );
      },
    });
    renderLearning();
    await userEvent.click(await screen.findByRole('button', { name: 'Start the quiz' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Right 0' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal Server Error');
    expect(screen.getByRole('radio', { name: 'Right 0' })).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Not quite. The answer is “Right 0”.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
