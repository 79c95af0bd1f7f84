import {
  QUIZ_MAX_QUESTIONS,
  QUIZ_MIN_QUESTIONS,
  QUIZ_OPTION_COUNT,
  type QuizDraft,
} from '@grasp/contract';
import { NeedsAiProviderError, type QuizInput } from '../provider.ts';
import { explainedConcept } from './concept.ts';
import { loadFamily } from './family.ts';
import { type KnownTerm, type QuizFact, quizFacts } from './quiz-facts.ts';
import { namesAny, plainLines, plainText } from './section-text.ts';
import type { WordNet } from './wordnet.ts';

type DraftQuestion = QuizDraft['questions'][number];

interface Candidate {
  fact: QuizFact;
  answer: string;
  wrong: string[];
  /** Indexes of the sections that state the answer, in reading order. */
  stating: number[];
}

/** FNV-1a: a stable order for distractors and answer positions, the same on every call. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function stableShuffle(items: string[], seed: string): string[] {
  const keyed = items.map((item) => ({ item, key: hash(`${seed}\u0000${item}`) }));
  return keyed.sort((a, b) => a.key - b.key).map((k) => k.item);
}

function statingSections(lines: string[][], fact: QuizFact, answer: string): number[] {
  const found: number[] = [];
  lines.forEach((section, index) => {
    if (section.some((line) => fact.states(line, answer))) {
      found.push(index);
    }
  });
  return found;
}

/** Three wrong options of the fact's kind: nothing also true, nothing naming the concept. */
function wrongOptions(fact: QuizFact, answer: string, ownWords: string[]): string[] {
  const taken = new Set([answer, ...fact.answers, ...fact.alsoTrue].map(plainText));
  const wrong: string[] = [];
  for (const tier of fact.distractors) {
    for (const option of stableShuffle(tier, fact.prompt)) {
      const key = plainText(option);
      if (!key || taken.has(key) || namesAny(key, ownWords)) continue;
      taken.add(key);
      wrong.push(option.trim());
      if (wrong.length === QUIZ_OPTION_COUNT - 1) return wrong;
    }
  }
  return wrong;
}

function candidate(fact: QuizFact, lines: string[][], ownWords: string[]): Candidate | undefined {
  for (const answer of fact.answers) {
    const stating = statingSections(lines, fact, answer);
    if (stating.length === 0) continue;
    const wrong = wrongOptions(fact, answer, ownWords);
    return wrong.length === QUIZ_OPTION_COUNT - 1 ? { fact, answer, wrong, stating } : undefined;
  }
  return undefined;
}

/** Up to five questions, spread over as many sections as possible, in reading order. */
function choose(candidates: Candidate[]): { candidate: Candidate; section: number }[] {
  const chosen: { candidate: Candidate; section: number; rank: number }[] = [];
  const used = new Set<number>();
  candidates.forEach((c, rank) => {
    const fresh = c.stating.find((s) => !used.has(s));
    if (fresh === undefined || chosen.length === QUIZ_MAX_QUESTIONS) return;
    used.add(fresh);
    chosen.push({ candidate: c, section: fresh, rank });
  });
  candidates.forEach((c, rank) => {
    const first = c.stating[0];
    if (chosen.length === QUIZ_MAX_QUESTIONS || first === undefined) return;
    if (chosen.some((ch) => ch.candidate === c)) return;
    chosen.push({ candidate: c, section: first, rank });
  });
  return chosen.sort((a, b) => a.section - b.section || a.rank - b.rank);
}

function question(c: Candidate, title: string): DraftQuestion {
  const correctChoice = hash(c.fact.prompt) % QUIZ_OPTION_COUNT;
  const options = [...c.wrong];
  options.splice(correctChoice, 0, c.answer);
  return {
    section: title,
    prompt: c.fact.prompt,
    options,
    correctChoice,
    why: c.fact.why(c.answer),
  };
}

/**
 * A quiz from the dictionary's relations (DESIGN.md §8): each question asks about one fact a
 * section of this explanation states, with wrong options of the same kind from the concept's
 * neighbours in WordNet. Deterministic, so the quiz cached per answer text never changes.
 */
export async function offlineQuiz(input: QuizInput, wordnet: WordNet): Promise<QuizDraft> {
  const { explanation, signal } = input;
  signal.throwIfAborted();
  const { ctx, family } = await explainedConcept(explanation, wordnet);
  const extraFamilies = await Promise.all(ctx.extras.map((sense) => loadFamily(wordnet, sense)));
  signal.throwIfAborted();
  const extras: KnownTerm[] = ctx.extras.flatMap((sense, i) => {
    const extraFamily = extraFamilies[i];
    return extraFamily ? [{ sense, family: extraFamily }] : [];
  });
  const lines = explanation.sections.map((s) => plainLines(s.content));
  const ownWords = [ctx.main.lemma, ...ctx.main.words];
  const candidates = quizFacts(ctx, family, extras).flatMap((fact) => {
    const found = candidate(fact, lines, ownWords);
    return found ? [found] : [];
  });
  const questions = choose(candidates).flatMap(({ candidate: c, section }) => {
    const title = explanation.sections[section]?.title;
    return title === undefined ? [] : [question(c, title)];
  });
  if (questions.length < QUIZ_MIN_QUESTIONS) {
    throw new NeedsAiProviderError(
      'The offline dictionary knows too little about this explanation to make a quiz; an AI provider can.',
    );
  }
  return { questions };
}
