import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.ts';

export interface MeterRow {
  day: string;
  metric: string;
  provider: string;
  model: string;
  value: number;
}

/** Adds each row's value to its day's counter; one statement for the whole batch. */
export async function addToMeters(db: Kysely<DB>, rows: MeterRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('meter_days')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['day', 'metric', 'provider', 'model'])
        .doUpdateSet({ value: sql`meter_days.value + excluded.value` }),
    )
    .execute();
}

export async function metersBetween(
  db: Kysely<DB>,
  fromDay: string,
  toDay: string,
): Promise<MeterRow[]> {
  const rows = await db
    .selectFrom('meter_days')
    .selectAll()
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .execute();
  return rows.map((r) => ({ ...r, value: Number(r.value) }));
}
