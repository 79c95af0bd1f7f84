import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, StaffActionsTable } from '../../db/types.ts';

export type StaffActionRow = Selectable<StaffActionsTable>;

/** The only write to the log: rows are added, never changed or removed. */
export async function insertStaffAction(
  db: Kysely<DB> | Transaction<DB>,
  row: Insertable<StaffActionsTable>,
): Promise<void> {
  await db.insertInto('staff_actions').values(row).execute();
}

export interface AuditFilter {
  actor?: string | undefined;
  target?: string | undefined;
  limit: number;
  offset: number;
}

function matching(db: Kysely<DB>, filter: AuditFilter) {
  let query = db.selectFrom('staff_actions');
  if (filter.actor) query = query.where('actor', '=', filter.actor);
  const { target } = filter;
  if (target) {
    query = query.where((eb) =>
      eb.or([eb('target_id', '=', target), eb('target_label', '=', target)]),
    );
  }
  return query;
}

export async function searchStaffActions(db: Kysely<DB>, filter: AuditFilter) {
  const [rows, count] = await Promise.all([
    matching(db, filter)
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    matching(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
