/**
 * Offline explainer bench (DESIGN.md §7): speed per concept and how many answers fit the
 * two-minute shape. Prints figures only. Run from the repo root: npx tsx bench/offline-explainer.ts
 */
import { DIFFICULTIES, TEMPLATE_IDS } from '@grasp/contract';
import { checkTwoMinuteShape } from '../apps/server/src/features/explain/answer.ts';
import { createOfflineProvider } from '../apps/server/src/features/explain/providers/offline/offline-provider.ts';
import { createWordNet } from '../apps/server/src/features/explain/providers/offline/wordnet.ts';
import { percentile, print } from './lib.ts';
import { CONCEPTS } from './offline-concepts.ts';

function summary(label: string, ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const fmt = (n: number) => n.toFixed(1).padStart(6);
  return `${label.padEnd(34)} n=${String(sorted.length).padStart(4)}  p50 ${fmt(percentile(sorted, 50))} ms  p95 ${fmt(percentile(sorted, 95))} ms  max ${fmt(sorted[sorted.length - 1] ?? 0)} ms`;
}

const wordnet = createWordNet();
const provider = createOfflineProvider({ wordnet });
const signal = new AbortController().signal;

async function explain(
  query: string,
  template: (typeof TEMPLATE_IDS)[number],
  difficulty: (typeof DIFFICULTIES)[number],
) {
  const started = performance.now();
  const text = await provider.generate({ query, template, difficulty, signal });
  return { ms: performance.now() - started, text };
}

const first = await explain('gravity', 'default', 'beginner');
const firstConcept: number[] = [];
const repeated: number[] = [];
for (const query of CONCEPTS.slice(1)) {
  for (const difficulty of DIFFICULTIES) {
    const { ms } = await explain(query, 'default', difficulty);
    (difficulty === 'beginner' ? firstConcept : repeated).push(ms);
  }
}

let fits = 0;
let answers = 0;
const words: number[] = [];
for (const query of CONCEPTS) {
  for (const template of TEMPLATE_IDS) {
    for (const difficulty of DIFFICULTIES) {
      const shape = checkTwoMinuteShape((await explain(query, template, difficulty)).text);
      answers += 1;
      words.push(shape.words);
      if (shape.fits) fits += 1;
    }
  }
}

const stats = wordnet.stats();
const sortedWords = [...words].sort((a, b) => a - b);
print(`offline explainer bench: ${CONCEPTS.length} concepts × ${DIFFICULTIES.length} difficulties`);
print(`very first call (opens the files)  ${first.ms.toFixed(1)} ms`);
print(summary('first look-up of each concept', firstConcept));
print(summary('same concept, other difficulty', repeated));
print(summary('all calls after the first', [...firstConcept, ...repeated]));
print(
  `two-minute shape: ${fits}/${answers} answers fit (all ${TEMPLATE_IDS.length} templates × ${DIFFICULTIES.length} difficulties)`,
);
print(
  `words: min ${sortedWords[0]}  p50 ${percentile(sortedWords, 50)}  max ${sortedWords[sortedWords.length - 1]}`,
);
print(
  `WordNet bytes read ${(stats.bytesRead / 1024).toFixed(0)} KiB in ${stats.reads} reads; cached synsets ${stats.cachedSynsets}`,
);
const memory = process.memoryUsage();
print(
  `process RSS ${(memory.rss / 1024 / 1024).toFixed(1)} MiB, heap used ${(memory.heapUsed / 1024 / 1024).toFixed(1)} MiB`,
);
await wordnet.close();
