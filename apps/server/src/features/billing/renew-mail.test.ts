import { beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../lib/mailer.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { userRow } from '../../test/user-row.ts';
import { billingDatabase } from './payment-test-helpers.ts';
import { createRenewMail } from './renew-mail.ts';
import { createUsageService } from './usage.service.ts';

describe.each(TEST_DATABASES)('the renew mail on %s', (kind) => {
  const database = billingDatabase(kind);
  const clock = manualClock('2026-11-01T10:00:00.000Z');
  const sent: Mail[] = [];
  const job = () =>
    createRenewMail({
      db: database.db,
      clock,
      mailer: { send: async (mail) => void sent.push(mail) },
      publicUrl: 'https://grasp.example',
      log: { warn: () => undefined },
    });

  beforeAll(async () => {
    const usage = createUsageService({ db: database.db, clock });
    await database.db
      .insertInto('users')
      .values([userRow('u-pro', 'Prachi', 'pro'), userRow('u-free', 'Faiz')])
      .execute();
    await database.db.transaction().execute(async (tx) => {
      await usage.startPlan(tx, 'u-pro', 'pro');
      await usage.openFirstCycle(tx, 'u-free');
    });
  });

  it('goes once, three days before a Pro cycle ends, however many instances run it', async () => {
    expect(await job().run()).toEqual({ sent: 0 });
    clock.set('2026-11-28T11:00:00.000Z'); // the cycle ends on Dec 1, 10:00
    const runs = await Promise.all([job().run(), job().run(), job().run()]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(await job().run()).toEqual({ sent: 0 });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'Prachi@example.com' });
    expect(sent[0]?.subject).toMatch(/Pro plan ends on 1 December 2026/);
    expect(sent[0]?.text).toContain('https://grasp.example/pricing');
  });
});
