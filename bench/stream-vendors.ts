/**
 * The model and Wikipedia for bench/stream-load.ts, in a process of their own so their work is
 * not counted against the server or the clients: an OpenAI Responses API that streams one
 * ~450-word explanation in two-word deltas over STREAM_SECONDS (default 10), and the fake
 * Wikipedia of the tests (every English search finds a page), and a sink for OTLP traces.
 * Prints their addresses as JSON.
 * Run by the bench: node --import tsx bench/stream-vendors.ts
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeAnswer } from '../apps/server/src/test/fake-answers.ts';
import { openaiWire } from '../apps/server/src/test/fake-vendors/fake-openai.ts';
import { startFakeWikipedia } from '../apps/server/src/test/fake-vendors/fake-wikipedia.ts';

const SECONDS = Number(process.env.STREAM_SECONDS ?? 10);
const text = fakeAnswer('en', { query: 'Concept', words: 450 });
/** Two words (with the spaces and line breaks after them) a delta. */
const chunks = text.match(/\S+\s+\S+\s*|\S+\s*$/g) ?? [text];
const frames = openaiWire('sk-bench').streamFrames(chunks, 'complete', {
  stream: true,
  model: 'gpt-bench',
});
// Everything before the first delta goes at once, the deltas evenly over the time, the end at once.
const head = frames.findIndex((f) => f.startsWith('event: response.output_text.delta'));
const deltaCount = chunks.length;
const intervalMs = (SECONDS * 1000) / deltaCount;

function stream(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(frames.slice(0, head + 1).join(''));
  let next = head + 1;
  const started = performance.now();
  const tick = () => {
    if (res.destroyed) return;
    const due = head + 1 + Math.floor((performance.now() - started) / intervalMs);
    if (due >= head + deltaCount) {
      res.end(frames.slice(next).join(''));
      return;
    }
    if (due >= next) {
      res.write(frames.slice(next, due + 1).join(''));
      next = due + 1;
    }
    setTimeout(tick, intervalMs);
  };
  setTimeout(tick, intervalMs);
}

const model = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.method === 'POST' && req.url?.endsWith('/responses')) return stream(res);
    res.writeHead(404).end();
  });
});
model.keepAliveTimeout = 60_000;
await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
const wiki = await startFakeWikipedia({ anyEnglishQuery: true });
// An OTLP/HTTP receiver that takes every export and keeps nothing (BENCH_OTEL=1).
const collector = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
});
await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
process.stdout.write(
  `${JSON.stringify({
    model: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`,
    wikipedia: wiki.baseUrl,
    collector: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
    words: text.split(/\s+/).length,
    deltas: deltaCount,
  })}\n`,
);
