interface Log {
  warn(obj: object, msg: string): void;
}

export const BILLING_JOBS_EVERY_MS = 60_000;

/**
 * Runs the billing jobs (reconciliation, renew mails) every minute on each instance; one run at
 * a time per instance, and the jobs are safe to overlap across instances.
 */
export function startBillingJobs(
  run: () => Promise<unknown>,
  log: Log,
  everyMs = BILLING_JOBS_EVERY_MS,
) {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= run()
      .then(() => undefined)
      .catch((error: unknown) => log.warn({ err: error }, 'billing jobs failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
