/**
 * What grounding in Wikipedia costs an explanation (DESIGN.md §10): the time from the request to
 * the first streamed words, with a fake Wikipedia answering each request in 50 ms and in 400 ms,
 * beside the same requests to a server with SOURCES=off, in the same run. A first ask of a
 * concept misses the retrieval cache; asked again (fresh, so the answer is written anew) it hits.
 * Then the cache's hit ratio over the offline bench's 50 concepts asked twice. The provider is a
 * fake that streams at once, so what differs is retrieval alone. Prints figures only.
 * Run from the repo root: npm run bench:sources (BENCH_PORT moves the servers)
 */
import type { AddressInfo } from 'node:net';
import { signedInUser } from '../apps/server/src/test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../apps/server/src/test/build-test-app.ts';
import { fakeProvider } from '../apps/server/src/test/fake-provider.ts';
import {
  type FakeWikipedia,
  startFakeWikipedia,
} from '../apps/server/src/test/fake-vendors/fake-wikipedia.ts';
import { basePort, print } from './lib.ts';
import { CONCEPTS } from './offline-concepts.ts';

const LATENCIES = [50, 400];
let nextPort = basePort(4300);

interface Server {
  t: TestApp;
  url: string;
  token: string;
}

async function startApp(env: Record<string, string>): Promise<Server> {
  const fake = fakeProvider('remote-openai');
  const t = await buildTestApp('sqlite', {
    providers: [fakeProvider('offline').provider, fake.provider],
    env: { RATE_LIMIT_SCALE: '10000', ...env },
  });
  await t.app.listen({ port: nextPort++, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const { token } = await signedInUser(t.app, t.database.db, `bench${port}`);
  // Unlimited units: the runs ask more than a Free month allows.
  await t.database.db.updateTable('users').set({ plan: 'enterprise' }).execute();
  await t.database.db
    .updateTable('usage_cycles')
    .set({ plan: 'enterprise', unit_limit: null })
    .execute();
  return { t, url: `http://127.0.0.1:${port}`, token };
}

/** Milliseconds from sending the request to the first `delta` event. */
async function firstWords(server: Server, query: string, fresh: boolean): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/ai/aiResponseGoogle`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${server.token}`,
      accept: 'text/event-stream',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ query, provider: 'remote-openai', fresh }),
  });
  const reader = res.body?.getReader();
  if (!reader) throw new Error(`no body: ${res.status}`);
  const decoder = new TextDecoder();
  let seen = '';
  let at: number | undefined;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += decoder.decode(value, { stream: true });
    if (at === undefined && seen.includes('event: delta')) at = performance.now() - started;
  }
  if (at === undefined) throw new Error(`no words for ${query}: ${seen.slice(0, 200)}`);
  return at;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(0).padStart(5)} ms`;

function row(label: string, values: number[], baseline: number[]): string {
  const p50 = percentile(values, 50);
  const p95 = percentile(values, 95);
  const added50 = p50 - percentile(baseline, 50);
  const added95 = p95 - percentile(baseline, 95);
  return `${label.padEnd(34)} p50 ${ms(p50)}  p95 ${ms(p95)}   added p50 ${ms(added50)}  p95 ${ms(added95)}`;
}

let wiki: FakeWikipedia | undefined;
const servers: Server[] = [];
try {
  wiki = await startFakeWikipedia({ anyEnglishQuery: true });
  const off = await startApp({ SOURCES: 'off' });
  servers.push(off);
  // Warm both paths (first requests compile and connect) before measuring.
  await firstWords(off, 'warm up', true);

  print(`Time to the first streamed words, ${CONCEPTS.length} concepts, one at a time`);
  let hitRatio = '';
  for (const latency of LATENCIES) {
    wiki.behave({ kind: 'ok', delayMs: latency });
    const on = await startApp({ SOURCES: 'on', WIKIPEDIA_URL: wiki.baseUrl });
    servers.push(on);
    await firstWords(on, 'warm up', true);
    const sent = wiki.requests.length;
    const miss: number[] = [];
    const hit: number[] = [];
    const baseline: number[] = [];
    // Each concept: with sources (cache cold), without, then with sources again (cache warm).
    for (const concept of CONCEPTS) {
      miss.push(await firstWords(on, concept, true));
      baseline.push(await firstWords(off, concept, true));
    }
    const afterFirst = wiki.requests.length - sent;
    for (const concept of CONCEPTS) {
      hit.push(await firstWords(on, concept, true));
      baseline.push(await firstWords(off, concept, true));
    }
    const afterSecond = wiki.requests.length - sent - afterFirst;
    print(`\nFake Wikipedia answering each request in ${latency} ms`);
    print(row('SOURCES=off (baseline)', baseline, baseline));
    print(row('sources, retrieval cache miss', miss, baseline));
    print(row('sources, retrieval cache hit', hit, baseline));
    // Every ask looks up the same entries twice over; each request sent is a lookup that missed.
    const lookups = afterFirst * 2;
    hitRatio = `${afterFirst + afterSecond} Wikipedia requests for ${lookups} lookups (${CONCEPTS.length} concepts asked twice): hit ratio ${(100 * (1 - (afterFirst + afterSecond) / lookups)).toFixed(0)}%`;
    print(`Retrieval cache: ${hitRatio}`);
  }
} finally {
  for (const server of servers) await server.t.close();
  await wiki?.close();
}
