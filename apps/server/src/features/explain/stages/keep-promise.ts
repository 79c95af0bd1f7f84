import { LANGUAGE_ENGLISH_NAMES, type LanguageId, wordRange } from '@grasp/contract';
import { withoutCitations } from '../../sources/index.ts';
import { checkTwoMinuteShape, countWords, stripFences } from '../answer.ts';

/** What the check made of an answer (DESIGN.md §7, §18). */
export type PromiseVerdict =
  | { outcome: 'pass'; markdown: string }
  | { outcome: 'mended'; markdown: string; mends: string[] }
  /** What cannot be mended without a model: the reason names it, for asking once more. */
  | { outcome: 'reask'; markdown: string; reason: string };

const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/;
const RANGE = /\(\s*\p{Nd}{1,4}\s*[-–—]\s*\p{Nd}{1,4}\s*[^)]*\)/u;
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/;
const MAX_RELATED = 3;

const SCRIPTS: Record<LanguageId, RegExp> = {
  en: /\p{Script=Latin}/gu,
  hi: /\p{Script=Devanagari}/gu,
  mr: /\p{Script=Devanagari}/gu,
  bn: /\p{Script=Bengali}/gu,
  ta: /\p{Script=Tamil}/gu,
  te: /\p{Script=Telugu}/gu,
};

/** The share of the prose's letters in the language's script (English terms kept aside). */
export function scriptShare(markdown: string, language: LanguageId): number {
  const prose = withoutCitations(stripFences(markdown));
  const letters = prose.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return 0;
  return (prose.match(SCRIPTS[language])?.length ?? 0) / letters;
}

interface Section {
  heading: string;
  lines: string[];
  timed: boolean;
  related: boolean;
}

function sectionsOf(markdown: string): { lead: string[]; sections: Section[] } {
  const lead: string[] = [];
  const sections: Section[] = [];
  for (const line of markdown.split('\n')) {
    const heading = HEADING.exec(line);
    if (heading) {
      const title = heading[2] ?? '';
      sections.push({
        heading: line,
        lines: [],
        timed: RANGE.test(title),
        related:
          !RANGE.test(title) &&
          /related|संबंधित|सम्बन्धित|সম্পর্কিত|தொடர்புடைய|సంబంధిత|further|learn more|see also/iu.test(
            title,
          ),
      });
      continue;
    }
    (sections.at(-1)?.lines ?? lead).push(line);
  }
  return { lead, sections };
}

const render = (lead: string[], sections: Section[]) =>
  [...lead, ...sections.flatMap((s) => [s.heading, ...s.lines])].join('\n').trim();

/** A section's prose cut at the sentence end where its share of the budget runs out. */
function cutTo(lines: string[], allowed: number): string[] {
  const text = lines.join('\n');
  const pieces = text.split(/((?<=[.!?।॥]["'”’)\]]*(?:\s*\[\d+\])*)\s+)/u);
  let kept = '';
  let words = 0;
  for (let i = 0; i < pieces.length; i += 2) {
    const sentence = pieces[i] ?? '';
    const count = countWords(sentence);
    if (words > 0 && words + count > allowed) break;
    kept += (i > 0 ? (pieces[i - 1] ?? ' ') : '') + sentence;
    words += count;
  }
  return kept.split('\n');
}

/** Cut at sentence ends so the whole fits the budget, each timed section by its share. */
function trimToBudget(lead: string[], sections: Section[], budget: number): Section[] {
  const total = countWords(render(lead, sections));
  const timed = sections.filter((s) => s.timed);
  const prose = timed.reduce((sum, s) => sum + countWords(s.lines.join('\n')), 0);
  const keep = Math.max(0, prose - (total - budget));
  return sections.map((s) =>
    s.timed ? { ...s, lines: cutTo(s.lines, (countWords(s.lines.join('\n')) / prose) * keep) } : s,
  );
}

/** Ranges rewritten from 0 to 120 s, each section's share by its words, in steps of 5 s. */
function retime(sections: Section[]): Section[] {
  const timed = sections.filter((s) => s.timed);
  const weights = timed.map((s) => Math.max(1, countWords(s.lines.join('\n'))));
  const total = weights.reduce((a, b) => a + b, 0);
  let start = 0;
  let seen = 0;
  let i = 0;
  return sections.map((s) => {
    if (!s.timed) return s;
    seen += weights[i] ?? 0;
    i += 1;
    const end =
      i === timed.length ? 120 : Math.max(start + 5, Math.round(((seen / total) * 120) / 5) * 5);
    const heading = s.heading.replace(RANGE, `(${start}-${end} seconds)`);
    start = end;
    return { ...s, heading };
  });
}

/** The related list cut to its first three items. */
function capRelated(sections: Section[]): Section[] {
  return sections.map((s) => {
    if (!s.related) return s;
    let items = 0;
    return { ...s, lines: s.lines.filter((l) => !LIST_ITEM.test(l) || ++items <= MAX_RELATED) };
  });
}

/**
 * Checks an answer against the two-minute promise of DESIGN.md §7 and mends what needs no
 * model: too long (cut at sentence ends), ranges that do not end near 120 s (retimed), more than
 * three related concepts (capped). Too short, too few sections, another language or no related
 * concepts cannot be mended: the verdict names what was wrong, to ask once more.
 */
export function keepPromise(markdown: string, language: LanguageId): PromiseVerdict {
  const shape = checkTwoMinuteShape(markdown, language);
  const name = LANGUAGE_ENGLISH_NAMES[language];
  if (scriptShare(markdown, language) < 0.5) {
    return { outcome: 'reask', markdown, reason: `it was not written in ${name}` };
  }
  if (shape.timedSections < 4) {
    return {
      outcome: 'reask',
      markdown,
      reason: `it had ${shape.timedSections} timed sections where at least 4 are needed`,
    };
  }
  if (shape.words < shape.range.min) {
    return {
      outcome: 'reask',
      markdown,
      reason: `it was ${shape.words} words long where at least ${shape.range.min} are needed`,
    };
  }
  const parsed = sectionsOf(markdown);
  const { lead } = parsed;
  let { sections } = parsed;
  const related = sections.find((s) => s.related);
  const relatedItems = related?.lines.filter((l) => LIST_ITEM.test(l)).length ?? 0;
  if (relatedItems === 0) {
    return { outcome: 'reask', markdown, reason: 'it named no related concepts' };
  }
  const mends: string[] = [];
  if (relatedItems > MAX_RELATED) {
    sections = capRelated(sections);
    mends.push('related capped');
  }
  const { max } = wordRange(language);
  if (countWords(render(lead, sections)) > max) {
    sections = trimToBudget(lead, sections, max - 5);
    mends.push('cut to the budget');
  }
  if (!checkTwoMinuteShape(render(lead, sections), language).endsNear120) {
    sections = retime(sections);
    mends.push('retimed');
  }
  if (mends.length > 0) return { outcome: 'mended', markdown: render(lead, sections), mends };
  return { outcome: 'pass', markdown };
}
