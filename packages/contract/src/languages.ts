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

/** Each language's name in English: for prompts, messages and readers of the other scripts. */
export const LANGUAGE_ENGLISH_NAMES: Record<LanguageId, string> = {
  en: 'English',
  hi: 'Hindi',
  bn: 'Bengali',
  mr: 'Marathi',
  ta: 'Tamil',
  te: 'Telugu',
};

/**
 * Silent reading speed of non-fiction, in words of that language a minute: the two-minute rule
 * (DESIGN.md §7) counts an answer's words against it.
 * - en 238: Brysbaert (2019), "How many words do we read per minute?", J. Memory and Language
 *   109, a meta-analysis of 190 studies. Measured.
 * - The others are estimates. No study of silent reading rates in these languages was found;
 *   Brysbaert (ibid.) and the International Reading Speed Texts (Trauzettel-Klosinski & Dietz
 *   2012, IOVS 53(9), 17 languages: texts a minute vary least) show that a reader takes about
 *   as long for the same content in any language, so rate = 238 × the words a language uses
 *   for what English says in one.
 * - hi 255: × 1.07, the mean of 1.11 ("The North Wind and the Sun", 125 Hindi words for 113
 *   English ones, Ohala 1999, Handbook of the IPA) and 1.03 (HindEnCorp, Bojar et al. 2014:
 *   3.9 M Hindi tokens for 3.8 M English ones).
 * - ta 135 and te 126: × 0.57 and × 0.53, the same fable in the UCLA Phonetics Lab Archive
 *   (64 Tamil and 60 Telugu words): one short text, so ±15% or more.
 * - bn 202 and mr 190: × 0.85 and × 0.80, our guess from their grammar (case endings written
 *   onto the word, as in Tamil, but less than it); no measured ratio was found.
 */
export const READING_WPM: Record<LanguageId, number> = {
  en: 238,
  hi: 255,
  bn: 202,
  mr: 190,
  ta: 135,
  te: 126,
};

/** The two-minute promise in English words (DESIGN.md §7): at least 150, at most 475. */
export const ENGLISH_WORD_RANGE = { min: 150, max: 475 } as const;

/** The same reading time as the English range, in words of that language. */
export function wordRange(language: LanguageId): { min: number; max: number } {
  const ratio = READING_WPM[language] / READING_WPM.en;
  return {
    min: Math.round(ENGLISH_WORD_RANGE.min * ratio),
    max: Math.round(ENGLISH_WORD_RANGE.max * ratio),
  };
}
