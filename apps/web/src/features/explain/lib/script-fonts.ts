import type { LanguageId } from '@grasp/contract';
import { useEffect } from 'react';

/**
 * Self-hosted Noto for the Indian scripts (DESIGN.md §9), from the @fontsource-variable packages:
 * our build emits the files, no CDN is asked. Only the @font-face rules load here, with the
 * language; index.css puts the systems' own fonts for these scripts first, so a browser
 * downloads a Noto file only where it has no other font for the script and would draw boxes.
 */
const FONT_FACES: Record<Exclude<LanguageId, 'en'>, () => Promise<unknown>> = {
  hi: () => import('@fontsource-variable/noto-sans-devanagari/wght.css'),
  mr: () => import('@fontsource-variable/noto-sans-devanagari/wght.css'),
  bn: () => import('@fontsource-variable/noto-sans-bengali/wght.css'),
  ta: () => import('@fontsource-variable/noto-sans-tamil/wght.css'),
  te: () => import('@fontsource-variable/noto-sans-telugu/wght.css'),
};

const loading = new Map<LanguageId, Promise<void>>();

/** Adds the script's @font-face rules once; English needs none. */
export function loadScriptFont(language: LanguageId): Promise<void> {
  if (language === 'en') return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = FONT_FACES[language]().then(
      () => undefined,
      // Without them the system's fonts still serve; a later view tries again.
      () => {
        loading.delete(language);
      },
    );
    loading.set(language, pending);
  }
  return pending;
}

/** Loads the fonts of the languages a component shows, when it shows them. */
export function useScriptFonts(languages: readonly LanguageId[]): void {
  const key = languages.join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the list
  useEffect(() => {
    for (const language of languages) void loadScriptFont(language);
  }, [key]);
}
