import type { Share } from '@grasp/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, stubApi } from '../../../testing/api-fixtures.ts';
import { RecentConcepts } from '../../explain/components/recent-concepts.tsx';
import { useShares } from '../stores/share-store.ts';
import { RevokeShareButton } from './revoke-share-button.tsx';

const GRAVITY: Share = {
  shareId: 'AbCdEfGhIjKlMnOpQrStUv',
  url: 'https://grasp.example/s/AbCdEfGhIjKlMnOpQrStUv',
  explanationId: 'e1',
  query: 'Gravity',
  visibility: 'unlisted',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const items = [
  { id: '2', query: 'gravity', timestamp: 2 },
  { id: '1', query: 'Osmosis', timestamp: 1 },
];

function renderList(onSearch = vi.fn()) {
  render(
    <RecentConcepts
      items={items}
      onSearch={onSearch}
      itemAction={(item) => <RevokeShareButton query={item.query} />}
    />,
  );
  return onSearch;
}

describe('Stop sharing in the recent list', () => {
  beforeEach(() => useShares.getState().clear());
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('appears beside a shared concept only, and revokes its link after a confirmation', async () => {
    const api = stubApi({
      'GET /api/share': () => json({ shares: [GRAVITY] }),
      [`DELETE /api/share/${GRAVITY.shareId}`]: () => json({ success: true }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const onSearch = renderList();
    const stop = await screen.findByRole('button', { name: 'Stop sharing gravity' });
    expect(screen.queryByRole('button', { name: 'Stop sharing Osmosis' })).not.toBeInTheDocument();

    await userEvent.click(stop);
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/^Stop sharing "gravity"\?/));
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Stop sharing gravity' }),
      ).not.toBeInTheDocument(),
    );
    expect(callsTo(api, `/api/share/${GRAVITY.shareId}`)).toEqual([
      { url: `/api/share/${GRAVITY.shareId}`, method: 'DELETE', body: undefined },
    ]);
    expect(onSearch).not.toHaveBeenCalled();
    // The control is gone: focus stays on its concept, not on the page's body.
    expect(screen.getByRole('button', { name: /gravity/i })).toHaveFocus();
  });

  it('leaves the link alone when the user does not confirm', async () => {
    const api = stubApi({ 'GET /api/share': () => json({ shares: [GRAVITY] }) });
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Stop sharing gravity' }));
    expect(screen.getByRole('button', { name: 'Stop sharing gravity' })).toBeInTheDocument();
    expect(api.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);
  });

  it('says so when the link could not be revoked, and keeps the control', async () => {
    stubApi({
      'GET /api/share': () => json({ shares: [GRAVITY] }),
      [`DELETE /api/share/${GRAVITY.shareId}`]: () =>
        json({ success: false, code: 'INTERNAL_ERROR', message: 'boom' }, 500),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Stop sharing gravity' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not stop sharing. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Stop sharing gravity' })).toBeEnabled();
  });

  it('is reachable by keyboard after the concept it belongs to', async () => {
    stubApi({ 'GET /api/share': () => json({ shares: [GRAVITY] }) });
    renderList();
    await screen.findByRole('button', { name: 'Stop sharing gravity' });
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: /^gravity/ })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Stop sharing gravity' })).toHaveFocus();
  });
});
