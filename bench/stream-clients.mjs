// N learners asking for new explanations at once, each reading its stream to the end
// (bench/stream-load.ts starts this in a process of its own). Argument: JSON settings
// { url, n, tokens, prefix }. Prints JSON: first-words times (ms, sorted), completed, failed.
import { request } from 'node:http';

const { url, n, tokens, prefix } = JSON.parse(process.argv[2]);
const target = new URL(url);

function one(i) {
  return new Promise((resolve) => {
    const started = performance.now();
    let first = -1;
    let tail = '';
    const body = JSON.stringify({ query: `${prefix} ${i}`, provider: 'remote-openai' });
    const req = request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          authorization: `Bearer ${tokens[i % tokens.length]}`,
        },
      },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          if (first < 0 && chunk.includes('event: delta')) first = performance.now() - started;
          tail = (tail + chunk).slice(-4096);
        });
        res.on('end', () => {
          const done = res.statusCode === 200 && /event: done\n/.test(tail);
          resolve({ first, done, status: res.statusCode });
        });
        res.on('error', () => resolve({ first, done: false, status: -1 }));
      },
    );
    req.on('error', () => resolve({ first, done: false, status: -2 }));
    req.end(body);
  });
}

const results = await Promise.all(Array.from({ length: n }, (_, i) => one(i)));
const firstWords = results
  .map((r) => r.first)
  .filter((t) => t >= 0)
  .sort((a, b) => a - b);
const failed = results.filter((r) => !r.done);
process.stdout.write(
  JSON.stringify({
    firstWords,
    completed: results.length - failed.length,
    failed: failed.length,
    statuses: [...new Set(failed.map((r) => r.status))],
  }),
);
