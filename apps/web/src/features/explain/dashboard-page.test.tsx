import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from './dashboard-page.tsx';
import { useConceptStore } from './stores/concept-store.ts';
import {
  explainCalls,
  json,
  makeResponse,
  resetStores,
  sseAnswer,
  stubApi,
} from './testing/fixtures.ts';

function renderDashboard(state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/dashboard', state }]}>
      <Routes>
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/pricing" element={<h1>Pricing page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('DashboardPage', () => {
  beforeEach(() => resetStores());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the start screen, and a popular topic starts a search', async () => {
    const fetchMock = stubApi(() => json(makeResponse()));
    renderDashboard();
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Three levels' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Photosynthesis' }));
    expect(await screen.findByRole('heading', { name: 'Photosynthesis', level: 2 })).toBeVisible();
    expect(explainCalls(fetchMock)).toHaveLength(1);
  });

  it('searches the initialQuery from navigation state once, streaming sections in', async () => {
    const answer = makeResponse({ provider: 'remote-openai', template: 'default' });
    const fetchMock = stubApi(() => sseAnswer(answer));
    renderDashboard({ initialQuery: 'Photosynthesis' });

    // Badges name the provider and template that really answered.
    const providerBadge = (await screen.findByText('Provider:')).parentElement;
    const badges = providerBadge?.parentElement as HTMLElement;
    expect(badges).toHaveTextContent('Provider: OpenAI GPTStyle: StandardLevel: Beginner');
    expect(screen.getByRole('heading', { name: 'Photosynthesis', level: 2 })).toBeVisible();
    expect(explainCalls(fetchMock)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Core Understanding' })).toBeInTheDocument();
    expect(screen.getByText('0-30s')).toBeInTheDocument();
    // The related section is buttons, not a card.
    expect(screen.queryByRole('heading', { name: 'Related Concepts', level: 3 })).not.toBeNull();
    const related = screen.getByRole('button', { name: 'Chlorophyll' });
    expect(screen.getByText(/Explanation of Photosynthesis is ready/)).toBeInTheDocument();

    await userEvent.click(related);
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /Chlorophyll/ })).toHaveLength(2),
    );
    expect(screen.getByRole('heading', { name: 'Chlorophyll', level: 2 })).toBeVisible();
    expect(explainCalls(fetchMock)).toHaveLength(2);
    const recent = screen.getByRole('button', { name: 'Recently Viewed Concepts' });
    expect(recent).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(recent.getAttribute('aria-controls') ?? '');
    expect(
      within(list as HTMLElement)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('Chlorophyll'), expect.stringContaining('Photosynthesis')]);
  });

  it('shows sections while the answer streams in', async () => {
    const encoder = new TextEncoder();
    let push: (text: string) => void = () => undefined;
    let end: () => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(encoder.encode(text));
        end = () => controller.close();
      },
    });
    stubApi(() => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }));
    renderDashboard({ initialQuery: 'Gravity' });
    push(`event: delta\ndata: ${JSON.stringify({ text: '## 🧠 Understanding\nMass pulls' })}\n\n`);
    const partial = await screen.findByRole('heading', { name: 'Understanding' });
    expect(partial.closest('[aria-busy="true"]')).not.toBeNull();
    expect(screen.getByText('Mass pulls')).toBeInTheDocument();

    const done = makeResponse({ response: '## 🧠 Understanding\nMass pulls mass.' });
    push(`event: done\ndata: ${JSON.stringify(done)}\n\n`);
    end();
    expect(await screen.findByText('Mass pulls mass.')).toBeInTheDocument();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('disables the field and button while loading and shows the rotating message', async () => {
    let release: (r: Response) => void = () => undefined;
    stubApi(() => new Promise<Response>((resolve) => (release = resolve)));
    renderDashboard();
    const input = screen.getByPlaceholderText('What concept would you like to learn?');
    const submit = screen.getByRole('button', { name: 'Explain' });
    expect(submit).toBeDisabled();
    await userEvent.type(input, '  Gravity  ');
    await userEvent.click(submit);

    expect(await screen.findByText(/Explaining “Gravity” with/)).toBeInTheDocument();
    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Explaining…' })).toBeDisabled();
    expect(screen.getByTestId('search-spinner')).toBeInTheDocument();
    release(json(makeResponse()));
    expect(await screen.findByRole('heading', { name: 'Gravity', level: 2 })).toBeVisible();
    expect(input).toBeEnabled();
  });

  it('shows the units-exhausted state with Upgrade Plan, and Try Again re-runs', async () => {
    const fetchMock = stubApi(() =>
      json(
        { success: false, code: 'UNITS_EXHAUSTED', message: 'No subscription units available' },
        402,
      ),
    );
    renderDashboard({ initialQuery: 'Gravity' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your subscription units have been exhausted. Please upgrade your plan to continue.',
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(explainCalls(fetchMock)).toHaveLength(2));
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade Plan' }));
    expect(screen.getByRole('heading', { name: 'Pricing page' })).toBeInTheDocument();
  });

  it('regenerates past the client cache', async () => {
    const fetchMock = stubApi(() => json(makeResponse()));
    renderDashboard({ initialQuery: 'Gravity' });
    await userEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(explainCalls(fetchMock)).toHaveLength(2));
  });

  it('alerts where speech synthesis is missing', async () => {
    stubApi(() => json(makeResponse()));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderDashboard({ initialQuery: 'Gravity' });
    await userEvent.click(await screen.findByRole('button', { name: 'Audio' }));
    expect(alert).toHaveBeenCalledWith('Audio narration feature coming soon!');
  });

  it('reads the sections aloud, marking them as it goes', async () => {
    const utterances: Array<{ onend: (() => void) | null }> = [];
    const speech = {
      speak: vi.fn((u: { onend: (() => void) | null }) => utterances.push(u)),
      cancel: vi.fn(),
      pause: vi.fn(),
      resume: vi.fn(),
    };
    vi.stubGlobal('speechSynthesis', speech);
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        onend: (() => void) | null = null;
        onerror: (() => void) | null = null;
        constructor(readonly text: string) {}
      },
    );
    stubApi(() => json(makeResponse({ response: '## One\nFirst part.\n## Two\nSecond part.' })));
    renderDashboard({ initialQuery: 'Gravity' });
    await userEvent.click(await screen.findByRole('button', { name: 'Audio' }));
    expect(screen.getByText('Now reading')).toBeInTheDocument();
    expect(screen.getByText('Up next')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pause audio' }));
    expect(speech.pause).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Resume audio' }));
    expect(speech.resume).toHaveBeenCalled();
    utterances[0]?.onend?.();
    expect(await screen.findByText('Read')).toBeInTheDocument();
  });

  it('reuses a cached concept without a call', async () => {
    const fetchMock = stubApi(() => json(makeResponse()));
    await useConceptStore.getState().search('Gravity');
    renderDashboard({ initialQuery: 'gravity' });
    expect(await screen.findByRole('heading', { name: 'Gravity', level: 2 })).toBeVisible();
    expect(explainCalls(fetchMock)).toHaveLength(1);
  });
});
