import type { ExplainContext } from './context.ts';
import type { Part } from './layout.ts';
import {
  areOrIs,
  arrowChain,
  cap,
  chainSentence,
  definitionSentence,
  everyName,
  isA,
  listText,
  others,
  quote,
  shortDefinition,
} from './phrases.ts';
import type { Relation, Sense } from './wordnet.ts';

/** Reusable paragraphs built from WordNet facts; templates frame and order them. */

export const SOURCE_LINE = '_From the WordNet lexical database (offline mode)._';

export function introParts(ctx: ExplainContext): Part[] {
  const parts: Part[] = [{ text: SOURCE_LINE }];
  const { subject } = ctx;
  if (!subject.whole) {
    const names = subject.terms.map((t) => quote(t.name));
    const unknown = subject.unknownWords.length
      ? ` (it does not know ${listText(subject.unknownWords.map(quote))})`
      : '';
    parts.push({
      text: `WordNet has no entry for the whole phrase ${quote(subject.query)}; here are its main terms: ${listText(names)}${unknown}.`,
    });
  }
  return parts;
}

export function defineParts(ctx: ExplainContext): Part[] {
  const { main, depth, level } = ctx;
  const parts: Part[] = [{ text: definitionSentence(main) }];
  const synonyms = others(main.words, main.lemma, depth.synonyms);
  if (synonyms.length) parts.push({ text: `Other words for it: ${listText(synonyms)}.`, drop: 2 });
  const domain = relationTerms(main, ['domain'], 2);
  if (domain.length && level !== 'beginner') {
    parts.push({ text: `WordNet files this sense under ${listText(domain)}.`, drop: 3 });
  }
  if (level === 'advanced' && main.senseCount > 1) {
    parts.push({
      text: `WordNet lists ${main.senseCount} ${main.pos} senses of ${quote(main.lemma)}; this explanation follows sense ${main.senseNumber}, the one it lists first as the most frequent.`,
      drop: 4,
    });
  }
  ctx.extras.forEach((extra, i) => {
    parts.push({ text: definitionSentence(extra), drop: i === 0 ? undefined : 5 });
  });
  return parts;
}

export function classifyParts(ctx: ExplainContext): Part[] {
  const { main, depth, level } = ctx;
  const parts: Part[] = [];
  // Advanced readers get the full chain as arrows below, so the sentence stays short.
  const sentence = chainSentence(main, level === 'advanced' ? 2 : depth.chain);
  if (sentence) parts.push({ text: sentence });
  else parts.push({ text: noTreeSentence(main) });
  const [parent] = main.hypernyms;
  if (parent && main.pos === 'noun') {
    parts.push({
      text: `That family matters: whatever holds for every ${parent} also holds for ${everyName(main)}, so you only need to learn what makes it special.`,
      drop: level === 'beginner' ? 2 : 6,
    });
  }
  const also = others(main.directHypernyms.slice(1), main.lemma, 2);
  if (also.length && level !== 'beginner') {
    parts.push({ text: `WordNet also classes it as ${isA(main)} ${listText(also)}.`, drop: 3 });
  }
  if (level === 'advanced' && main.hypernyms.length > 0) {
    parts.push({ text: `The full is-a chain: ${arrowChain(main)}.` });
    const root = main.hypernyms[main.hypernyms.length - 1] ?? '';
    parts.push({
      text: `It sits ${main.hypernyms.length} levels below ${quote(root)}, the most general idea in this part of WordNet.`,
      drop: 4,
    });
  }
  for (const extra of ctx.extras) {
    const line = chainSentence(extra, Math.min(depth.chain, 3));
    if (line) parts.push({ text: line, drop: 4 });
  }
  return parts;
}

function noTreeSentence(sense: Sense): string {
  if (sense.pos === 'adjective') {
    const near = relationTerms(sense, ['similar', 'also-see'], 4);
    const close = near.length
      ? ` It groups ${quote(sense.lemma)} with close meanings such as ${listText(near)}.`
      : '';
    return `WordNet has no is-a tree for adjectives.${close}`;
  }
  if (sense.pos === 'adverb') {
    const base = relationTerms(sense, ['pertainym', 'derivation'], 3);
    const from = base.length ? ` It is built on ${listText(base)}.` : '';
    return `WordNet has no is-a tree for adverbs.${from}`;
  }
  return `${cap(sense.lemma)} sits at the top of its WordNet tree: nothing above it is more general.`;
}

