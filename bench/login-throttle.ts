/**
 * A day of one attacker guessing one account's PIN as fast as the throttle allows, against the
 * real login service and a real (in-memory SQLite) database, on a simulated clock.
 * Run: npx tsx bench/login-throttle.ts
 */

import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { createAddressLimits } from '../apps/server/src/features/auth/address-limits.ts';
import { createAuthService } from '../apps/server/src/features/auth/auth.service.ts';
import { createLoginThrottle } from '../apps/server/src/features/auth/login-throttle.ts';
import { createPins, hashPin } from '../apps/server/src/features/auth/pin.ts';
import { createTokenSigner } from '../apps/server/src/features/auth/tokens.ts';
import { AppError } from '../apps/server/src/lib/errors.ts';
import { createSlidingWindows } from '../apps/server/src/lib/sliding-window.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const SECRET_PIN = '7391';

async function main() {
  const { db, close } = openDatabase({ url: 'sqlite::memory:', dataDir: '.' });
  await migrateToLatest(db);
  let now = Date.parse('2026-11-23T00:00:00.000Z');
  const clock = { now: () => new Date(now) };
  await db
    .insertInto('users')
    .values({
      id: 'victim',
      username: 'victim',
      username_key: 'victim',
      email: 'victim@example.com',
      email_key: 'victim@example.com',
      mobile: '9876543210',
      full_name: 'Victim',
      avatar: null,
      plan: 'free',
      pin_hash: await hashPin(SECRET_PIN),
      email_verified_at: new Date(now).toISOString(),
      created_at: new Date(now).toISOString(),
    })
    .execute();
  const quiet = { info: () => undefined, warn: () => undefined };
  const auth = createAuthService({
    db,
    clock,
    captcha: {
      challenge: async () => ({ provider: 'turnstile', siteKey: '' }),
      verify: async () => true,
    },
    throttle: createLoginThrottle({ db, clock }),
    limits: createAddressLimits({
      windows: createSlidingWindows({ redis: null, keyPrefix: '', clock }),
      scale: 1,
    }),
    tokens: createTokenSigner('bench-secret-bench-secret-bench-secret'),
    pins: createPins(),
    mailer: { send: async () => undefined },
    publicUrl: 'http://localhost',
    openFirstCycle: async () => undefined,
    log: quiet,
  });

  const end = now + DAY_MS;
  let checked = 0;
  let refused = 0;
  let found = false;
  let guess = 0;
  while (now < end && !found) {
    // The attacker never tries the real PIN: the worst case for the defender is every guess wrong.
    const pin = String(guess === 7391 ? ++guess : guess).padStart(4, '0');
    try {
      // A new address for every guess: the account's own throttle is all that stands in the way.
      await auth.login('victim', pin, `attacker-${checked + refused}`);
      found = true;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.statusCode === 429) {
        refused++;
        const seconds = Number(/(\d+) (second|minute)/.exec(error.message)?.[1] ?? 1);
        const unit = error.message.includes('minute') ? 60_000 : 1000;
        now += seconds * unit;
        continue;
      }
      checked++;
      guess++;
      now += 1000;
    }
  }
  const share = ((checked / 10_000) * 100).toFixed(2);
  process.stdout.write(
    `PIN guesses checked in 24 h: ${checked} (${share}% of 10,000 PINs; target ≤ 40); refused attempts: ${refused}\n`,
  );
  await close();
}

await main();
