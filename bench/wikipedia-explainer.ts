/**
 * The no-key explainer on Wikipedia (DESIGN.md §18) over 20 common school concepts, with sample
 * articles of our own in Wikipedia's style (apps/server/src/test/sample-articles*.ts): per level
 * the Flesch-Kincaid grade (English), words and reading seconds, the share of answers within the
 * two-minute shape and of words taken from article sentences; per language the same; the
 * composer's CPU time on a 100 KB article; and the first streamed words of a fallback answer
 * after a model that fails at once, through the real app and a local fake Wikipedia.
 * Goals: English beginner median grade ≤ 9; every answer in shape; ≥ 80 % of words from the
 * article; composer p99 ≤ 30 ms on 100 KB; fallback first words p95 ≤ 150 ms (cached article).
 * Prints figures only. Run from the repo root: BENCH_PORT=7300 npm run bench:wikipedia
 */
import { DIFFICULTIES, type LanguageId, READING_WPM } from '@grasp/contract';
import { checkTwoMinuteShape } from '../apps/server/src/features/explain/answer.ts';
import { englishOnly } from '../apps/server/src/features/explain/providers/offline/english-only.ts';
import { createOfflineProvider } from '../apps/server/src/features/explain/providers/offline/offline-provider.ts';
import {
  type Article,
  composeFromArticles,
} from '../apps/server/src/features/explain/providers/wikipedia/compose-article.ts';
import { fleschKincaidGrade } from '../apps/server/src/features/explain/providers/wikipedia/readability.ts';
import { createWikipediaExplainer } from '../apps/server/src/features/explain/providers/wikipedia/wikipedia-explainer.ts';
import { createWikipediaArticleSource } from '../apps/server/src/features/sources/index.ts';
import { signedInUser } from '../apps/server/src/test/auth-helpers.ts';
import { buildTestApp } from '../apps/server/src/test/build-test-app.ts';
import { fakeProvider } from '../apps/server/src/test/fake-provider.ts';
import { startFakeWikipedia } from '../apps/server/src/test/fake-vendors/fake-wikipedia.ts';
import {
  ENGLISH_ARTICLES,
  OTHER_ARTICLES,
  type SampleArticle,
  SIMPLE_ARTICLES,
  sampleEditions,
} from '../apps/server/src/test/sample-articles.ts';
import { percentile, print } from './lib.ts';

const PORT = Number(process.env.BENCH_PORT ?? 7300);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => percentile(sorted(values), 50);
const fmt = (n: number, digits = 1) => n.toFixed(digits);
const pct = (part: number, whole: number) => `${fmt((100 * part) / Math.max(1, whole), 0)} %`;

const asArticle = (a: SampleArticle, language: LanguageId = 'en'): Article => ({
  title: a.title,
  url: `https://example.org/wiki/${encodeURIComponent(a.title)}`,
  extract: a.text,
  language,
});

interface Measure {
  grade: number;
  words: number;
  fits: boolean;
  articleShare: number;
}

function measure(
  articles: Article[],
  difficulty: (typeof DIFFICULTIES)[number],
  language: LanguageId,
): Measure | null {
  const composed = composeFromArticles(articles, { template: 'default', difficulty, language });
  if (!composed) return null;
  const shape = checkTwoMinuteShape(composed.markdown, language);
  return {
    grade: language === 'en' ? fleschKincaidGrade(composed.sentences) : Number.NaN,
    words: shape.words,
    fits: shape.fits,
    articleShare: composed.articleWords / shape.words,
  };
}

print(
  `Wikipedia explainer bench: ${ENGLISH_ARTICLES.length} English concepts (Simple English for beginners where the sample set has it)`,
);
print(
  'level          n  grade p50  grade max  words p50  words max  seconds p50  in shape  words from article',
);
const simpleByTitle = new Map(SIMPLE_ARTICLES.map((a) => [a.title, a]));
let allAnswers = 0;
let allFit = 0;
for (const difficulty of DIFFICULTIES) {
  const rows = ENGLISH_ARTICLES.map((sample) => {
    const simple = difficulty === 'beginner' ? simpleByTitle.get(sample.title) : undefined;
    return measure([asArticle(simple ?? sample)], difficulty, 'en');
  });
  const ok = rows.filter((r): r is Measure => r !== null);
  const grades = ok.map((r) => r.grade);
  const words = ok.map((r) => r.words);
  const articleWords = ok.reduce((s, r) => s + r.articleShare * r.words, 0);
  const totalWords = ok.reduce((s, r) => s + r.words, 0);
  allAnswers += rows.length;
  allFit += ok.filter((r) => r.fits).length;
  print(
    `${difficulty.padEnd(13)} ${String(rows.length).padStart(2)}  ${fmt(median(grades)).padStart(9)}  ${fmt(Math.max(...grades)).padStart(9)}  ${String(median(words)).padStart(9)}  ${String(Math.max(...words)).padStart(9)}  ${fmt((median(words) / READING_WPM.en) * 60, 0).padStart(11)}  ${pct(ok.filter((r) => r.fits).length, rows.length).padStart(8)}  ${pct(articleWords, totalWords).padStart(18)}`,
  );
}

