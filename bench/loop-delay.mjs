// Preloaded into a benched server (node --import): the main thread's event-loop delay, as the
// largest delay of each 250 ms, appended to LOOP_DELAY_FILE ("<epoch ms> <max ms>" lines).
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.LOOP_DELAY_FILE;
if (file && isMainThread) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  setInterval(() => {
    appendFileSync(file, `${Date.now()} ${(delay.max / 1e6).toFixed(1)}\n`);
    delay.reset();
  }, 250).unref();
}
