import { DISTILLER_LOADING_ROTATION_MS } from '@grasp/contract';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISTILLING_MESSAGES, DistillingOverlay } from './distilling-overlay.tsx';

describe('DistillingOverlay', () => {
  afterEach(() => vi.useRealTimers());

  it('changes its message every 3 seconds, in a random order without repeats', () => {
    vi.useFakeTimers();
    render(<DistillingOverlay subject="tides" onCancel={() => undefined} />);
    const status = screen.getByRole('status');
    const seen: string[] = [];
    const current = () =>
      DISTILLING_MESSAGES.find((m) => status.textContent?.includes(m)) ?? 'none';
    for (let i = 0; i < DISTILLING_MESSAGES.length; i += 1) {
      seen.push(current());
      act(() => vi.advanceTimersByTime(DISTILLER_LOADING_ROTATION_MS - 1));
      expect(current()).toBe(seen.at(-1));
      act(() => vi.advanceTimersByTime(1));
    }
    expect(new Set(seen).size).toBe(DISTILLING_MESSAGES.length);
    expect(current()).toBe(seen[0]);
  });

  it('cancels on Escape', () => {
    const onCancel = vi.fn();
    render(<DistillingOverlay subject="tides" onCancel={onCancel} />);
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
