/** How often each instance looks for reminders due: a reminder goes within this of its hour. */
const EVERY_MS = 5 * 60 * 1000;

/**
 * Runs the reminder job on every instance; the claim rows decide who sends each reminder, so
 * instances need not agree on anything else. A run still going when the next is due is let be.
 */
export function scheduleReminders(
  run: () => Promise<unknown>,
  log: { warn(obj: object, msg: string): void },
  everyMs = EVERY_MS,
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await run();
    } catch (error) {
      log.warn({ err: error }, 'reminder job failed; the next run tries again');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
