import { ERROR_MESSAGES, HISTORY_PREVIEW_LENGTH } from '@grasp/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, makeResponse, resetStores, sseAnswer } from '../explain/testing/fixtures.ts';
import { responseIn } from '../explain/testing/language-fixtures.ts';
import { useSettings } from '../settings/settings-store.ts';
import { DistillerPage } from './distiller-page.tsx';
import {
  callsTo,
  entry,
  LONG_ANSWER,
  RESULT,
  resetDistillStore,
  stubDistillApi,
} from './testing/distill-fixtures.ts';

function renderPage() {
  return render(
    <MemoryRouter>
      <DistillerPage />
    </MemoryRouter>,
  );
}

async function distilledCards() {
  await userEvent.type(
    screen.getByRole('textbox', { name: 'Subject or statement' }),
    'history of the printing press',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Distill' }));
  await screen.findByRole('heading', { name: /^Concepts in/ });
  return screen.getAllByRole('article');
}

const card = (name: string) =>
  screen.getByRole('heading', { name, level: 3 }).closest('article') as HTMLElement;

describe('DistillerPage cards', () => {
  beforeEach(() => resetDistillStore());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('previews history: entries cut at 150 characters, or the empty and failed messages', async () => {
    resetStores('free');
    stubDistillApi({
      history: (name) => {
        if (name === 'printing press')
          return json([entry({ concept_description: 'storytelling' })]);
        if (name === 'movable type') return json({ success: false, message: 'down' }, 500);
        return json([]);
      },
    });
    renderPage();
    await distilledCards();

    await userEvent.click(screen.getByRole('button', { name: 'History of printing press' }));
    const region = await screen.findByRole('region', {
      name: 'Earlier explanations of printing press',
    });
    const preview = await within(region).findByText(/^Understanding the printing press/);
    expect(preview.textContent).toHaveLength(HISTORY_PREVIEW_LENGTH + 1);
    expect(preview.textContent?.endsWith('…')).toBe(true);
    expect(LONG_ANSWER).not.toContain('…');
    expect(region).toHaveTextContent('Storytelling');

    await userEvent.click(screen.getByRole('button', { name: 'History of history' }));
    expect(await within(card('history')).findByText(ERROR_MESSAGES.historyEmpty)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'History of movable type' }));
    expect(
      await within(card('movable type')).findByText(ERROR_MESSAGES.historyFailed),
    ).toBeVisible();
  });

  it('explains a card inline, streaming, with the default template for a Free user', async () => {
    resetStores('free');
    let release: (r: Response) => void = () => undefined;
    const answer = makeResponse({ response: '## 🧠 Understanding (0-30 seconds)\nPress it.' });
    const fetchMock = stubDistillApi({
      explain: () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderPage();
    await distilledCards();

    await userEvent.click(screen.getByRole('button', { name: 'Explain printing press' }));
    const busy = card('printing press');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(within(busy).getByRole('button', { name: 'Explaining… printing press' })).toBeDisabled();
    expect(await within(busy).findByText(/Explaining “printing press” with/)).toBeVisible();

    release(sseAnswer(answer));
    await waitFor(() => expect(card('printing press')).toHaveAttribute('aria-busy', 'false'));
    // The dashboard's finished result view, badges and all.
    const result = screen.getByRole('heading', { name: 'printing press', level: 2 });
    expect(result).toHaveAttribute('id', 'result-title');
    expect(screen.getByText('Press it.')).toBeInTheDocument();
    expect(screen.getByRole('toolbar', { name: 'Explanation actions' })).toBeVisible();
    // The explanation now exists, so the card gains its marker.
    expect(within(card('printing press')).getByTestId('has-history')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, '/api/ai/aiResponseGoogle');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      query: 'printing press',
      template: 'default',
      difficulty: 'beginner',
    });

    // One explanation is open at a time; the first stays ready to show again.
    await userEvent.click(screen.getByRole('button', { name: 'Hide explanation printing press' }));
    expect(screen.queryByRole('heading', { name: 'printing press', level: 2 })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show explanation printing press' }));
    expect(screen.getByRole('heading', { name: 'printing press', level: 2 })).toBeVisible();
    expect(callsTo(fetchMock, '/api/ai/aiResponseGoogle')).toHaveLength(1);
  });

  it('asks in the learner’s language, as the dashboard does, and English from the dictionary', async () => {
    resetStores('free');
    useSettings.setState({ aiProvider: 'remote-openai', language: 'hi' });
    const fetchMock = stubDistillApi({ explain: () => json(responseIn('hi')) });
    renderPage();
    await distilledCards();
    await userEvent.click(screen.getByRole('button', { name: 'Explain printing press' }));
    await waitFor(() => expect(card('printing press')).toHaveAttribute('aria-busy', 'false'));
    const [call] = callsTo(fetchMock, '/api/ai/aiResponseGoogle');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ language: 'hi' });

    useSettings.setState({ aiProvider: 'offline' });
    await userEvent.click(screen.getByRole('button', { name: 'Explain movable type' }));
    await waitFor(() => expect(card('movable type')).toHaveAttribute('aria-busy', 'false'));
    const [, offline] = callsTo(fetchMock, '/api/ai/aiResponseGoogle');
    expect(JSON.parse(String(offline?.[1]?.body))).toMatchObject({ language: 'en' });
  });

  it('uses the distilled historical template for a Pro user', async () => {
    resetStores('pro');
    const fetchMock = stubDistillApi({
      explain: () => json(makeResponse({ template: 'historicalTimeline' })),
    });
    renderPage();
    await distilledCards();
    await userEvent.click(screen.getByRole('button', { name: 'Explain history' }));
    await screen.findByRole('heading', { name: 'history', level: 2 });
    const [call] = callsTo(fetchMock, '/api/ai/aiResponseGoogle');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ template: RESULT.template });
    const [distill] = callsTo(fetchMock, '/api/concepts/distill');
    expect(JSON.parse(String(distill?.[1]?.body)).template).toMatch(/^historical/);
  });

  it('shows an explanation failure inline, with Try Again', async () => {
    resetStores('free');
    let fail = true;
    stubDistillApi({
      explain: () =>
        fail
          ? json(
              {
                success: false,
                code: 'UNITS_EXHAUSTED',
                message: 'No subscription units available',
              },
              402,
            )
          : json(makeResponse()),
    });
    renderPage();
    await distilledCards();
    await userEvent.click(screen.getByRole('button', { name: 'Explain movable type' }));
    const alert = await within(card('movable type')).findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_MESSAGES.unitsExhausted);
    expect(within(alert).getByRole('button', { name: 'Upgrade Plan' })).toBeVisible();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'movable type', level: 2 })).toBeVisible(),
    );
  });
});
