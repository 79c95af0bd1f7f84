import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReviewPage } from './review-page.tsx';
import {
  callsTo,
  json,
  recapItem,
  recaps,
  resetRecaps,
  stubApi,
} from './testing/recaps-fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;
const QUESTION = {
  quizId: 'quiz-1',
  questionId: 'q2',
  section: 'Key Principles',
  prompt: 'What pulls masses together?',
  options: ['Magnetism', 'Gravity', 'Friction', 'Light'],
};

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/review']}>
      <ReviewPage />
    </MemoryRouter>,
  );
}

describe('ReviewPage', () => {
  beforeEach(resetRecaps);
  afterEach(() => vi.unstubAllGlobals());

  it('walks a recap by keyboard: takeaway, question, rating with the next dates', async () => {
    const user = userEvent.setup();
    const second = recapItem({ cardId: 'card-2', query: 'Magnetism', takeaway: 'Magnets pull.' });
    const fetchMock = stubApi({
      'GET /api/learning/recaps': () =>
        json(recaps({ due: [recapItem({ question: QUESTION }), second] })),
      'POST /api/ai/quiz/quiz-1/answers': () =>
        json({ correct: true, correctChoice: 1, why: 'Gravity pulls every mass.' }),
      'POST /api/learning/recaps/card-1/review': () =>
        json({ cardId: 'card-1', dueAt: new Date(Date.now() + 5 * DAY).toISOString() }),
    });
    renderPage();

    expect(await screen.findByRole('heading', { level: 2, name: 'Gravity' })).toHaveFocus();
    expect(screen.getByText('Recap 1 of 2')).toBeInTheDocument();
    expect(screen.getByText('Gravity is the pull between masses.')).toBeInTheDocument();
    expect(screen.queryByRole('group')).toBeNull();

    await user.keyboard('{Enter}');
    expect(screen.getByText('What pulls masses together?')).toHaveFocus();
    await user.keyboard('b');
    expect(await screen.findByText('Gravity pulls every mass.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/ai/quiz/quiz-1/answers')[0]?.body).toEqual({
      questionId: 'q2',
      choice: 1,
    });
    expect(screen.getByRole('radio', { name: /Gravity.*Correct answer/ })).toBeDisabled();

    await user.keyboard('{Enter}');
    const rating = screen.getByRole('group', { name: 'How well did you remember it?' });
    expect(rating).toHaveFocus();
    const buttons = within(rating).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      '1Againin 1 day, next recap in 1 day',
      '2Hardin 3 days, next recap in 3 days',
      '3Goodin 5 days, next recap in 5 days',
      '4Easyin 12 days, next recap in 12 days',
    ]);
    await user.keyboard('3');

    expect(await screen.findByRole('heading', { level: 2, name: 'Magnetism' })).toHaveFocus();
    expect(callsTo(fetchMock, '/api/learning/recaps/card-1/review')[0]?.body).toEqual({
      rating: 'good',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Good: Gravity comes back in 5 days.');
    expect(screen.getByText('Recap 2 of 2')).toBeInTheDocument();
  });

  it('grades a question answered before in the recap itself, and rates by click', async () => {
    const user = userEvent.setup();
    const answered = {
      ...QUESTION,
      reveal: { correctChoice: 1, why: 'Gravity pulls every mass.', earlierChoice: 0 },
    };
    const fetchMock = stubApi({
      'GET /api/learning/recaps': () => json(recaps({ due: [recapItem({ question: answered })] })),
      'POST /api/learning/recaps/card-1/review': () =>
        json({ cardId: 'card-1', dueAt: new Date(Date.now() + DAY).toISOString() }),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Check yourself' }));
    await user.click(screen.getByRole('radio', { name: /Friction/ }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText(/Not quite\./)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Friction.*Your answer/ })).toBeChecked();
    expect(callsTo(fetchMock, '/api/ai/quiz/quiz-1/answers')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Rate your recall' }));
    await user.click(screen.getByRole('button', { name: /^Again/ }));
    expect(await screen.findByRole('heading', { name: 'Done: 1 recap reviewed' })).toBeVisible();
  });

  it('opens the quiz first when the user never did', async () => {
    const user = userEvent.setup();
    const { quizId: _none, ...unopened } = QUESTION;
    const fetchMock = stubApi({
      'GET /api/learning/recaps': () => json(recaps({ due: [recapItem({ question: unopened })] })),
      'POST /api/ai/quiz': () =>
        json({
          quizId: 'quiz-9',
          questions: [1, 2, 3].map((n) => ({ ...unopened, questionId: `q${n}` })),
        }),
      'POST /api/ai/quiz/quiz-9/answers': () =>
        json({ correct: false, correctChoice: 1, why: 'Gravity pulls every mass.' }),
    });
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Gravity' });
    await user.keyboard('{Enter}a');
    expect(await screen.findByText(/Not quite\./)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/ai/quiz')[0]?.body).toEqual({
      explanationId: 'explanation-1',
    });
  });

  it('moves on when another tab reviewed the card first', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/learning/recaps': () => json(recaps()),
      'POST /api/learning/recaps/card-1/review': () =>
        json({ success: false, code: 'CONFLICT', message: 'already' }, 409),
    });
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Gravity' });
    await user.keyboard('{Enter}4');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Gravity was reviewed in another tab already.',
    );
    expect(screen.getByRole('heading', { name: 'No recaps due right now' })).toBeVisible();
  });

  it('keeps the card and says so when a review fails', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/learning/recaps': () => json(recaps()),
      'POST /api/learning/recaps/card-1/review': () =>
        json({ success: false, code: 'INTERNAL_ERROR', message: 'boom' }, 500),
    });
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Gravity' });
    await user.keyboard('{Enter}1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This review could not be saved. Please try again.',
    );
    expect(screen.getByRole('button', { name: /^Again/ })).toBeEnabled();
  });

  it('says when the next recap is due when none is due now', async () => {
    const next = new Date(Date.now() + 3 * DAY + 60_000).toISOString();
    stubApi({
      'GET /api/learning/recaps': () =>
        json(recaps({ due: [], dueCount: 0, upcoming: 4, nextDueAt: next })),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No recaps due right now' })).toBeVisible();
    expect(screen.getByText(/Your next recap is due in 3 days/)).toHaveTextContent(
      '4 concepts are scheduled',
    );
    expect(screen.getByRole('link', { name: 'Explain a concept' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('shows the loading state, then an error with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubApi({
      'GET /api/learning/recaps': () =>
        fail
          ? json({ success: false, code: 'SERVICE_UNAVAILABLE', message: 'Try later.' }, 503)
          : json(recaps({ due: [] })),
    });
    renderPage();
    expect(screen.getByText('Loading your recaps')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Try later.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No recaps due right now' })).toBeVisible();
  });
});