export function kindsParts(ctx: ExplainContext): Part[] {
  const { main, depth, level } = ctx;
  const parts: Part[] = [];
  const kinds = others(main.kinds, main.lemma, depth.kinds);
  if (kinds.length) {
    const label =
      main.pos === 'verb' ? `More specific ways to ${main.lemma}` : `Kinds of ${main.lemma}`;
    parts.push({ text: `${label} in WordNet: ${listText(kinds)}.` });
  }
  const instances = others(main.instances, main.lemma, Math.max(depth.kinds - 2, 2));
  if (instances.length) parts.push({ text: `Named examples: ${listText(instances)}.`, drop: 2 });
  const pieces: [string, string[]][] = [
    ['Its parts include', main.parts],
    ['Its members include', main.members],
    ['It is made of', main.substances],
  ];
  for (const [lead, items] of pieces) {
    const list = others(items, main.lemma, depth.parts);
    if (list.length) parts.push({ text: `${lead} ${listText(list)}.`, drop: 1 });
  }
  const wholes = others(main.partOf, main.lemma, depth.parts);
  if (wholes.length && level !== 'beginner') {
    parts.push({ text: `It is itself part of ${listText(wholes)}.`, drop: 3 });
  }
  if (parts.length === 0) {
    parts.push({
      text: `WordNet lists no finer kinds or parts for this sense of ${quote(main.lemma)}: it is a specific idea rather than a family of them.`,
    });
  }
  for (const extra of ctx.extras) {
    const useKinds = extra.kinds.length > 0;
    const list = others(useKinds ? extra.kinds : extra.parts, extra.lemma, 3);
    if (list.length) {
      const what = useKinds ? 'Kinds' : 'Parts';
      parts.push({
        text: `${what} of ${quote(extra.lemma)} in WordNet: ${listText(list)}.`,
        drop: 3,
      });
    }
  }
  return parts;
}

export function exampleParts(ctx: ExplainContext): Part[] {
  const { main, depth } = ctx;
  const parts: Part[] = [];
  const source = [main, ...ctx.extras].find((s) => s.examples.length > 0);
  if (source) {
    const examples = source.examples.slice(0, source === main ? depth.examples : 1);
    const lead = source === main ? '' : `WordNet's example for ${quote(source.lemma)}:\n\n`;
    parts.push({ text: `${lead}${examples.map((e) => `- ${quote(e)}`).join('\n')}` });
  } else {
    parts.push({
      text: `WordNet gives no example sentence for this sense, so write one of your own that uses ${quote(main.lemma)} exactly as defined above.`,
    });
  }
  if (main.authors.length && ctx.level !== 'beginner') {
    parts.push({
      text: `One of these examples is credited to ${listText(main.authors)}.`,
      drop: 3,
    });
  }
  return parts;
}

const RELATION_LABELS: [Relation, string][] = [
  ['antonym', 'Opposite'],
  ['derivation', 'Word family'],
  ['domain', 'Field'],
  ['similar', 'Close in meaning'],
  ['also-see', 'See also'],
  ['attribute', 'Quality it describes'],
  ['pertainym', 'Built on'],
  ['entailment', 'Implies'],
  ['cause', 'Causes'],
];

export function relationTerms(sense: Sense, relations: Relation[], max: number): string[] {
  const terms = sense.related.filter((r) => relations.includes(r.relation)).map((r) => r.term);
  return others([...new Set(terms)], sense.lemma, max);
}

/** Lexical relations as a list: antonyms, derivations, domain, similar words … */
export function relationParts(ctx: ExplainContext): Part[] {
  const { main, depth } = ctx;
  const lines: string[] = [];
  for (const [relation, label] of RELATION_LABELS) {
    if (lines.length >= depth.relations) break;
    const terms = relationTerms(main, [relation], 4);
    if (terms.length) lines.push(`- **${label}:** ${terms.join(', ')}`);
  }
  if (lines.length === 0) return [];
  const text = `Words WordNet links to ${quote(main.lemma)}:\n\n${lines.join('\n')}`;
  return [{ text, drop: ctx.level === 'advanced' ? 2 : 5 }];
}

/** Other senses: the classic pitfall of mixing up meanings. */
export function alternativeParts(ctx: ExplainContext, drop = 4): Part[] {
  // Beginners get one meaning, well explained; other senses come with depth.
  const senses = ctx.alternatives.slice(0, ctx.depth.otherSenses);
  if (senses.length === 0) return [];
  const lines = senses.map((s) => `- as ${article(s)} ${s.pos}: ${shortDefinition(s)}`);
  return [
    {
      text: `Do not mix up the senses: ${quote(ctx.main.lemma)} can also mean\n\n${lines.join('\n')}`,
      drop,
    },
  ];
}

function article(sense: Sense): string {
  return sense.pos === 'adjective' || sense.pos === 'adverb' ? 'an' : 'a';
}

export function analogyParts(ctx: ExplainContext): Part[] {
  const { main } = ctx;
  const [parent] = main.hypernyms;
  const kinds = others(main.kinds, main.lemma, 2);
  if (!parent) return [];
  const children = kinds.length
    ? `, and ${listText(kinds)} ${areOrIs(kinds)} its own ${kinds.length === 1 ? 'child' : 'children'}`
    : '';
  return [
    {
      text: `Think of a family tree: ${parent} is the parent, ${main.lemma} the child${children}. Each generation inherits what the one above has and adds something of its own.`,
      drop: ctx.level === 'advanced' ? 6 : 3,
    },
  ];
}
