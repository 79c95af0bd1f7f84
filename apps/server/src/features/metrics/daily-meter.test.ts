import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestDatabase, TEST_DATABASES } from '../../test/databases.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { createDailyMeter, METERS } from './daily-meter.ts';

describe.each(TEST_DATABASES)('daily meters on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('adds what two instances count into the same day’s rows, in one write per flush', async () => {
    const clock = manualClock('2026-11-20T23:59:00.000Z');
    const a = createDailyMeter({ db: database.db, clock, flushEveryMs: 60_000 });
    const b = createDailyMeter({ db: database.db, clock, flushEveryMs: 60_000 });
    for (let i = 0; i < 1000; i++) a.add(METERS.units, 1);
    a.add(METERS.units, -3);
    b.add(METERS.units, 5);
    a.aiCall({
      provider: 'remote-openai',
      model: 'gpt-4o-mini',
      inputTokens: 100,
      outputTokens: 40,
    });
    b.aiCall({ provider: 'remote-openai', model: 'gpt-4o-mini', inputTokens: 10, outputTokens: 4 });
    await Promise.all([a.flush(), b.flush()]);
    clock.advance(2 * 60_000);
    a.add(METERS.errors5xx, 1);

    const rows = await a.between('2026-11-20', '2026-11-21');
    const value = (day: string, metric: string) =>
      rows.find((r) => r.day === day && r.metric === metric)?.value;
    expect(value('2026-11-20', METERS.units)).toBe(1002);
    expect(value('2026-11-20', METERS.aiCalls)).toBe(2);
    expect(value('2026-11-20', METERS.aiInput)).toBe(110);
    expect(value('2026-11-20', METERS.aiOutput)).toBe(44);
    expect(value('2026-11-21', METERS.errors5xx)).toBe(1);
    // Flushing again writes nothing twice.
    await a.flush();
    expect(
      (await b.between('2026-11-20', '2026-11-20')).find((r) => r.metric === METERS.units)?.value,
    ).toBe(1002);
  });
});
