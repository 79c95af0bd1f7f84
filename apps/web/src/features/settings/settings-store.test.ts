import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptShownTheme, SETTINGS_STORAGE_KEY, useSettings } from './settings-store.ts';

const saved = () => JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}');

describe('the theme setting', () => {
  beforeEach(() => {
    useSettings.setState({ darkMode: false });
    document.documentElement.classList.remove('dark');
    localStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('is taken over as the page shows it, whatever the store read earlier', () => {
    // The public page's script switched the theme after the app's code had read the settings.
    document.documentElement.classList.add('dark');
    adoptShownTheme();
    expect(useSettings.getState().darkMode).toBe(true);

    document.documentElement.classList.remove('dark');
    adoptShownTheme();
    expect(useSettings.getState().darkMode).toBe(false);
  });

  it('writes nothing when the page shows what the store holds (the system theme stays followed)', () => {
    adoptShownTheme();
    expect(localStorage.getItem(SETTINGS_STORAGE_KEY)).toBeNull();
  });

  it('holds for this visit when the browser refuses to save it', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('refused', 'QuotaExceededError');
    });
    expect(() => useSettings.getState().toggleDarkMode()).not.toThrow();
    expect(useSettings.getState().darkMode).toBe(true);
    expect(saved()).toEqual({});
  });
});
