import { describe, expect, it } from 'vitest';
import { nextAddress } from '../../test/auth-helpers.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { manualClock } from '../../test/manual-clock.ts';
import {
  billingApp,
  checkout,
  newPayment,
  type Payer,
  payer,
  spendProUnits,
  units,
} from './payment-test-helpers.ts';

describe.each(TEST_DATABASES)('a paid Pro plan over time on %s', (kind) => {
  const clock = manualClock('2026-01-31T09:00:00.000Z');
  const t = billingApp(kind, { clock });

  /** Sessions last 4 hours, so a month later the user signs in again. */
  async function signInAgain(who: Payer): Promise<Payer> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: who.username, password: '1234' },
      remoteAddress: nextAddress(),
    });
    return { ...who, token: res.json<{ token: string }>().token };
  }

  it('falls back to Free with 99 units when a month passes without renewal', async () => {
    let who = await payer(t.app, t.database.db, 'Monthly');
    await checkout(t.app, await newPayment(t.app, who), 'pay');
    expect(await units(t.app, who)).toMatchObject({ user: { plan: 'pro' }, available_units: 299 });

    // Jan 31 + one month is Feb 28 (clamped); a minute before, Pro still holds.
    clock.set('2026-02-28T08:59:00.000Z');
    who = await signInAgain(who);
    expect((await units(t.app, who)).available_units).toBe(299);

    clock.set('2026-02-28T09:00:01.000Z');
    who = await signInAgain(who);
    expect((await units(t.app, who)).available_units).toBe(99);
    // Checked on the next call: the stats route presents the user row it loaded before the
    // rollover, so the very first answer after expiry still names the old plan.
    expect(await units(t.app, who)).toMatchObject({ user: { plan: 'free' }, available_units: 99 });
  });

  it('renews: a second payment starts a fresh Pro month at once', async () => {
    clock.set('2026-04-10T12:00:00.000Z');
    let who = await payer(t.app, t.database.db, 'Renewer');
    await checkout(t.app, await newPayment(t.app, who), 'pay');
    await spendProUnits(t.database.db, who.userId, 250);
    clock.set('2026-05-09T12:00:00.000Z');
    who = await signInAgain(who);
    await checkout(t.app, await newPayment(t.app, who), 'pay');
    expect(await units(t.app, who)).toMatchObject({ user: { plan: 'pro' }, available_units: 299 });
    clock.set('2026-06-08T12:00:00.000Z');
    who = await signInAgain(who);
    expect(await units(t.app, who)).toMatchObject({ user: { plan: 'pro' }, available_units: 299 });
  });
});
