import type { LanguageId } from '@grasp/contract';
import { useEffect } from 'react';

/**
 * Self-hosted Noto for the Indian scripts (DESIGN.md §9), from the @fontsource-variable packages:
 * our build emits the files, no CDN is asked. index.css puts the systems' own fonts for these
 * scripts first (Windows, macOS, iOS, Android and most Linux desktops have one); the Noto
 * @font-face rules are imported only when a language is shown and the system cannot draw its
 * script, which the width of a few letters tells: a system without a font draws each as the
 * same empty box.
 */
type Script = 'devanagari' | 'bengali' | 'tamil' | 'telugu';

const SCRIPT_OF: Record<Exclude<LanguageId, 'en'>, Script> = {
  hi: 'devanagari',
  mr: 'devanagari',
  bn: 'bengali',
  ta: 'tamil',
  te: 'telugu',
};

const FONTS: Record<Script, { family: string; letters: string; load: () => Promise<unknown> }> = {
  devanagari: {
    family: 'Noto Sans Devanagari Variable',
    letters: 'कखगमह',
    load: () => import('@fontsource-variable/noto-sans-devanagari/wght.css'),
  },
  bengali: {
    family: 'Noto Sans Bengali Variable',
    letters: 'কখগমহ',
    load: () => import('@fontsource-variable/noto-sans-bengali/wght.css'),
  },
  tamil: {
    family: 'Noto Sans Tamil Variable',
    letters: 'கஙசஞம',
    load: () => import('@fontsource-variable/noto-sans-tamil/wght.css'),
  },
  telugu: {
    family: 'Noto Sans Telugu Variable',
    letters: 'కఖగమహ',
    load: () => import('@fontsource-variable/noto-sans-telugu/wght.css'),
  },
};

/** True when the page's fonts, without our Noto, draw the script's letters as real glyphs. */
function systemDraws(script: Script): boolean {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return true;
  const stack = getComputedStyle(document.body)
    .fontFamily.split(',')
    .filter((family) => !family.includes('Variable'))
    .join(',');
  context.font = `16px ${stack}`;
  const widths = new Set(
    [...FONTS[script].letters].map((letter) => context.measureText(letter).width.toFixed(2)),
  );
  return widths.size > 1;
}

let refreshes = 0;
/**
 * Chromium picks a text's fonts when it first lays it out and keeps them when @font-face rules
 * arrive later, so text already on the page (the language names, a query typed in the search
 * box) went on drawing boxes. A change of an inherited spacing makes it pick again; a
 * thousandth of a pixel between words shows nowhere.
 */
function refreshFonts(): void {
  refreshes += 1;
  document.documentElement.style.wordSpacing = `${(refreshes % 2) + 1}e-3px`;
}

const asked = new Set<Script>();

/** Loads Noto for the language's script when the system has no font for it; once per script. */
export function ensureScriptFont(language: LanguageId): void {
  if (language === 'en' || typeof document.fonts?.load !== 'function') return;
  const script = SCRIPT_OF[language];
  if (asked.has(script)) return;
  asked.add(script);
  if (systemDraws(script)) return;
  const { family, letters, load } = FONTS[script];
  load()
    .then(() => document.fonts.load(`16px "${family}"`, letters))
    .then(refreshFonts)
    .catch(() => {
      // The text stays in boxes for now; the next view of the language tries again.
      asked.delete(script);
    });
}

/** Makes sure the languages a component shows can be drawn, when it shows them. */
export function useScriptFonts(languages: readonly LanguageId[]): void {
  const key = languages.join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the list
  useEffect(() => {
    for (const language of languages) ensureScriptFont(language);
  }, [key]);
}
