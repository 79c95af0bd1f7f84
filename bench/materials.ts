/**
 * The learner's material (issue 24): a generated 300-page PDF uploaded to the built server,
 * upload-to-ready time and the server's RSS growth, its PDF-reading processes included (goals
 * ≤ 10 s, ≤ 150 MB), beside a one-page PDF in the same run; then passage search by concept over
 * 1,000 materials of 50 pages on SQLite and PostgreSQL (goal p99 ≤ 20 ms), beside a lookup of one
 * passage by its key. Each generated material has its own 40 subject terms beside ten science
 * words all of them share; a search asks two terms of the searched material.
 * Needs a build (npm run build). Run: npm run bench:materials
 * (BENCH_PORT moves the server; BENCH_DATABASE_URL the PostgreSQL server used)
 */
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type * as PdfLib from 'pdf-lib';
import { type Database, migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import * as repo from '../apps/server/src/features/materials/materials.repository.ts';
import { createMaterialsService } from '../apps/server/src/features/materials/materials.service.ts';
import { splitIntoPassages } from '../apps/server/src/features/materials/passages.ts';
import { createPdfReader } from '../apps/server/src/features/materials/pdf-text.ts';
import { newId } from '../apps/server/src/lib/ids.ts';
import { userRow } from '../apps/server/src/test/user-row.ts';
import { treeRss } from './hostile-uploads.ts';
import { basePort, onFreshPostgres, print, signUp, startServer } from './lib.ts';

const serverRequire = createRequire(new URL('../apps/server/', import.meta.url));
const { PDFDocument, StandardFonts }: typeof PdfLib = serverRequire('pdf-lib');
const port = basePort(3340);

// A repeatable stream of numbers, so every run reads and searches the same text.
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const SCIENCE =
  'cell membrane nucleus enzyme protein energy photosynthesis chlorophyll respiration osmosis diffusion gene chromosome mutation evolution species ecosystem population gravity force mass velocity acceleration momentum friction pressure density temperature heat entropy atom molecule electron proton neutron isotope bond reaction catalyst acid base salt solution solvent oxidation reduction current voltage resistance magnet field wave frequency amplitude light lens mirror refraction reflection orbit planet star galaxy volcano earthquake erosion sediment climate weather cloud rainfall tide ocean river soil mineral rock fossil habitat predator prey digestion circulation hormone neuron muscle skeleton tissue organ vaccine virus bacteria fungus algae nutrient'.split(
    ' ',
  );
const FILLER =
  'the a of and in to is that it as with for by on are this from which be at or an can its into these their more when also other such between most some than'.split(
    ' ',
  );

const SYLLABLES = 'ka lo mi ter vex dra nol sup cyt pho gen tro lum mag qui zel bor fen'.split(' ');
/** 3,000 made-up subject terms ("katerlo"), so 1,000 materials do not all share a hundred words. */
const VOCABULARY = Array.from({ length: 3000 }, (_, i) => {
  const n = SYLLABLES.length;
  return `${SYLLABLES[i % n]}${SYLLABLES[Math.floor(i / n) % n]}${SYLLABLES[Math.floor(i / n / n) % n]}`;
});

/** A material's own subject: 40 terms of the vocabulary and the science words everyone uses. */
function topicOf(next: () => number): string[] {
  const own = Array.from(
    { length: 40 },
    () => VOCABULARY[Math.floor(next() * VOCABULARY.length)] ?? 'kalomi',
  );
  return [...own, ...SCIENCE.slice(0, 10)];
}

/** A textbook-like page: sentences of filler and subject words, about `chars` long. */
function pageText(next: () => number, chars: number, topic: readonly string[] = SCIENCE): string {
  const sentences: string[] = [];
  let length = 0;
  while (length < chars) {
    const words: string[] = [];
    const count = 10 + Math.floor(next() * 12);
    for (let i = 0; i < count; i++) {
      const pool = next() < 0.35 ? topic : FILLER;
      words.push(pool[Math.floor(next() * pool.length)] ?? 'cell');
    }
    const sentence = `${words.join(' ')}.`;
    sentences.push(sentence.charAt(0).toUpperCase() + sentence.slice(1));
    length += sentence.length + 1;
  }
  return sentences.join(' ');
}

async function generatedPdf(pages: number): Promise<Uint8Array> {
  const next = random(42);
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([612, 792]);
    const lines = pageText(next, 3000).match(/.{1,90}(\s|$)/g) ?? [];
    lines.forEach((line, i) => {
      page.drawText(line.trim(), { x: 40, y: 750 - i * 13, font, size: 10 });
    });
  }
  return doc.save();
}

async function uploadBench() {
  const big = await generatedPdf(300);
  const small = await generatedPdf(1);
  const server = await startServer('apps/server/dist/main.js', port, { RATE_LIMIT_SCALE: '1000' });
  try {
    const token = await signUp(server, `mat${Date.now().toString(36)}`);
    await new Promise((r) => setTimeout(r, 500));
    const upload = async (bytes: Uint8Array, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
      const before = treeRss(server.child.pid);
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, treeRss(server.child.pid));
      }, 25);
      const started = performance.now();
      const res = await fetch(`${server.url}/api/materials`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const ms = Math.round(performance.now() - started);
      clearInterval(sampler);
      peak = Math.max(peak, treeRss(server.child.pid));
      const body = (await res.json()) as { pages?: number; chars?: number; message?: string };
      if (!res.ok) throw new Error(`upload failed: ${res.status} ${body.message}`);
      return { ms, before, peak, growth: peak - before, pages: body.pages, chars: body.chars };
    };
    // The first upload also loads pdf.js; the one-page PDF pays that, as the baseline.
    const one = await upload(small, 'one-page.pdf');
    const three = await upload(big, 'three-hundred.pdf');
    return { bytes: big.length, one, three };
  } finally {
    await server.stop();
  }
}

