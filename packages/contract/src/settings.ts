import type { LanguageId } from './languages.ts';
import type { Difficulty } from './providers.ts';
import type { TemplateId } from './templates.ts';

/** Persisted user settings with the defaults of SPEC.md §3. */
export interface Settings {
  darkMode: boolean;
  difficulty: Difficulty;
  aiProvider: string;
  promptTemplate: TemplateId;
  /** Language of the explanations asked for (DESIGN.md §9). */
  language: LanguageId;
}

export const DEFAULT_SETTINGS: Settings = {
  darkMode: false,
  difficulty: 'beginner',
  aiProvider: 'remote-google',
  // DEFAULT_TEMPLATE and DEFAULT_LANGUAGE, written out: the landing page's first chunk loads
  // these settings, and importing either would bring its whole module (every template's names
  // and descriptions, every language) into that chunk.
  promptTemplate: 'default',
  language: 'en',
};
