import {
  DEFAULT_SETTINGS,
  type Difficulty,
  type LanguageId,
  type Settings,
  type TemplateId,
} from '@grasp/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

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
