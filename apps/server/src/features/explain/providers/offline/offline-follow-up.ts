import { NeedsAiProviderError } from '../provider.ts';
import { relationTerms } from './blocks.ts';
import type { ExplainedConcept } from './concept.ts';
import { chainSentence, definitionSentence, listText, others, quote } from './phrases.ts';
import { type AskedTerm, type Intent, readQuestion } from './question-terms.ts';
import { DICTIONARY_LINE, fitShort, type Paragraph } from './short-answer.ts';
import { besideConcept, linkSentence } from './term-links.ts';
import type { Sense, WordNet } from './wordnet.ts';

// A deeper level climbs further up the is-a chain.
const CHAIN_BY_LEVEL = { beginner: 1, intermediate: 2, advanced: 4 } as const;

/** What the dictionary has for the relation a question asks about; undefined for a definition. */
function relationAnswer(intent: Intent, sense: Sense, max: number): string | undefined {
  const name = quote(sense.lemma);
  switch (intent) {
    case 'kinds': {
      const kinds = others(sense.kinds, sense.lemma, max);
      return kinds.length
        ? `Kinds of ${sense.lemma} in WordNet: ${listText(kinds)}.`
        : `WordNet lists no finer kinds of ${name}.`;
    }
    case 'parts': {
      const parts = others(
        [...sense.parts, ...sense.members, ...sense.substances],
        sense.lemma,
        max,
      );
      return parts.length
        ? `WordNet lists these parts of ${sense.lemma}: ${listText(parts)}.`
        : `WordNet lists no parts of ${name}.`;
    }
    case 'examples': {
      const examples = sense.examples.slice(0, 2).map((e) => `- ${quote(e)}`);
      return examples.length
        ? `WordNet's examples of ${sense.lemma} in use:\n\n${examples.join('\n')}`
        : `WordNet gives no example sentence for ${name}.`;
    }
    case 'opposite': {
      const opposites = relationTerms(sense, ['antonym'], 3);
      return opposites.length
        ? `WordNet gives ${listText(opposites.map(quote))} as the opposite of ${sense.lemma}.`
        : `WordNet gives no opposite for ${name}.`;
    }
    default:
      return undefined;
  }
}

function oneTerm(term: AskedTerm, intent: Intent, concept: ExplainedConcept): Paragraph[] {
  const { ctx } = concept;
  const { sense } = term;
  const paragraphs: Paragraph[] = [{ text: definitionSentence(sense) }];
  const relation = relationAnswer(intent, sense, ctx.depth.kinds);
  if (relation) paragraphs.push({ text: relation });
  if (!term.isConcept) paragraphs.push({ text: besideConcept(sense, ctx.main, ctx.level) });
  const chain = chainSentence(sense, CHAIN_BY_LEVEL[ctx.level]);
  // Another term's family is already in the sentence placing it next to the concept.
  if (chain && term.isConcept) paragraphs.push({ text: chain, optional: true });
  const [example] = sense.examples;
  if (example && ctx.level !== 'beginner' && intent !== 'examples') {
    paragraphs.push({ text: `WordNet's example: ${quote(example)}.`, optional: true });
  }
  return paragraphs;
}

/**
 * A follow-up answered from the dictionary (DESIGN.md §8): the definitions of the terms it
 * asks about, and how they connect in WordNet, at the explanation's level. A question about
 * nothing the dictionary knows needs an AI provider.
 */
export async function offlineFollowUp(
  question: string,
  concept: ExplainedConcept,
  wordnet: WordNet,
): Promise<string[]> {
  const { terms, intent, unknown, sameMeaning } = await readQuestion(question, concept, wordnet);
  const [first, second] = terms;
  if (intent === 'reason') {
    throw new NeedsAiProviderError(
      'The offline dictionary records meanings, not causes or how things work; an AI provider can answer this.',
    );
  }
  if (!first) {
    throw new NeedsAiProviderError(
      'The offline dictionary knows none of the terms in this question; an AI provider can answer it.',
    );
  }
  const paragraphs: Paragraph[] = [{ text: DICTIONARY_LINE }];
  if (second) {
    paragraphs.push(
      { text: definitionSentence(first.sense) },
      { text: definitionSentence(second.sense) },
      { text: linkSentence(first.sense, second.sense, concept.ctx.level) },
    );
  } else {
    paragraphs.push(...oneTerm(first, intent, concept));
  }
  if (sameMeaning.length) {
    paragraphs.push({
      text: `WordNet lists ${listText(sameMeaning.map(quote))} as words for the same meaning.`,
    });
  }
  if (unknown.length) {
    paragraphs.push({ text: `WordNet has no entry for ${listText(unknown.map(quote))}.` });
  }
  paragraphs.push({
    text: 'A dictionary gives meanings and how words relate; for the how and why behind them, an AI provider can go further.',
    optional: true,
  });
  return fitShort(paragraphs);
}
