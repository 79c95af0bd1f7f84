import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActionBar } from './action-bar.tsx';

function renderBar(onToggleAudio = vi.fn(), onRegenerate = vi.fn()) {
  render(
    <ActionBar
      query="Gravity"
      narration="idle"
      onToggleAudio={onToggleAudio}
      onRegenerate={onRegenerate}
    />,
  );
  return { onToggleAudio, onRegenerate };
}

describe('ActionBar', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shares through the device share sheet when there is one', async () => {
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      renderBar();
      await userEvent.click(screen.getByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith({
        title: 'Grasp: Gravity',
        text: 'Learn about Gravity in just 2 minutes!',
        url: window.location.href,
      });
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('swallows a cancelled share', async () => {
    const share = vi.fn(async () => Promise.reject(new DOMException('no', 'AbortError')));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    try {
      renderBar();
      await userEvent.click(screen.getByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalled();
      expect(alert).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('falls back to the clipboard and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderBar();
    expect('share' in navigator).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect(alert).toHaveBeenCalledWith('Link copied to clipboard!');
  });

  it('runs audio and regenerate', async () => {
    const { onToggleAudio, onRegenerate } = renderBar();
    await userEvent.click(screen.getByRole('button', { name: 'Audio' }));
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(onToggleAudio).toHaveBeenCalledTimes(1);
    expect(onRegenerate).toHaveBeenCalledTimes(1);
  });
});
