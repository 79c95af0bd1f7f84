import { relationTerms } from './blocks.ts';
import type { ExplainContext } from './context.ts';
import type { Part } from './layout.ts';
import { cap, isA, listText, others, quote, shortDefinition } from './phrases.ts';
import type { Sense } from './wordnet.ts';

/** Closing blocks: the checklist, how a phrase's terms connect, and follow-up concepts. */

export function takeawayParts(ctx: ExplainContext): Part[] {
  const { main, level } = ctx;
  const items = [`- **What it is:** ${shortDefinition(main)}`];
  const [parent] = main.hypernyms;
  if (parent) items.push(`- **Family:** ${isA(main)} ${parent}`);
  const kinds = others(main.kinds, main.lemma, 2);
  if (kinds.length) items.push(`- **Examples of kinds:** ${listText(kinds)}`);
  for (const extra of ctx.extras) {
    items.push(`- **${cap(extra.lemma)}:** ${shortDefinition(extra)}`);
  }
  const [other] = ctx.alternatives;
  if (other && level !== 'beginner') {
    items.push(`- **Watch out:** it can also mean ${shortDefinition(other)}`);
  }
  const family = relationTerms(main, ['derivation'], 3);
  if (family.length && level === 'advanced') items.push(`- **Word family:** ${family.join(', ')}`);
  if (level === 'beginner') {
    items.push(
      `- **Check yourself:** can you say what ${quote(main.lemma)} means in your own words?`,
    );
  }
  return [{ text: items.join('\n') }];
}

/** For phrases: where the main terms meet in WordNet's tree, if they do. */
export function linkParts(ctx: ExplainContext): Part[] {
  const [extra] = ctx.extras;
  if (!extra) return [];
  const { main } = ctx;
  const mine = [main.lemma, ...main.hypernyms];
  const theirs = new Set([extra.lemma, ...extra.hypernyms].map((h) => h.toLowerCase()));
  const shared = mine.find((h) => theirs.has(h.toLowerCase()));
  const generic = ['entity', 'abstraction', 'physical entity', 'object', 'whole'];
  const text =
    shared && !generic.includes(shared)
      ? `In WordNet, ${quote(main.lemma)} and ${quote(extra.lemma)} meet at ${quote(shared)}: both are ${isA(main)} ${shared}, which is why they make sense together.`
      : `WordNet files ${quote(main.lemma)} and ${quote(extra.lemma)} in different families; the phrase joins them, and the dictionary does not say how, so read each meaning and then the phrase as a whole.`;
  return [{ text }];
}

/** 1–3 follow-up terms: parent idea, a kind, a related word; phrases offer their own terms. */
export function relatedConcepts(ctx: ExplainContext): string[] {
  const { main } = ctx;
  const candidates = [
    ...ctx.extras.map((e) => e.lemma),
    ...main.hypernyms.slice(0, 1),
    ...main.kinds.slice(0, 1),
    ...main.parts.slice(0, 1),
    ...relationTerms(
      main,
      ['derivation', 'similar', 'also-see', 'antonym', 'pertainym', 'domain'],
      3,
    ),
    ...others(main.words, main.lemma, 1),
    ...main.partOf.slice(0, 1),
  ];
  const picked = others([...new Set(candidates)], main.lemma, 3);
  return picked.length ? picked : [fallbackTerm(main)];
}

/** The longest word of the definition: always available, always on topic. */
function fallbackTerm(sense: Sense): string {
  const words = shortDefinition(sense).split(/[^\p{L}-]+/u);
  return words.reduce((best, w) => (w.length > best.length ? w : best), '') || sense.lemma;
}
