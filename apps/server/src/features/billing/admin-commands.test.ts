import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestDatabase, TEST_DATABASES } from '../../test/databases.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { runAdminCommand } from './admin-commands.ts';
import { createUsageService } from './usage.service.ts';

describe.each(TEST_DATABASES)('admin commands on %s', (kind) => {
  let database: Database;
  const clock = manualClock('2026-05-01T00:00:00.000Z');
  let usage: ReturnType<typeof createUsageService>;

  async function run(...args: string[]) {
    let out = '';
    let err = '';
    const code = await runAdminCommand(args, {
      db: database.db,
      usage,
      out: (text) => {
        out += text;
      },
      err: (text) => {
        err += text;
      },
    });
    return { code, out, err };
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    usage = createUsageService({ db: database.db, clock });
    await database.db
      .insertInto('users')
      .values({
        id: 'u-meera',
        username: 'Meera',
        username_key: 'meera',
        email: 'meera@example.com',
        email_key: 'meera@example.com',
        mobile: '9876543210',
        full_name: 'Meera Iyer',
        avatar: null,
        plan: 'free',
        pin_hash: 'x',
        email_verified_at: null,
        created_at: clock.now().toISOString(),
      })
      .execute();
    await usage.openFirstCycle(database.db, 'u-meera');
  });
  afterAll(() => database.close());

  it('lists users with plan and units left', async () => {
    const { code, out } = await run('list-users');
    expect(code).toBe(0);
    expect(out).toMatch(/^USERNAME\s+EMAIL\s+PLAN\s+UNITS LEFT/);
    expect(out).toMatch(/Meera\s+meera@example\.com\s+free\s+99\s+2026-06-01\s+no/);
    expect(out).toContain('1 user\n');
  });

  it('sets a plan by username or email, starting a fresh cycle', async () => {
    await database.db.updateTable('usage_cycles').set({ units_used: 40 }).execute();
    clock.advance(60_000);
    const pro = await run('set-plan', 'MEERA', 'Pro');
    expect(pro).toMatchObject({ code: 0, err: '' });
    expect(pro.out).toContain('Meera is now on pro: 299 units');
    expect(await usage.availableUnits('u-meera')).toBe(299);

    clock.advance(60_000);
    expect((await run('set-plan', 'meera@example.com', 'enterprise')).code).toBe(0);
    expect(await usage.availableUnits('u-meera')).toBeNull();
    const listed = await run('list-users');
    expect(listed.out).toMatch(/Meera\s+\S+\s+enterprise\s+unlimited/);
  });

  it('refuses unknown users, plans and commands with a non-zero code', async () => {
    expect(await run('set-plan', 'nobody', 'pro')).toMatchObject({ code: 1 });
    expect((await run('set-plan', 'meera', 'gold')).err).toContain('Unknown plan');
    const usageText = await run('drop-tables');
    expect(usageText.code).toBe(2);
    expect(usageText.err).toContain('npm run admin -- list-users');
  });
});