print('');
print(
  'per language (its own edition)             n  words p50  seconds p50  in shape  words from article',
);
for (const [language, samples] of Object.entries(OTHER_ARTICLES) as [
  LanguageId,
  SampleArticle[],
][]) {
  for (const difficulty of DIFFICULTIES) {
    const rows = samples.map((s) => measure([asArticle(s, language)], difficulty, language));
    const ok = rows.filter((r): r is Measure => r !== null);
    const words = ok.map((r) => r.words);
    const articleWords = ok.reduce((s, r) => s + r.articleShare * r.words, 0);
    const totalWords = ok.reduce((s, r) => s + r.words, 0);
    allAnswers += rows.length;
    allFit += ok.filter((r) => r.fits).length;
    print(
      `${`${language} ${difficulty}`.padEnd(42)} ${String(rows.length).padStart(2)}  ${String(median(words)).padStart(9)}  ${fmt((median(words) / READING_WPM[language]) * 60, 0).padStart(11)}  ${pct(ok.filter((r) => r.fits).length, rows.length).padStart(8)}  ${pct(articleWords, totalWords).padStart(18)}`,
    );
  }
}
print(
  `all answers within the two-minute shape: ${allFit}/${allAnswers} (${pct(allFit, allAnswers)})`,
);

// A 100 KB article: the sample articles' bodies one after another, as one long page reads.
const bodies = ENGLISH_ARTICLES.map((a) => a.text.split('\n== See also')[0] ?? a.text);
let big = ENGLISH_ARTICLES[0]?.text.split('\n== ')[0] ?? '';
for (let i = 0; big.length < 100 * 1024; i++) {
  big += `\n\n== Part ${i} ==\n${(bodies[i % bodies.length] ?? '').replace(/^[^\n]*\n/, '')}`;
}
big += '\n\n== See also ==\nChlorophyll\n\n== References ==\nA book.';
const bigArticle: Article = { title: 'Photosynthesis', url: 'u', extract: big, language: 'en' };
const cpu: number[] = [];
for (let i = 0; i < 200; i++) {
  const difficulty = DIFFICULTIES[i % DIFFICULTIES.length] ?? 'beginner';
  const started = process.cpuUsage();
  composeFromArticles([bigArticle], { template: 'default', difficulty, language: 'en' });
  const used = process.cpuUsage(started);
  cpu.push((used.user + used.system) / 1000);
}
const cpuSorted = sorted(cpu);
print('');
print(
  `composer CPU per explanation, ${fmt(big.length / 1024, 0)} KB article, 200 runs: p50 ${fmt(percentile(cpuSorted, 50))} ms  p99 ${fmt(percentile(cpuSorted, 99))} ms  max ${fmt(cpuSorted.at(-1) ?? 0)} ms`,
);

// The fallback through the real app: a model that fails at once, a cached article.
const wiki = await startFakeWikipedia({ pages: sampleEditions(), port: PORT + 1 });
const articles = createWikipediaArticleSource({
  baseUrl: wiki.baseUrl,
  userAgent: 'Grasp-bench/1.0 (bench@example.com)',
  redis: null,
  keyPrefix: 'bench:',
  log: { info: () => undefined, warn: () => undefined },
});
const model = fakeProvider('remote-openai');
model.state.mode = 'fail';
const t = await buildTestApp('sqlite', {
  providers: [
    createWikipediaExplainer({ articles, dictionary: englishOnly(createOfflineProvider()) }),
    model.provider,
  ],
  env: { RATE_LIMIT_SCALE: '100' },
});
await t.app.listen({ port: PORT, host: '127.0.0.1' });
const { token } = await signedInUser(t.app, t.database.db, 'Bench');

async function firstWords(query: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORT}/api/ai/aiResponseGoogle`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ query, provider: 'remote-openai', template: 'default' }),
  });
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let text = '';
  let at = Number.NaN;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (Number.isNaN(at) && text.includes('event: delta')) at = performance.now() - started;
  }
  if (!text.includes('"fallback":true')) throw new Error(`no fallback for ${query}`);
  return at;
}

for (const sample of ENGLISH_ARTICLES) await firstWords(sample.title); // warms the article cache
const first: number[] = [];
for (let round = 0; round < 5; round++) {
  for (const sample of ENGLISH_ARTICLES) first.push(await firstWords(sample.title));
}
const firstSorted = sorted(first);
print(
  `fallback first streamed words (model fails at once, cached article), ${first.length} asks: p50 ${fmt(percentile(firstSorted, 50))} ms  p95 ${fmt(percentile(firstSorted, 95))} ms  max ${fmt(firstSorted.at(-1) ?? 0)} ms`,
);
await t.close();
await wiki.close();
