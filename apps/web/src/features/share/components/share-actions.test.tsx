import { SHARE_VISIBILITY_HINTS, type Share } from '@grasp/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, stubApi } from '../../../testing/api-fixtures.ts';
import { useShares } from '../stores/share-store.ts';
import { ShareActions } from './share-actions.tsx';

const LINK: Share = {
  shareId: 'AbCdEfGhIjKlMnOpQrStUv',
  url: 'https://grasp.example/s/AbCdEfGhIjKlMnOpQrStUv',
  explanationId: 'e1',
  query: 'Gravity',
  visibility: 'unlisted',
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderBar() {
  render(<ShareActions query="Gravity" explanationId="e1" />);
}

const shareButton = () => screen.getByRole('button', { name: 'Share' });

describe('ShareActions', () => {
  beforeEach(() => useShares.getState().clear());
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('makes the public link, then shares it through the device share sheet', async () => {
    const api = stubApi({ 'POST /api/share': () => json(LINK) });
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      renderBar();
      await userEvent.click(shareButton());
      expect(callsTo(api, '/api/share')).toEqual([
        { url: '/api/share', method: 'POST', body: { explanationId: 'e1' } },
      ]);
      expect(share).toHaveBeenCalledWith({
        title: 'Grasp: Gravity',
        text: 'Learn about Gravity in just 2 minutes!',
        url: LINK.url,
      });
      // The same link again, without asking the server twice.
      await userEvent.click(shareButton());
      expect(share).toHaveBeenCalledTimes(2);
      expect(callsTo(api, '/api/share')).toHaveLength(1);
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('lets the owner choose unlisted or public, saying the difference, and keeps the choice', async () => {
    const api = stubApi({
      'POST /api/share': (_url, init) =>
        json({ ...LINK, ...(JSON.parse(String(init.body)) as Partial<Share>) }),
    });
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      renderBar();
      const choice = screen.getByRole('combobox', { name: 'Who can find the link' });
      expect(choice).toHaveValue('unlisted');
      expect(screen.getByText(SHARE_VISIBILITY_HINTS.unlisted)).toBeVisible();
      await userEvent.selectOptions(choice, 'public');
      expect(screen.getByText(SHARE_VISIBILITY_HINTS.public)).toBeVisible();
      await userEvent.click(shareButton());
      expect(callsTo(api, '/api/share')).toEqual([
        { url: '/api/share', method: 'POST', body: { explanationId: 'e1', visibility: 'public' } },
      ]);
      // Changing it back changes the link itself, at once.
      await userEvent.selectOptions(choice, 'unlisted');
      expect(callsTo(api, '/api/share')[1]?.body).toEqual({
        explanationId: 'e1',
        visibility: 'unlisted',
      });
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('swallows a cancelled share', async () => {
    stubApi({ 'POST /api/share': () => json(LINK) });
    const share = vi.fn(async () => Promise.reject(new DOMException('no', 'AbortError')));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    try {
      renderBar();
      await userEvent.click(shareButton());
      expect(share).toHaveBeenCalled();
      expect(alert).not.toHaveBeenCalled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('falls back to the clipboard and says so', async () => {
    stubApi({ 'POST /api/share': () => json(LINK) });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderBar();
    expect('share' in navigator).toBe(false);
    await user.click(shareButton());
    expect(writeText).toHaveBeenCalledWith(LINK.url);
    expect(alert).toHaveBeenCalledWith('Link copied to clipboard!');
  });

  it('shows the link to copy by hand when the clipboard refuses', async () => {
    stubApi({ 'POST /api/share': () => json(LINK) });
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderBar();
    await user.click(shareButton());
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Copy this link to share it: ${LINK.url}`,
    );
  });

  it('says so when the link cannot be made, and lets the user try again', async () => {
    let fail = true;
    stubApi({
      'POST /api/share': () =>
        fail ? json({ success: false, code: 'INTERNAL_ERROR', message: 'boom' }, 500) : json(LINK),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderBar();
    await user.click(shareButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not create a share link. Please try again.',
    );
    expect(writeText).not.toHaveBeenCalled();
    fail = false;
    await user.click(shareButton());
    expect(writeText).toHaveBeenCalledWith(LINK.url);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('downloads the explanation as Markdown under the server’s file name', async () => {
    stubApi({
      'GET /api/ai/explanations/e1/export': () =>
        new Response('# Gravity\n', {
          headers: {
            'Content-Type': 'text/markdown; charset=utf-8',
            'Content-Disposition': 'attachment; filename="gravity.md"',
          },
        }),
    });
    const created = vi.fn((_blob: Blob) => 'blob:markdown');
    // jsdom has no object URLs; the later revoke finds this stand-in too.
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    renderBar();
    await userEvent.click(screen.getByRole('button', { name: 'Download Markdown' }));
    expect(clicks).toHaveLength(1);
    expect(clicks[0]?.download).toBe('gravity.md');
    expect(clicks[0]?.href).toBe('blob:markdown');
    expect(await created.mock.calls[0]?.[0].text()).toBe('# Gravity\n');
  });

  it('says so when the download fails', async () => {
    stubApi({
      'GET /api/ai/explanations/e1/export': () =>
        json(
          { success: false, code: 'NOT_FOUND', message: 'This explanation was not found.' },
          404,
        ),
    });
    renderBar();
    await userEvent.click(screen.getByRole('button', { name: 'Download Markdown' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not download the Markdown file. Please try again. (This explanation was not found.)',
    );
  });
});
