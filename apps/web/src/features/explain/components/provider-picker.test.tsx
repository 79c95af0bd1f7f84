import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettings } from '../../settings/settings-store.ts';
import { resetStores, stubApi } from '../testing/fixtures.ts';
import { ProviderPicker } from './provider-picker.tsx';

describe('ProviderPicker', () => {
  beforeEach(() => resetStores());
  afterEach(() => vi.unstubAllGlobals());

  it('disables unavailable providers and falls back to the server default', async () => {
    stubApi(() => new Response(null, { status: 500 }));
    render(<ProviderPicker />);
    const select = await screen.findByRole('combobox', { name: 'AI provider' });
    // The saved remote-google is not configured on this server.
    expect(select).toHaveValue('offline');
    expect(screen.getByRole('option', { name: 'Google Gemini (not configured)' })).toBeDisabled();
    await userEvent.selectOptions(select, 'remote-openai');
    expect(useSettings.getState().aiProvider).toBe('remote-openai');
    expect(select).toHaveValue('remote-openai');
  });

  it('hides itself when the list cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503 })),
    );
    const { container } = render(<ProviderPicker />);
    await vi.waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
