/**
 * Offline learning-loop bench (DESIGN.md §8): over the offline bench's concepts, how many
 * explanations get a valid quiz (at least 3 questions kept by the server's rules, every correct
 * option written in its section), how many carry at least 2 suggested questions the offline
 * follow-up answers, and how long a quiz takes with a warm dictionary. Prints figures only.
 * Run from the repo root: npx tsx bench/learning-offline.ts
 */
import { DIFFICULTIES, QUIZ_MIN_QUESTIONS, TEMPLATE_IDS, type TemplateId } from '@grasp/contract';
import { createOfflineProvider } from '../apps/server/src/features/explain/providers/offline/offline-provider.ts';
import { createWordNet } from '../apps/server/src/features/explain/providers/offline/wordnet.ts';
import type { ExplanationContext } from '../apps/server/src/features/explain/providers/provider.ts';
import {
  checkQuizDraft,
  correctOptionInSection,
} from '../apps/server/src/features/learning/quiz-rules.ts';
import { collect, offlineExplanation } from '../apps/server/src/test/offline-explanation.ts';
import { percentile, print } from './lib.ts';
import { CONCEPTS } from './offline-concepts.ts';

const TIMED_ROUNDS = 20;

const wordnet = createWordNet();
const provider = createOfflineProvider({ wordnet });
const signal = new AbortController().signal;

/** The number of questions the server would keep, or 0 when the quiz fails its rules. */
async function validQuestions(explanation: ExplanationContext): Promise<number> {
  const draft = await provider.quiz({ explanation, signal }).catch(() => undefined);
  if (!draft) return 0;
  const kept = checkQuizDraft(
    draft,
    explanation.sections.map((s) => s.title),
  );
  const grounded = kept.every((q) => {
    const section = explanation.sections.find((s) => s.title === q.section);
    return section !== undefined && correctOptionInSection(q, section.content);
  });
  return kept.length >= QUIZ_MIN_QUESTIONS && grounded ? kept.length : 0;
}

async function answers(explanation: ExplanationContext, question: string): Promise<boolean> {
  const stream = provider.tutor({ task: 'follow-up', question, explanation, signal });
  return collect(stream).then(
    (chunks) => chunks.join('').trim().length > 0,
    () => false,
  );
}

const explanations: ExplanationContext[] = [];
const counts: number[] = [];
let withSuggestions = 0;
let suggested = 0;
let answered = 0;
for (const query of CONCEPTS) {
  const { explanation, suggestedQuestions } = await offlineExplanation(provider, query);
  explanations.push(explanation);
  counts.push(await validQuestions(explanation));
  if (suggestedQuestions.length >= 2) withSuggestions += 1;
  for (const question of suggestedQuestions) {
    suggested += 1;
    if (await answers(explanation, question)) answered += 1;
  }
}

let styled = 0;
let styledTotal = 0;
for (const query of CONCEPTS) {
  for (const template of TEMPLATE_IDS as readonly TemplateId[]) {
    for (const difficulty of DIFFICULTIES) {
      const { explanation } = await offlineExplanation(provider, query, template, difficulty);
      styledTotal += 1;
      if ((await validQuestions(explanation)) > 0) styled += 1;
    }
  }
}

// The dictionary is warm now: every concept's explanation and first quiz were made above.
const timings: number[] = [];
for (let round = 0; round < TIMED_ROUNDS; round += 1) {
  for (const explanation of explanations) {
    const started = performance.now();
    await provider.quiz({ explanation, signal }).catch(() => undefined);
    timings.push(performance.now() - started);
  }
}

const valid = counts.filter((n) => n > 0);
const sortedCounts = [...valid].sort((a, b) => a - b);
const mean = valid.reduce((a, b) => a + b, 0) / Math.max(1, valid.length);
const sortedTimes = [...timings].sort((a, b) => a - b);
const ms = (n: number) => `${n.toFixed(2)} ms`;
print(`offline learning bench: ${CONCEPTS.length} concepts (default style, beginner)`);
print(`valid quiz: ${valid.length}/${CONCEPTS.length} concepts`);
print(
  `questions per valid quiz: min ${sortedCounts[0] ?? 0}  mean ${mean.toFixed(1)}  max ${sortedCounts.at(-1) ?? 0}`,
);
print(`>= 2 suggested questions: ${withSuggestions}/${CONCEPTS.length} concepts`);
print(`suggested questions the offline follow-up answers: ${answered}/${suggested}`);
print(
  `valid quiz in every style and level: ${styled}/${styledTotal} explanations (${TEMPLATE_IDS.length} templates × ${DIFFICULTIES.length} difficulties)`,
);
print(
  `quiz time, warm dictionary: n=${timings.length}  p50 ${ms(percentile(sortedTimes, 50))}  p95 ${ms(percentile(sortedTimes, 95))}  max ${ms(sortedTimes.at(-1) ?? 0)}`,
);
await wordnet.close();
