import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, sse, sseEvent, stubApi } from '../../../testing/api-fixtures.ts';
import { useLearningStore } from '../stores/learning-store.ts';
import {
  EXPLANATION_ID,
  makeFollowUp,
  makeRecord,
  resetLearning,
} from '../testing/learning-fixtures.ts';
import { renderLearning } from '../testing/render-learning.tsx';

const RECORD = `/api/ai/explanations/${EXPLANATION_ID}`;
const FOLLOW_UP = '/api/ai/follow-up';
const thread = () => screen.getByRole('list', { name: 'Follow-up questions and answers' });
const box = () => screen.getByRole('textbox', { name: 'Ask a follow-up' });

function streamed(question: string, answer: string, followUpId = 'f2') {
  const half = Math.ceil(answer.length / 2);
  return sse([
    sseEvent('delta', { text: answer.slice(0, half) }),
    sseEvent('delta', { text: answer.slice(half) }),
    sseEvent('done', makeFollowUp({ followUpId, question, answer })),
  ]);
}

describe('follow-ups', () => {
  beforeEach(() => resetLearning());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the saved thread from the record, answers rendered as markdown', async () => {
    stubApi({ [`GET ${RECORD}`]: () => json(makeRecord({ followUps: [makeFollowUp()] })) });
    renderLearning();
    expect(await screen.findByText('Why do apples fall?')).toBeInTheDocument();
    expect(within(thread()).getByText('mass').tagName).toBe('STRONG');
    expect(within(thread()).getByText(/You asked/)).toBeInTheDocument();
    // Saved answers are not news: nothing is announced.
    expect(screen.queryByText('Your answer is ready.')).toBeNull();
  });

  it('sends on Enter, streams the answer into the thread, then empties the box', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = stubApi({
      [`GET ${RECORD}`]: () => json(makeRecord()),
      [`POST ${FOLLOW_UP}`]: async (_url, init) => {
        const { question } = JSON.parse(String(init.body)) as { question: string };
        await gate;
        return streamed(question, 'It is the **pull** of mass.');
      },
    });
    renderLearning();
    await userEvent.type(box(), '  What pulls the Moon?{Enter}');

    expect(await screen.findByText('Thinking…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Answering…' })).toBeDisabled();
    release();
    await waitFor(() => expect(box()).toHaveValue(''));
    expect(within(thread()).getByText('pull').tagName).toBe('STRONG');
    expect(within(thread()).getByText('What pulls the Moon?')).toBeInTheDocument();
    expect(thread().querySelector('[aria-busy="true"]')).toBeNull();
    expect(screen.getByText('Your answer is ready.')).toBeInTheDocument();

    const [call] = callsTo(fetchMock, FOLLOW_UP);
    expect(call?.body).toEqual({ explanationId: EXPLANATION_ID, question: 'What pulls the Moon?' });
    const init = fetchMock.mock.calls.find(([url]) => String(url) === FOLLOW_UP)?.[1];
    const headers = (init?.headers ?? {}) as Record<string, string>;
    expect(headers.Accept).toBe('text/event-stream');
    expect(headers.Authorization).toBe('Bearer tok');
  });

  it('keeps Shift+Enter as a new line and says why an empty or long question is not sent', async () => {
    const fetchMock = stubApi({ [`GET ${RECORD}`]: () => json(makeRecord()) });
    renderLearning();
    await userEvent.type(box(), '   {Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a question');
    expect(box()).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(box());
    await userEvent.type(box(), 'one{Shift>}{Enter}{/Shift}two');
    expect(box()).toHaveValue('one\ntwo');
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.clear(box());
    await userEvent.click(box());
    await userEvent.paste('x'.repeat(301));
    expect(screen.getByText('301/300')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please keep your question to 300 characters or fewer.',
    );
    expect(box()).toHaveValue('x'.repeat(301));
    expect(callsTo(fetchMock, FOLLOW_UP)).toHaveLength(0);
  });

  it('asks a suggested question from its chip, which then leaves the suggestions', async () => {
    const question = 'What is the difference between gravity and magnetism?';
    const fetchMock = stubApi({
      [`GET ${RECORD}`]: () => json(makeRecord({ suggestedQuestions: [question] })),
      [`POST ${FOLLOW_UP}`]: () => streamed(question, 'Gravity pulls all mass.'),
    });
    renderLearning({ suggestedQuestions: [question] });
    const suggestions = screen.getByRole('list', { name: 'Suggested questions' });
    await userEvent.click(within(suggestions).getByRole('button', { name: question }));

    // The chip leaves while its question is answered: focus goes to the question box, not body.
    expect(screen.getByRole('textbox', { name: 'Ask a follow-up' })).toHaveFocus();
    expect(await within(thread()).findByText('Gravity pulls all mass.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Suggested questions' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Ask a follow-up' })).toHaveFocus();
    expect(callsTo(fetchMock, FOLLOW_UP)[0]?.body).toEqual({
      explanationId: EXPLANATION_ID,
      question,
    });
  });

  it('offers Upgrade Plan when units run out, keeping the typed question', async () => {
    stubApi({
      [`GET ${RECORD}`]: () => json(makeRecord()),
      [`POST ${FOLLOW_UP}`]: () =>
        json(
          { success: false, code: 'UNITS_EXHAUSTED', message: 'No subscription units available' },
          402,
        ),
    });
    renderLearning();
    await userEvent.type(box(), 'Why does the Moon not fall?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your subscription units have been exhausted. Please upgrade your plan to continue.',
    );
    expect(box()).toHaveValue('Why does the Moon not fall?');
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade Plan' }));
    expect(screen.getByRole('heading', { name: 'Pricing page' })).toBeInTheDocument();
  });

  it('shows the offline refusal with a way to an AI provider, then asks the one chosen', async () => {
    const onChooseProvider = vi.fn();
    let chosen: 'offline' | 'remote-openai' = 'offline';
    const fetchMock = stubApi({
      [`GET ${RECORD}`]: () => json(makeRecord()),
      [`POST ${FOLLOW_UP}`]: () =>
        chosen === 'remote-openai'
          ? streamed('Who found it?', 'Newton described it.')
          : json(
              {
                success: false,
                code: 'NEEDS_AI_PROVIDER',
                message:
                  'The offline dictionary cannot answer this. Google Gemini or OpenAI GPT can.',
              },
              422,
            ),
    });
    renderLearning({ onChooseProvider, provider: () => chosen });
    await userEvent.type(box(), 'Who found it?{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The offline dictionary cannot answer this.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Choose an AI provider' }));
    expect(onChooseProvider).toHaveBeenCalledTimes(1);
    expect(box()).toHaveValue('Who found it?');

    chosen = 'remote-openai';
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(thread()).findByText('Newton described it.')).toBeInTheDocument();
    expect(callsTo(fetchMock, FOLLOW_UP).map((c) => c.body)).toEqual([
      { explanationId: EXPLANATION_ID, question: 'Who found it?', provider: 'offline' },
      { explanationId: EXPLANATION_ID, question: 'Who found it?', provider: 'remote-openai' },
    ]);
  });

  it('reports a stream error and asks the same question again on Try again', async () => {
    let calls = 0;
    const fetchMock = stubApi({
      [`GET ${RECORD}`]: () => json(makeRecord()),
      [`POST ${FOLLOW_UP}`]: () => {
        calls += 1;
        return calls === 1
          ? sse([
              sseEvent('error', { success: false, code: 'PROVIDER_ERROR', message: 'Vendor down' }),
            ])
          : streamed('Why?', 'Because.');
      },
    });
    renderLearning();
    await userEvent.type(box(), 'Why?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Vendor down');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(thread()).findByText('Because.')).toBeInTheDocument();
    expect(callsTo(fetchMock, FOLLOW_UP).map((c) => c.body)).toEqual([
      { explanationId: EXPLANATION_ID, question: 'Why?' },
      { explanationId: EXPLANATION_ID, question: 'Why?' },
    ]);
  });

  it('says when the saved questions could not be loaded, and loads them on Try again', async () => {
    let calls = 0;
    stubApi({
      [`GET ${RECORD}`]: () => {
        calls += 1;
        return calls === 1
          ? new Response('', { status: 503 })
          : json(makeRecord({ followUps: [makeFollowUp()] }));
      },
    });
    renderLearning();
    expect(await screen.findByText('Internal Server Error')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Why do apples fall?')).toBeInTheDocument();
  });

  it('forgets everything on sign-out', async () => {
    stubApi({ [`GET ${RECORD}`]: () => json(makeRecord({ followUps: [makeFollowUp()] })) });
    renderLearning();
    await screen.findByText('Why do apples fall?');
    const { useAuth } = await import('../../../lib/auth-store.ts');
    useAuth.getState().signOut();
    expect(useLearningStore.getState().entries).toEqual({});
  });
});
