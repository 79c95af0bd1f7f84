/**
 * Two-minute shape per language (DESIGN.md §7, §9): fake answers in each language, written as a
 * model answers (sections in the language, English terms in brackets, glossary, questions and
 * graph blocks), at lengths inside and past the range that reads in two minutes at that
 * language's speed (READING_WPM). Goal: every fake of the right length fits, every over-long one
 * is flagged. Prints figures only. Run from the repo root: npm run bench:languages
 */
import {
  LANGUAGE_ENGLISH_NAMES,
  LANGUAGE_IDS,
  type LanguageId,
  READING_WPM,
  wordRange,
} from '@grasp/contract';
import { checkTwoMinuteShape } from '../apps/server/src/features/explain/answer.ts';
import { fakeAnswer } from '../apps/server/src/test/fake-answers.ts';
import { print } from './lib.ts';

const QUERIES: Record<LanguageId, string[]> = {
  en: ['Photosynthesis', 'Gravity', 'Inflation'],
  hi: ['प्रकाश संश्लेषण', 'गुरुत्वाकर्षण', 'मुद्रास्फीति'],
  bn: ['সালোকসংশ্লেষণ', 'মাধ্যাকর্ষণ', 'মুদ্রাস্ফীতি'],
  mr: ['प्रकाशसंश्लेषण', 'गुरुत्वाकर्षण', 'चलनवाढ'],
  ta: ['ஒளிச்சேர்க்கை', 'ஈர்ப்பு விசை', 'பணவீக்கம்'],
  te: ['కిరణజన్య సంయోగక్రియ', 'గురుత్వాకర్షణ', 'ద్రవ్యోల్బణం'],
};

/** Lengths as fractions of the range: inside it (min to max), past it, and short of it. */
const RIGHT = [0, 0.25, 0.5, 0.75, 1];
const OVER = [1.01, 1.1, 1.25, 1.5, 2];
const SHORT = [0.5, 0.9];

interface Row {
  language: LanguageId;
  fits: number;
  right: number;
  flagged: number;
  over: number;
  shortFlagged: number;
  short: number;
  /** Right-length answers the English rule (150–475 words) would have judged wrongly. */
  englishWrong: number;
  /** Over-long answers the English rule would have let through. */
  englishMissed: number;
}

const rows: Row[] = [];
for (const language of LANGUAGE_IDS) {
  const { min, max } = wordRange(language);
  const row: Row = {
    language,
    fits: 0,
    right: 0,
    flagged: 0,
    over: 0,
    shortFlagged: 0,
    short: 0,
    englishWrong: 0,
    englishMissed: 0,
  };
  for (const query of QUERIES[language]) {
    const check = (words: number) => {
      const text = fakeAnswer(language, { query, words });
      const shape = checkTwoMinuteShape(text, language);
      if (shape.words !== words)
        throw new Error(`${language}: asked ${words} words, got ${shape.words}`);
      return { shape, english: checkTwoMinuteShape(text, 'en') };
    };
    for (const at of RIGHT) {
      const { shape, english } = check(Math.round(min + at * (max - min)));
      row.right += 1;
      if (shape.fits) row.fits += 1;
      if (english.fits !== shape.fits) row.englishWrong += 1;
    }
    for (const factor of OVER) {
      const { shape, english } = check(Math.max(max + 1, Math.round(max * factor)));
      row.over += 1;
      if (!shape.fits) row.flagged += 1;
      if (english.fits) row.englishMissed += 1;
    }
    for (const factor of SHORT) {
      const { shape } = check(Math.min(min - 1, Math.round(min * factor)));
      row.short += 1;
      if (!shape.fits) row.shortFlagged += 1;
    }
  }
  rows.push(row);
}

print('two-minute shape per language: fake answers, 3 concepts each');
print(
  `${'language'.padEnd(10)}${'wpm'.padStart(5)}${'words'.padStart(11)}${'right length fits'.padStart(19)}${'over-long flagged'.padStart(19)}${'too short flagged'.padStart(19)}${'English rule: wrong / let through'.padStart(35)}`,
);
for (const row of rows) {
  const { min, max } = wordRange(row.language);
  print(
    `${LANGUAGE_ENGLISH_NAMES[row.language].padEnd(10)}${String(READING_WPM[row.language]).padStart(5)}${`${min}–${max}`.padStart(11)}${`${row.fits}/${row.right}`.padStart(19)}${`${row.flagged}/${row.over}`.padStart(19)}${`${row.shortFlagged}/${row.short}`.padStart(19)}${`${row.englishWrong}/${row.right} / ${row.englishMissed}/${row.over}`.padStart(35)}`,
  );
}
const met = rows.every((r) => r.fits === r.right && r.flagged === r.over);
print(
  met ? 'goal met: every right-length fake fits, every over-long one is flagged' : 'GOAL NOT MET',
);
if (!met) process.exitCode = 1;
