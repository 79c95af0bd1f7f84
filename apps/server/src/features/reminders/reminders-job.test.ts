import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { createTestDatabase, TEST_DATABASES } from '../../test/databases.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { createRecapsService } from '../learning/recaps.service.ts';
import type { PushSender } from './push-sender.ts';
import { capturingMailer, deviceKeys, reminderUser } from './reminder-fixtures.ts';
import { createRemindersService, DEVICES_AT_ONCE, PUSHES_AT_ONCE } from './reminders.service.ts';
import { createUnsubscribeTokens } from './unsubscribe-token.ts';

const LONG_AGO = '2026-10-01T00:00:00.000Z';

/** A push service that takes a moment per push and counts the pushes in flight. */
function countingPush() {
  let inFlight = 0;
  const perUser = new Map<string, number>();
  const peak = { overall: 0, perUser: 0 };
  const sender: PushSender = {
    accepts: () => true,
    async send(target) {
      const user = target.endpoint.split('/')[3] ?? '';
      inFlight++;
      perUser.set(user, (perUser.get(user) ?? 0) + 1);
      peak.overall = Math.max(peak.overall, inFlight);
      peak.perUser = Math.max(peak.perUser, perUser.get(user) ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      perUser.set(user, (perUser.get(user) ?? 0) - 1);
      return 'delivered';
    },
  };
  return { sender, peak };
}

describe.each(TEST_DATABASES)('the reminder job on %s', (kind) => {
  let database: Database;
  const clock = manualClock('2026-11-24T08:05:00.000Z');
  beforeEach(async () => {
    database = await createTestDatabase(kind);
    clock.set('2026-11-24T08:05:00.000Z');
  });
  afterEach(() => database.close());

  const service = (
    deps: {
      push?: PushSender;
      mailer?: ReturnType<typeof capturingMailer>;
      elapsedMs?: () => number;
    } & Partial<{ budgetMs: number; batchSize: number }>,
  ) =>
    createRemindersService({
      db: database.db,
      clock,
      mailer: deps.mailer ?? capturingMailer(),
      push: deps.push ?? countingPush().sender,
      publicUrl: 'http://localhost:3000',
      unsubscribeTokens: createUnsubscribeTokens('a-test-secret-that-is-long-enough-000'),
      recaps: createRecapsService({ db: database.db, clock }),
      log: { warn: () => undefined },
      ...(deps.batchSize ? { batchSize: deps.batchSize } : {}),
      ...(deps.budgetMs !== undefined ? { budgetMs: deps.budgetMs } : {}),
      ...(deps.elapsedMs ? { elapsedMs: deps.elapsedMs } : {}),
    });

  it('keeps to its time budget: what it did not reach goes in the next runs, or later that day', async () => {
    for (let i = 0; i < 5; i++) {
      await reminderUser(database.db, `budget${i}`, {
        timezone: 'UTC',
        hour: 8,
        due: 1,
        dueBy: LONG_AGO,
      });
    }
    // Each email takes 600 ms of a 1-second budget.
    let elapsed = 0;
    const mailer = capturingMailer();
    const send = mailer.send.bind(mailer);
    mailer.send = (mail) => {
      elapsed += 600;
      return send(mail);
    };
    const reminders = service({ mailer, budgetMs: 1000, batchSize: 2, elapsedMs: () => elapsed });
    const runs = [];
    for (let i = 0; i < 3; i++) {
      elapsed = 0;
      runs.push(await reminders.runReminders());
    }
    expect(runs.map((r) => r.sent)).toEqual([2, 2, 1]);
    expect(mailer.sent).toHaveLength(5);

    // Three due at once in one batch: the third is past the budget, and kept for a retry.
    for (let i = 0; i < 3; i++) {
      await reminderUser(database.db, `late${i}`, {
        timezone: 'UTC',
        hour: 9,
        due: 1,
        dueBy: LONG_AGO,
      });
    }
    clock.set('2026-11-24T09:05:00.000Z');
    const big = service({ mailer, budgetMs: 1000, batchSize: 10, elapsedMs: () => elapsed });
    elapsed = 0;
    expect(await big.runReminders()).toMatchObject({ claimed: 3, sent: 2, failed: 1 });
    clock.set('2026-11-24T09:25:00.000Z');
    elapsed = 0;
    expect(await big.runReminders()).toMatchObject({ claimed: 1, sent: 1 });
    expect(new Set(mailer.sent.map((m) => m.to)).size).toBe(8);
  });

  it('sends a learner’s devices at once, within a cap per learner and one for the run', async () => {
    const push = countingPush();
    for (let u = 0; u < 8; u++) {
      const id = await reminderUser(database.db, `devices${u}`, {
        timezone: 'UTC',
        hour: 8,
        due: 1,
        dueBy: LONG_AGO,
        email: false,
        push: true,
      });
      await database.db
        .insertInto('push_subscriptions')
        .values(
          Array.from({ length: 10 }, (_, d) => ({
            id: newId(),
            user_id: id,
            endpoint: `https://fcm.googleapis.com/${id}/${d}`,
            created_at: LONG_AGO,
            ...deviceKeys(),
          })),
        )
        .execute();
    }
    const run = await service({ push: push.sender }).runReminders();
    expect(run).toMatchObject({ claimed: 8, sent: 8, failed: 0 });
    expect(push.peak.perUser).toBeGreaterThan(1);
    expect(push.peak.perUser).toBeLessThanOrEqual(DEVICES_AT_ONCE);
    expect(push.peak.overall).toBeGreaterThan(DEVICES_AT_ONCE);
    expect(push.peak.overall).toBeLessThanOrEqual(PUSHES_AT_ONCE);
  });
});
