/** How often each instance looks for reminders due: a reminder goes within this of its hour. */
const EVERY_MS = 5 * 60 * 1000;
/** A run has a time budget well below this; one going this long is stuck, not busy. */
const STUCK_AFTER_RUNS = 4;

/**
 * Runs the reminder job on every instance; the claim rows decide who sends each reminder, so
 * instances need not agree on anything else. A run still going when the next is due is let be
 * (and said so); one going for several periods is left behind and another starts, since the
 * claims keep two runs from sending the same reminder.
 */
export function scheduleReminders(
  run: () => Promise<unknown>,
  log: { warn(obj: object, msg: string): void },
  everyMs = EVERY_MS,
): () => void {
  let current: { startedAt: number } | null = null;
  const tick = async () => {
    if (current) {
      const goingMs = Date.now() - current.startedAt;
      if (goingMs < STUCK_AFTER_RUNS * everyMs) {
        log.warn({ goingMs }, 'reminder run still going; this one is skipped');
        return;
      }
      log.warn({ goingMs }, 'reminder run stuck; starting another beside it');
    }
    const mine = { startedAt: Date.now() };
    current = mine;
    try {
      await run();
    } catch (error) {
      log.warn({ err: error }, 'reminder job failed; the next run tries again');
    } finally {
      if (current === mine) current = null;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