const MATERIALS = 1000;
const PAGES = 50;
const SEARCHES = 2000;

/** 1,000 materials of 50 pages each, spread over 100 users, written straight into the tables. */
async function seed(database: Database) {
  const next = random(7);
  const users = Array.from({ length: 100 }, (_, i) => `bench-user-${i}`);
  await database.db
    .insertInto('users')
    .values(users.map((id) => userRow(id, id, 'enterprise')))
    .execute();
  const materials: { id: string; userId: string; topic: string[] }[] = [];
  let passages = 0;
  for (let m = 0; m < MATERIALS; m++) {
    const topic = topicOf(next);
    const pages = Array.from({ length: PAGES }, () => pageText(next, 1500, topic));
    const drafts = splitIntoPassages(pages, true);
    const material = {
      id: newId(),
      userId: users[m % users.length] ?? 'bench-user-0',
      title: `Material ${m}`,
      pages: PAGES,
      chars: pages.join('').length,
      createdAt: new Date().toISOString(),
    };
    await database.db.transaction().execute((tx) => repo.insertMaterial(tx, material, drafts));
    materials.push({ id: material.id, userId: material.userId, topic });
    passages += drafts.length;
  }
  return { materials, passages };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function searchBench(database: Database) {
  const seedStarted = performance.now();
  const { materials, passages } = await seed(database);
  const seedMs = Math.round(performance.now() - seedStarted);
  // Fresh statistics, as autovacuum would have gathered by the time a table holds this much.
  if (database.kind === 'postgres') await sql`analyze`.execute(database.db);
  const service = createMaterialsService({
    db: database.db,
    kind: database.kind,
    clock: { now: () => new Date() },
    // Searches only: no PDF is read, so the reader's pool is never started.
    pdf: createPdfReader(),
  });
  const next = random(99);
  const pick = () => materials[Math.floor(next() * materials.length)] ?? materials[0];
  const time = async (work: () => Promise<unknown>) => {
    const samples: number[] = [];
    for (let i = 0; i < SEARCHES; i++) {
      const started = performance.now();
      await work();
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    return { p50: percentile(samples, 0.5), p99: percentile(samples, 0.99) };
  };
  let found = 0;
  const search = await time(async () => {
    const m = pick();
    // A concept of the material, as a learner asks one: two of its subject terms.
    const term = () => m?.topic[Math.floor(next() * (m?.topic.length ?? 1))] ?? 'cell';
    const concept = `${term()} ${term()}`;
    found += (await service.passagesAbout(m?.userId ?? '', m?.id ?? '', concept)).length;
  });
  const floor = await time(async () => {
    const m = pick();
    await database.db
      .selectFrom('material_passages')
      .select(['page', 'text'])
      .where('material_id', '=', m?.id ?? '')
      .where('position', '=', 0)
      .executeTakeFirst();
  });
  return { seedMs, passages, search, floor, meanFound: found / SEARCHES };
}

const upload = await uploadBench();
const sqliteDir = mkdtempSync(join(tmpdir(), 'grasp-bench-materials-'));
const sqlite = openDatabase({ url: `sqlite:${join(sqliteDir, 'grasp.db')}`, dataDir: sqliteDir });
await migrateToLatest(sqlite.db);
const onSqlite = await searchBench(sqlite);
await sqlite.close();
const onPostgres = await onFreshPostgres(async ({ DATABASE_URL }) => {
  const database = openDatabase({ url: DATABASE_URL, dataDir: '.' });
  try {
    await migrateToLatest(database.db, database.schema);
    return await searchBench(database);
  } finally {
    await database.close();
  }
});

const ms = (n: number) => n.toFixed(2);
print(`\nUpload to ready (built server, one request each)`);
print(
  `  1-page PDF (baseline, loads pdf.js): ${upload.one.ms} ms, RSS ${upload.one.before} → ${upload.one.peak} MB (+${upload.one.growth})`,
);
print(
  `  300-page PDF (${(upload.bytes / 1024 / 1024).toFixed(1)} MB, ${upload.three.chars} chars): ${upload.three.ms} ms, RSS ${upload.three.before} → peak ${upload.three.peak} MB (+${upload.three.growth})   goals ≤ 10,000 ms, ≤ +150 MB`,
);
print(`\nPassage search, ${MATERIALS} materials × ${PAGES} pages, ${SEARCHES} searches each`);
for (const [name, f] of [
  ['SQLite', onSqlite],
  ['PostgreSQL', onPostgres],
] as const) {
  print(
    `  ${name}: ${f.passages} passages (seeded in ${f.seedMs} ms); search p50 ${ms(f.search.p50)} ms, p99 ${ms(f.search.p99)} ms (goal ≤ 20), ${f.meanFound.toFixed(1)} passages found on average; one passage by key p50 ${ms(f.floor.p50)} ms, p99 ${ms(f.floor.p99)} ms (floor)`,
  );
}
