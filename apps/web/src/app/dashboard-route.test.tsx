import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeResponse, PROVIDERS, resetStores } from '../features/explain/testing/fixtures.ts';
import { useLearningStore } from '../features/learning/stores/learning-store.ts';
import { makeFollowUp, makeRecord } from '../features/learning/testing/learning-fixtures.ts';
import { callsTo, json, sse, sseEvent, stubApi } from '../testing/api-fixtures.ts';
import { DashboardRoute } from './dashboard-route.tsx';

const SUGGESTED = 'How is chlorophyll different from a pigment?';

function renderDashboard() {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/dashboard', state: { initialQuery: 'Gravity' } }]}>
      <Routes>
        <Route path="/dashboard" element={<DashboardRoute />} />
      </Routes>
    </MemoryRouter>,
  );
}

function stubServer(followUpStatus = 200) {
  return stubApi({
    'GET /api/ai/providers': () => json(PROVIDERS),
    'POST /api/ai/aiResponseGoogle': (_url, init) => {
      const { query } = JSON.parse(String(init.body)) as { query: string };
      return json(
        makeResponse({
          explanationId: query === 'Gravity' ? 'exp-1' : 'exp-2',
          suggestedQuestions: [SUGGESTED],
        }),
      );
    },
    'GET /api/ai/explanations/exp-1': () =>
      json(makeRecord({ followUps: [makeFollowUp()], suggestedQuestions: [SUGGESTED] })),
    'GET /api/ai/explanations/exp-2': () =>
      json(makeRecord({ explanationId: 'exp-2', suggestedQuestions: [] })),
    'POST /api/ai/follow-up': () =>
      followUpStatus === 200
        ? sse([
            sseEvent('delta', { text: 'A pigment is any colour.' }),
            sseEvent(
              'done',
              makeFollowUp({
                followUpId: 'f2',
                question: SUGGESTED,
                answer: 'A pigment is any colour.',
              }),
            ),
          ])
        : json(
            {
              success: false,
              code: 'NEEDS_AI_PROVIDER',
              message: 'An AI provider can answer this.',
            },
            followUpStatus,
          ),
  });
}

const thread = () => screen.getByRole('list', { name: 'Follow-up questions and answers' });

describe('the dashboard with the learning loop', () => {
  beforeEach(() => {
    resetStores();
    useLearningStore.getState().clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  // A whole flow through several screens, given room on a busy machine (15 s, not 5).
  it('places the learning parts under the sections, where a chip asks its question', async () => {
    stubServer();
    renderDashboard();

    // The saved thread and the chips come under the sections, before the style button.
    expect(await screen.findByText('Why do apples fall?')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Core Understanding' });
    expect(card).toHaveAttribute('id', 'section-core-understanding');
    const quiz = screen.getByRole('region', { name: 'Check yourself' });
    const styleButton = screen.getByRole('button', { name: 'Try a different explanation style' });
    expect(card.compareDocumentPosition(quiz) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      quiz.compareDocumentPosition(styleButton) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: SUGGESTED }));
    await waitFor(() => expect(within(thread()).getAllByRole('listitem')).toHaveLength(2));
    expect(within(thread()).getByText('A pigment is any colour.')).toBeInTheDocument();
  }, 15_000);

  it('keeps the thread when the concept is reopened from Recently Viewed, and after a reload', async () => {
    const fetchMock = stubServer();
    const view = renderDashboard();
    expect(await screen.findByText('Why do apples fall?')).toBeInTheDocument();

    // Another concept, then back from Recently Viewed: the same record, the same thread.
    await userEvent.click(screen.getByRole('button', { name: 'Chlorophyll' }));
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Follow-up questions and answers' })).toBeNull(),
    );
    const recent = screen.getByRole('button', { name: 'Recently Viewed Concepts' });
    const list = document.getElementById(recent.getAttribute('aria-controls') ?? '') as HTMLElement;
    await userEvent.click(within(list).getByRole('button', { name: /Gravity/ }));
    expect(await screen.findByText('Why do apples fall?')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/ai/explanations/exp-1')).toHaveLength(1);

    // A reload starts with nothing in memory: the thread comes back from the record.
    view.unmount();
    useLearningStore.setState({ entries: {} });
    renderDashboard();
    expect(await screen.findByText('Why do apples fall?')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/ai/explanations/exp-1')).toHaveLength(2);
  });

  it('leads from an offline refusal to the AI provider choice, whose provider then answers', async () => {
    const fetchMock = stubServer(422);
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: SUGGESTED }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An AI provider can answer this.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Choose an AI provider' }));
    const picker = screen.getByRole('combobox', { name: 'AI provider' });
    expect(picker).toHaveFocus();
    await userEvent.selectOptions(picker, 'remote-openai');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/ai/follow-up')).toHaveLength(2));
    expect(callsTo(fetchMock, '/api/ai/follow-up').map((c) => c.body)).toEqual([
      { explanationId: 'exp-1', question: SUGGESTED, provider: 'offline' },
      { explanationId: 'exp-1', question: SUGGESTED, provider: 'remote-openai' },
    ]);
  });
});
