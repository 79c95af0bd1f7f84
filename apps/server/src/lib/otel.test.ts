import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { signedInUser } from '../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { fakeAnswer } from '../test/fake-answers.ts';
import { startFakeOpenAI } from '../test/fake-vendors/fake-openai.ts';
import {
  type FakeCollector,
  startFakeCollector,
} from '../test/fake-vendors/fake-otlp-collector.ts';
import type { FakeVendor } from '../test/fake-vendors/fake-vendor-server.ts';
import { type FakeWikipedia, startFakeWikipedia } from '../test/fake-vendors/fake-wikipedia.ts';
import { startOtel } from './otel.ts';

const SERVER = 2;
const CLIENT = 3;

async function eventually<T>(find: () => T | undefined, withinMs = 10_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('never came');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Tracing on, as main.ts starts it when OTEL_EXPORTER_OTLP_ENDPOINT is set, against a collector
 * of the test's own speaking OTLP/HTTP with JSON bodies. One process-wide start: this file alone.
 */
describe('OpenTelemetry traces through OTLP/HTTP (http/json)', () => {
  let collector: FakeCollector;
  let wiki: FakeWikipedia;
  let model: FakeVendor;
  let t: TestApp;
  let url: string;
  let otel: { shutdown(): Promise<void> };
  const lines: string[] = [];

  beforeAll(async () => {
    collector = await startFakeCollector();
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.url;
    process.env.OTEL_BSP_SCHEDULE_DELAY = '50';
    otel = await startOtel({ protocol: 'http/json', serviceName: 'grasp-test' });
    wiki = await startFakeWikipedia({ anyEnglishQuery: true });
    model = await startFakeOpenAI('sk-test-openai-key');
    model.behave({ kind: 'reply', chunks: [fakeAnswer('en', { query: 'Gravity' })] });
    const database = openDatabase({ url: 'sqlite::memory:', dataDir: '.', traced: true });
    await migrateToLatest(database.db, database.schema);
    t = await buildTestApp('sqlite', {
      database,
      logStream: { write: (line: string) => void lines.push(line) },
      env: {
        LOG_LEVEL: 'info',
        SOURCES: 'on',
        WIKIPEDIA_URL: wiki.baseUrl,
        OPENAI_API_KEY: 'sk-test-openai-key',
        OPENAI_BASE_URL: model.baseURL,
        OPENAI_MODEL: 'gpt-test',
        RATE_LIMIT_SCALE: '100',
      },
    });
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
    await otel?.shutdown();
    await wiki?.close();
    await model?.close();
    await collector?.close();
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete process.env.OTEL_BSP_SCHEDULE_DELAY;
  });

  it('holds one request in one trace: server span, model call with tokens, Wikipedia, database', async () => {
    const { token } = await signedInUser(t.app, t.database.db, 'Meera');
    const res = await fetch(`${url}/api/ai/aiResponseGoogle`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'Gravity', provider: 'remote-openai' }),
    });
    expect(res.status).toBe(200);
    await res.json();

    const route = '/api/ai/aiResponseGoogle';
    const server = await eventually(() =>
      collector.spans.find((s) => s.kind === SERVER && s.attributes['http.route'] === route),
    );
    expect(server.name).toBe(`POST ${route}`);
    expect(server.serviceName).toBe('grasp-test');
    expect(
      server.attributes['http.status_code'] ?? server.attributes['http.response.status_code'],
    ).toBe(200);
    const inTrace = () => collector.spans.filter((s) => s.traceId === server.traceId);

    // The AI SDK's own span for the model call, with the model and its tokens.
    const modelSpan = await eventually(() =>
      inTrace().find((s) => s.attributes['gen_ai.usage.output_tokens'] !== undefined),
    );
    expect(modelSpan.attributes['gen_ai.request.model']).toBe('gpt-test');
    expect(modelSpan.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0);

    // Wikipedia was called through node:http with this trace's context, as a client span.
    const sent = wiki.requests.map((r) => r.traceparent).filter(Boolean);
    expect(sent.length).toBeGreaterThan(0);
    for (const traceparent of sent) {
      const [, traceId, spanId] = (traceparent as string).split('-');
      expect(traceId).toBe(server.traceId);
      const client = await eventually(() => inTrace().find((s) => s.spanId === spanId));
      expect(client.kind).toBe(CLIENT);
    }

    // Database queries, as client spans of the same trace.
    await eventually(() => inTrace().find((s) => s.attributes['db.system.name'] === 'sqlite'));

    // The explain stages of DESIGN.md §18, each a span of the request.
    for (const stage of ['find_sources', 'compose', 'check', 'record', 'spend', 'spend.reserve']) {
      await eventually(() => inTrace().find((s) => s.name === `explain.${stage}`));
    }

    // The request's log line names its trace.
    const completed = await eventually(() =>
      lines.find((l) => l.includes(route) && l.includes('request completed')),
    );
    expect(JSON.parse(completed).trace_id).toBe(server.traceId);
  });
});
