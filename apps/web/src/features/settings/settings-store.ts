import {
  DEFAULT_SETTINGS,
  type Difficulty,
  type LanguageId,
  type Settings,
  type TemplateId,
} from '@grasp/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const SETTINGS_STORAGE_KEY = 'grasp-settings';

interface SettingsState extends Settings {
  toggleDarkMode: () => void;
  setDifficulty: (difficulty: Difficulty) => void;
  setAiProvider: (provider: string) => void;
  setPromptTemplate: (template: TemplateId) => void;
  setLanguage: (language: LanguageId) => void;
}

function prefersDark(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches
  );
}

/**
 * localStorage, where a refused write (private browsing, a full quota) leaves the setting for
 * this visit only, as the public pages' script does (public-page.js), instead of throwing.
 */
const refusableStorage = {
  getItem: (name: string) => localStorage.getItem(name),
  setItem: (name: string, value: string) => {
    try {
      localStorage.setItem(name, value);
    } catch {
      // Kept for this visit.
    }
  },
  removeItem: (name: string) => localStorage.removeItem(name),
};

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      // The prerendered pages' (light) theme; the system preference comes in with `merge`.
      darkMode: DEFAULT_SETTINGS.darkMode,
      toggleDarkMode: () => set((s) => ({ darkMode: !s.darkMode })),
      setDifficulty: (difficulty) => set({ difficulty }),
      setAiProvider: (aiProvider) => set({ aiProvider }),
      setPromptTemplate: (promptTemplate) => set({ promptTemplate }),
      setLanguage: (language) => set({ language }),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      storage: createJSONStorage(() => refusableStorage),
      /**
       * Saved settings, else the system's theme, arrive after the initial state: that one stays
       * what prerendered pages were rendered with, and React hydrates them with it (zustand hands
       * it over as the server snapshot) before it re-renders with these.
       */
      // A saved language this build no longer offers is asked as English (language-access.ts).
      merge: (saved, current) => ({
        ...current,
        darkMode: prefersDark(),
        ...(saved as Partial<Settings> | undefined),
      }),
      partialize: ({ darkMode, difficulty, aiProvider, promptTemplate, language }) => ({
        darkMode,
        difficulty,
        aiProvider,
        promptTemplate,
        language,
      }),
    },
  ),
);

/** Keeps the <html> class in step with the store; the pre-paint script did the first frame. */
export function applyTheme(darkMode: boolean): void {
  const root = document.documentElement;
  root.classList.toggle('dark', darkMode);
  root.style.colorScheme = darkMode ? 'dark' : 'light';
}

/**
 * The app takes the theme over as the page shows it: until now the page's own scripts owned the
 * <html> class (before-paint.js, and public-page.js, which may have switched it since the saved
 * settings were read). Called once, as the app starts, before React renders.
 */
export function adoptShownTheme(): void {
  const shown = document.documentElement.classList.contains('dark');
  if (useSettings.getState().darkMode !== shown) useSettings.setState({ darkMode: shown });
}
