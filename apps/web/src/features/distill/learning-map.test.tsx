import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeResponse, resetStores, sseAnswer } from '../explain/testing/fixtures.ts';
import { DistillerPage } from './distiller-page.tsx';
import { callsTo, RESULT, resetDistillStore, stubDistillApi } from './testing/distill-fixtures.ts';

function renderPage() {
  return render(
    <MemoryRouter>
      <DistillerPage />
    </MemoryRouter>,
  );
}

async function distilled() {
  await userEvent.type(
    screen.getByRole('textbox', { name: 'Subject or statement' }),
    'history of the printing press',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Distill' }));
  await screen.findByRole('heading', { name: /^Concepts in/ });
}

const mapNode = async (name: string) =>
  (await screen.findAllByTestId('map-node')).find(
    (n) => n.querySelector('p')?.textContent === name,
  ) as HTMLElement;

/** jsdom has no IntersectionObserver: this one sees everything at once, as a tall screen would. */
class SeeingObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback(
      [{ isIntersecting: true, target } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
  disconnect() {}
}

describe('the learning map', () => {
  beforeEach(() => {
    resetStores('free');
    resetDistillStore();
    vi.stubGlobal('IntersectionObserver', SeeingObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads React Flow only once the map comes into sight', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    stubDistillApi();
    renderPage();
    await distilled();
    const map = screen.getByRole('region', { name: 'Learning map' });
    expect(within(map).getByText('Loading the map…')).toBeInTheDocument();
    expect(within(map).queryAllByTestId('map-node')).toHaveLength(0);
  });

  it('shows each concept as a node coloured, marked and named by status, with a legend', async () => {
    stubDistillApi();
    renderPage();
    await distilled();
    const map = screen.getByRole('region', { name: 'Learning map' });
    const nodes = await within(map).findAllByTestId('map-node');
    expect(nodes.map((n) => [n.querySelector('p')?.textContent, n.dataset.status])).toEqual([
      ['history', 'new'],
      ['printing press', 'explained'],
      ['movable type', 'known'],
    ]);
    expect((await mapNode('movable type')).textContent).toContain('★ Known');
    const legend = within(within(map).getByRole('list', { name: 'Legend' }));
    expect(legend.getAllByRole('listitem').map((i) => i.textContent)).toEqual([
      '○New',
      '✓Explained',
      '↻Recap due',
      '★Known',
    ]);
  });

  it('keeps the same facts in the list, for keyboards and screen readers', async () => {
    stubDistillApi();
    renderPage();
    await distilled();
    const press = screen
      .getByRole('heading', { name: 'printing press', level: 3 })
      .closest('article');
    expect(within(press as HTMLElement).getByTestId('concept-status')).toHaveTextContent(
      'Status: Explained',
    );
    expect(press).toHaveTextContent('Builds on movable type');
    expect(RESULT.prerequisites).toEqual([{ from: 'movable type', to: 'printing press' }]);
  });

  it('explains a concept on a click, and its node turns explained', async () => {
    let release: (r: Response) => void = () => undefined;
    const fetchMock = stubDistillApi({
      explain: () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderPage();
    await distilled();
    fireEvent.click(await mapNode('history'));
    await waitFor(() => expect(callsTo(fetchMock, '/api/ai/aiResponseGoogle')).toHaveLength(1));
    await waitFor(async () =>
      expect((await mapNode('history')).textContent).toContain('Explaining'),
    );
    release(sseAnswer(makeResponse({ query: 'history' } as never)));
    await waitFor(async () => expect((await mapNode('history')).dataset.status).toBe('explained'));
    expect(screen.getByRole('heading', { name: 'history', level: 2 })).toBeVisible();
    // A concept explained before opens its explanation instead of asking again.
    fireEvent.click(await mapNode('history'));
    expect(screen.getByRole('heading', { name: 'history', level: 2 })).toBeVisible();
    expect(callsTo(fetchMock, '/api/ai/aiResponseGoogle')).toHaveLength(1);
  });
});
