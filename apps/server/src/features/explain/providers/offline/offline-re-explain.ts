import type { ReExplainApproach } from '@grasp/contract';
import { type ExplanationSectionText, NeedsAiProviderError } from '../provider.ts';
import { type ExplainedConcept, gloss } from './concept.ts';
import { byFamiliarity, type Relative } from './family.ts';
import { cap, isA, listText, quote } from './phrases.ts';
import { isTopLevel } from './question-terms.ts';
import { mentions, plainText } from './section-text.ts';
import { DICTIONARY_LINE, fitShort, type Paragraph } from './short-answer.ts';

// Beginners climb fewer levels of the tree at once.
const MAX_STEPS = { beginner: 3, intermediate: 4, advanced: 5 } as const;

/** Plain names a reader can take in at once (no "Van der Waal's forces, 2nd kind"). */
const readable = (r: Relative) =>
  /^[\p{L}][\p{L} '-]*$/u.test(r.name) && r.name.split(' ').length <= 3;

/** Relatives the section did not name, so the retelling brings something new. */
function fresh(list: Relative[], section: string, max: number): Relative[] {
  return list.filter((r) => readable(r) && !mentions(section, r.name)).slice(0, max);
}

function analogy({ ctx, family }: ExplainedConcept, section: string): Paragraph[] {
  const { main } = ctx;
  const [parent] = family.parents;
  const siblings = fresh(byFamiliarity(family.siblings), section, 3);
  const [first] = siblings;
  if (!parent || !first) return [];
  const kind = isA(main);
  const paragraphs: Paragraph[] = [
    {
      text: `Think of ${main.lemma} as ${kind} ${parent.name}, like ${listText(siblings.map((s) => s.name))}: all of them are ${main.pos === 'verb' ? 'ways to' : 'kinds of'} ${parent.name}, and each adds its own twist.`,
    },
    { text: `The twist of ${main.lemma}: ${gloss(main.definition)}.` },
    { text: `Compare ${first.name}: ${gloss(first.definition)}.`, optional: true },
  ];
  const [child] = fresh(family.kinds, section, 1);
  if (child) {
    paragraphs.push({
      text: `The same pattern goes one level down: ${child.name} is ${kind} ${main.lemma}, as ${main.lemma} is ${kind} ${parent.name}.`,
      optional: true,
    });
  }
  return paragraphs;
}

function example({ ctx, family }: ExplainedConcept, section: string): Paragraph[] {
  const { main } = ctx;
  const paragraphs: Paragraph[] = [];
  const sentences = main.examples.filter((e) => !plainText(section).includes(plainText(e)));
  if (sentences.length) {
    const lines = sentences.slice(0, 3).map((e) => `- ${quote(e)}`);
    paragraphs.push({
      text: `Here is ${main.lemma} at work, in WordNet's own example sentences:\n\n${lines.join('\n')}`,
    });
  }
  const kinds = fresh(family.kinds, section, 3);
  const [kind] = kinds;
  if (kind) {
    paragraphs.push({
      text: `Concrete cases: ${listText(kinds.map((k) => k.name))} ${kinds.length === 1 ? 'is' : 'are each'} ${isA(main)} ${main.lemma}. Take ${kind.name}: ${gloss(kind.definition)}.`,
    });
  }
  const named = fresh(family.instances, section, 3);
  if (named.length) {
    paragraphs.push({
      text: `WordNet also names real cases: ${listText(named.map((n) => n.name))}.`,
    });
  }
  return paragraphs;
}

function steps({ ctx, family }: ExplainedConcept, section: string): Paragraph[] {
  const { main } = ctx;
  const max = MAX_STEPS[ctx.level];
  const parts = fresh([...family.parts, ...family.members, ...family.substances], section, max);
  if (parts.length >= 2) {
    const lines = parts.map((p, i) => `${i + 1}. **${p.name}**: ${gloss(p.definition)}`);
    return [
      { text: `Step by step, through the parts WordNet lists for ${main.lemma}:` },
      { text: lines.join('\n') },
    ];
  }
  // The is-a chain, general to specific, each level with the definition the explanation skipped.
  const byName = new Map(family.ancestors.map((a) => [a.name.toLowerCase(), a]));
  const levels = main.hypernyms
    .filter((h) => !isTopLevel(h))
    .slice(0, max - 1)
    .flatMap((h) => byName.get(h.toLowerCase()) ?? [])
    .reverse();
  if (levels.length === 0) return [];
  const lines = [...levels, family.self].map(
    (level, i) =>
      `${i + 1}. **${level === family.self ? main.lemma : level.name}**: ${gloss(level.definition)}`,
  );
  return [
    {
      text: `Step by step, from the general idea down to ${main.lemma}; each step narrows the one before:`,
    },
    { text: lines.join('\n') },
  ];
}

const APPROACHES: Record<ReExplainApproach, (c: ExplainedConcept, s: string) => Paragraph[]> = {
  analogy,
  example,
  steps,
};

/**
 * A section told again from the dictionary's other material (DESIGN.md §8): sibling concepts
 * for an analogy, example sentences and kinds for a worked example, the is-a chain or the parts
 * for steps. When the approach has nothing the section did not already say, an AI provider can.
 */
export function offlineReExplain(
  concept: ExplainedConcept,
  section: ExplanationSectionText,
  approach: ReExplainApproach,
): string[] {
  const body = APPROACHES[approach](concept, plainText(section.content));
  if (body.length === 0) {
    throw new NeedsAiProviderError(
      `The offline dictionary has nothing new to say about “${section.title}” this way; an AI provider can retell it.`,
    );
  }
  return fitShort([{ text: DICTIONARY_LINE }, ...body].map((p) => ({ ...p, text: cap(p.text) })));
}
