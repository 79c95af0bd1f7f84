/// <reference lib="dom" />
/**
 * How long the registration form's ALTCHA widget takes, in Debian's Chromium, to solve the
 * challenges the server issues as one address registers more accounts in an hour
 * (apps/server/src/features/auth/address-limits.ts), and whether the server accepts each answer.
 * Run: npx tsx bench/captcha-work.ts   (BENCH_PORT moves its page server; default 4460)
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import {
  captchaCost,
  REGISTRATIONS_PER_HOUR,
} from '../apps/server/src/features/auth/address-limits.ts';
import { createAltchaVerifier } from '../apps/server/src/features/auth/captcha.ts';
import { basePort } from './lib.ts';

const RUNS = 5;
const REGISTERED = [0, 20, 40, 60, 80, REGISTRATIONS_PER_HOUR - 1];

const widgetScript = readFileSync(
  createRequire(new URL('../apps/web/', import.meta.url)).resolve('altcha'),
);
const page = `<!doctype html><html><body><div id="host"></div>
<script type="module" src="/altcha.js"></script></body></html>`;
const server = createServer((request, response) => {
  const script = request.url === '/altcha.js';
  response.writeHead(200, { 'content-type': script ? 'text/javascript' : 'text/html' });
  response.end(script ? widgetScript : page);
});
await new Promise<void>((resolve) => server.listen(basePort(4460), '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

const verifier = createAltchaVerifier('bench-altcha-key-bench-altcha-key-0000');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const rows: string[][] = [['registrations', 'cost', 'median ms', 'slowest ms', 'accepted']];
try {
  const tab = await browser.newPage();
  const cores = await (async () => {
    await tab.goto(url);
    return tab.evaluate(() => navigator.hardwareConcurrency);
  })();
  for (const registered of REGISTERED) {
    const cost = captchaCost(registered);
    const times: number[] = [];
    let accepted = 0;
    for (let run = 0; run < RUNS; run++) {
      const issued = await verifier.challenge({ cost });
      if (issued.provider !== 'altcha') throw new Error('expected an ALTCHA challenge');
      await tab.goto(url);
      await tab.waitForFunction(() => customElements.get('altcha-widget') !== undefined);
      // As the form's widget (apps/web altcha-widget.tsx): our challenge, solving on load.
      const { ms, payload } = await tab.evaluate(
        (json) =>
          new Promise<{ ms: number; payload: string }>((resolve, reject) => {
            const widget = document.createElement('altcha-widget');
            widget.setAttribute('challenge', json);
            widget.setAttribute('auto', 'onload');
            const start = performance.now();
            widget.addEventListener('statechange', (event) => {
              const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
              if (detail.state === 'verified' && detail.payload) {
                resolve({ ms: performance.now() - start, payload: detail.payload });
              }
              if (detail.state === 'error') reject(new Error('the widget failed'));
            });
            document.getElementById('host')?.append(widget);
          }),
        JSON.stringify(issued.challenge),
      );
      times.push(ms);
      if (await verifier.verify(payload)) accepted++;
    }
    times.sort((a, b) => a - b);
    rows.push([
      String(registered),
      String(cost),
      String(Math.round(times[Math.floor(RUNS / 2)] ?? 0)),
      String(Math.round(times.at(-1) ?? 0)),
      `${accepted}/${RUNS}`,
    ]);
  }
  process.stdout.write(`Chromium with ${cores} cores; the widget waits at least 500 ms\n`);
  for (const row of rows) process.stdout.write(`${row.map((c) => c.padStart(14)).join('')}\n`);
} finally {
  await browser.close();
  server.close();
}
