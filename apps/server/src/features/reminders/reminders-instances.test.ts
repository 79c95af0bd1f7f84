import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../test/databases.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { REDIS_AVAILABLE } from '../../test/redis.ts';
import { type Cluster, startCluster } from '../../test/scale-out/instances.ts';
import { capturingMailer, reminderUser } from './reminder-fixtures.ts';

const runs = REDIS_AVAILABLE && TEST_DATABASES.includes('postgres');
const USERS = 60;

describe.skipIf(!runs)('reminders with two instances on one PostgreSQL', () => {
  const clock = manualClock('2026-11-24T18:05:00.000Z');
  const mailer = capturingMailer();
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster({ env: { TEST_CLOCK: 'true' }, deps: { clock, mailer } });
    const db = cluster.instances[0]?.database.db;
    if (!db) throw new Error('no instance');
    for (let i = 0; i < USERS; i++) {
      await reminderUser(db, `racer${i}`, {
        timezone: 'UTC',
        hour: 18,
        due: 1,
        dueBy: '2026-11-01T00:00:00.000Z',
      });
    }
  });
  afterAll(async () => cluster?.close());

  it('sends each reminder once however the instances race', async () => {
    const runJob = (url: string) =>
      fetch(`${url}/api/test/jobs/reminders`, { method: 'POST' }).then(
        (r) => r.json() as Promise<{ sent: number }>,
      );
    const results = await Promise.all(
      [...cluster.instances, ...cluster.instances].map((i) => runJob(i.url)),
    );
    expect(mailer.sent).toHaveLength(USERS);
    expect(new Set(mailer.sent.map((m) => m.to)).size).toBe(USERS);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(USERS);
  });
});
