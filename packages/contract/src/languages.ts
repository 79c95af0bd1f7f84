/** Languages an explanation can be written in (DESIGN.md §9); English is the default. */
export const LANGUAGE_IDS = ['en', 'hi', 'bn', 'mr', 'ta', 'te'] as const;
export type LanguageId = (typeof LANGUAGE_IDS)[number];
export const DEFAULT_LANGUAGE: LanguageId = 'en';

/** Each language's name in its own script, as a reader looks for it. */
export const LANGUAGE_NAMES: Record<LanguageId, string> = {
  en: 'English',
  hi: 'हिन्दी',
  bn: 'বাংলা',
  mr: 'मराठी',
  ta: 'தமிழ்',
  te: 'తెలుగు',
};
