import { LANGUAGE_IDS, LANGUAGE_NAMES } from '@grasp/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_STORAGE_KEY, useSettings } from '../../settings/settings-store.ts';
import { PROVIDERS, resetStores, stubApi } from '../testing/fixtures.ts';
import { LanguagePicker } from './language-picker.tsx';

const radio = (name: RegExp | string) => screen.getByRole('radio', { name });

describe('LanguagePicker', () => {
  beforeEach(() => resetStores());
  afterEach(() => vi.unstubAllGlobals());

  it('offers the six languages, each named in its own script, and remembers the choice', async () => {
    stubApi(() => new Response(null, { status: 500 }));
    useSettings.setState({ aiProvider: 'remote-openai' });
    render(<LanguagePicker />);
    await screen.findByText('हिन्दी');
    for (const id of LANGUAGE_IDS) {
      expect(screen.getByText(LANGUAGE_NAMES[id])).toHaveAttribute('lang', id);
    }
    expect(radio('English')).toBeChecked();
    await userEvent.click(radio(/Tamil/));
    expect(useSettings.getState().language).toBe('ta');
    expect(radio(/Tamil/)).toBeChecked();
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}').state.language).toBe(
      'ta',
    );
  });

  it('with the offline dictionary, shows the others as needing an AI provider', async () => {
    stubApi(() => new Response(null, { status: 500 }));
    useSettings.setState({ aiProvider: 'offline', language: 'hi' });
    render(<LanguagePicker />);
    const note = await screen.findByText(/need an AI provider/);
    expect(note).toHaveTextContent(
      'Other languages need an AI provider: the offline dictionary explains in English only. Choose OpenAI GPT under AI provider to explain in them.',
    );
    expect(screen.getByRole('group', { name: 'Language' })).toHaveAccessibleDescription(
      note.textContent ?? '',
    );
    for (const name of [/Hindi/, /Bengali/, /Marathi/, /Tamil/, /Telugu/]) {
      expect(radio(name)).toBeDisabled();
    }
    // Hindi stays the saved choice for when a provider that writes it is chosen.
    expect(radio('English')).toBeChecked();
    expect(useSettings.getState().language).toBe('hi');
    useSettings.setState({ aiProvider: 'remote-openai' });
    expect(await screen.findByRole('radio', { name: /Hindi/, checked: true })).toBeEnabled();
    expect(screen.queryByText(/need an AI provider/)).toBeNull();
  });

  it('says so when no AI provider is configured at all', async () => {
    stubApi(() => new Response(null, { status: 500 }), {
      providers: PROVIDERS.providers.filter((p) => p.id === 'offline'),
      default: 'offline',
    });
    render(<LanguagePicker />);
    expect(await screen.findByText(/No AI provider is configured/)).toBeInTheDocument();
  });
});
