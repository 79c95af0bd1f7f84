import { ERROR_MESSAGES, VALIDATION_MESSAGES } from '@grasp/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../lib/auth-store.ts';
import { json, resetStores } from '../explain/testing/fixtures.ts';
import { DISTILLING_MESSAGES } from './components/distilling-overlay.tsx';
import { DistillerPage } from './distiller-page.tsx';
import {
  callsTo,
  entry,
  RESULT,
  resetDistillStore,
  stubDistillApi,
} from './testing/distill-fixtures.ts';

function DashboardProbe() {
  const state = useLocation().state as { initialQuery?: string } | null;
  return <h1>Dashboard for {state?.initialQuery}</h1>;
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/distiller']}>
      <Routes>
        <Route path="/distiller" element={<DistillerPage />} />
        <Route path="/dashboard" element={<DashboardProbe />} />
        <Route path="/pricing" element={<h1>Pricing page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

const field = () => screen.getByRole('textbox', { name: 'Subject or statement' });
const distillButton = () => screen.getByRole('button', { name: 'Distill' });

async function distill(subject = 'history of the printing press') {
  await userEvent.type(field(), subject);
  await userEvent.click(distillButton());
}

describe('DistillerPage', () => {
  beforeEach(() => {
    resetStores('free');
    resetDistillStore();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for a subject, then for a signed-in user, before calling anything', async () => {
    const fetchMock = stubDistillApi();
    renderPage();
    await userEvent.type(field(), '   ');
    await userEvent.click(distillButton());
    expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.emptySubject);
    expect(field()).toHaveAttribute('aria-invalid', 'true');

    useAuth.setState({ user: null, token: null });
    await userEvent.type(field(), 'tides');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(distillButton());
    expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.userNotLoggedIn);
    expect(callsTo(fetchMock, '/api/concepts/distill')).toHaveLength(0);
  });

  it('covers the page with a status overlay while distilling, then lists the cards', async () => {
    let release: (r: Response) => void = () => undefined;
    const fetchMock = stubDistillApi({
      distill: () => new Promise<Response>((resolve) => (release = resolve)),
      history: (name) => json(name === 'printing press' ? [entry()] : []),
    });
    renderPage();
    await distill('  history of the printing press ');

    const overlay = await screen.findByRole('status');
    expect(overlay).toHaveAttribute('aria-live', 'polite');
    expect(overlay).toHaveTextContent('Distilling “history of the printing press”');
    expect(DISTILLING_MESSAGES.some((m) => overlay.textContent?.includes(m))).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Distilling…' })).toBeDisabled();

    release(json(RESULT));
    const heading = await screen.findByRole('heading', {
      name: 'Concepts in “history of the printing press”',
    });
    expect(heading).toHaveFocus();
    expect(screen.queryByRole('status')).toBeNull();
    const [request] = callsTo(fetchMock, '/api/concepts/distill');
    expect(JSON.parse(String(request?.[1]?.body))).toMatchObject({
      subject: 'history of the printing press',
      username: 'asha',
      // A Free user's own request names the default; the server decides anyway.
      template: 'default',
      provider: 'offline',
    });

    const cards = screen.getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual(
      RESULT.concepts,
    );
    expect(within(cards[0] as HTMLElement).getByText('Historical Timeline')).toBeInTheDocument();
    // hasHistory comes from one history call per concept, the name URL-encoded.
    await waitFor(() =>
      expect(within(cards[1] as HTMLElement).getByTestId('has-history')).toBeInTheDocument(),
    );
    expect(within(cards[0] as HTMLElement).queryByTestId('has-history')).toBeNull();
    const urls = callsTo(fetchMock, '/api/concepts/history/').map(([url]) => String(url));
    expect(urls).toEqual(expect.arrayContaining(['/api/concepts/history/printing%20press']));
    expect(urls).toHaveLength(3);
  });

  it('Cancel (or Escape) stops distilling and keeps the page usable', async () => {
    stubDistillApi({ distill: () => new Promise<Response>(() => undefined) });
    renderPage();
    await distill();
    await screen.findByRole('status');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('status')).toBeNull();
    expect(distillButton()).toBeEnabled();
  });

  it('says when the subject failed or gave nothing', async () => {
    let answer = json({ success: false, code: 'INTERNAL_ERROR', message: 'boom' }, 500);
    stubDistillApi({ distill: () => answer });
    renderPage();
    await distill();
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.distillFailed);

    answer = json({ concepts: [], template: 'default' });
    await userEvent.click(distillButton());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(ERROR_MESSAGES.distillEmpty),
    );

    const hint = 'No concepts of "xyzzy" are in the offline dictionary.';
    answer = json({ success: false, code: 'UNKNOWN_CONCEPT', message: hint }, 404);
    await userEvent.click(distillButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(hint));
    expect(screen.getByRole('alert')).toHaveTextContent(ERROR_MESSAGES.distillEmpty);
  });

  it('offers the upgrade when units are exhausted', async () => {
    stubDistillApi({
      distill: () =>
        json(
          { success: false, code: 'UNITS_EXHAUSTED', message: 'No subscription units available' },
          402,
        ),
    });
    renderPage();
    await distill();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_MESSAGES.unitsExhausted);
    await userEvent.click(within(alert).getByRole('button', { name: 'Upgrade Plan' }));
    expect(screen.getByRole('heading', { name: 'Pricing page' })).toBeInTheDocument();
  });

  it('opens a concept in the dashboard with it as the initial query', async () => {
    stubDistillApi();
    renderPage();
    await distill();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Open in dashboard: movable type' }),
    );
    expect(screen.getByRole('heading', { name: 'Dashboard for movable type' })).toBeVisible();
  });
});
