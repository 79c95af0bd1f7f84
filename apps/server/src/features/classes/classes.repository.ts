import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The class and the caller's place in it (teacher or member), in one read: see access.ts. */
export function classWithCaller(db: Db, classId: string, userId: string) {
  return db
    .selectFrom('classes')
    .leftJoin('class_members', (join) =>
      join
        .onRef('class_members.class_id', '=', 'classes.id')
        .on('class_members.user_id', '=', userId),
    )
    .innerJoin('users as teachers', 'teachers.id', 'classes.teacher_id')
    .select([
      'classes.id',
      'classes.teacher_id',
      'classes.name',
      'classes.join_code',
      'classes.created_at',
      'class_members.user_id as member_id',
      'teachers.full_name as teacher_name',
    ])
    .where('classes.id', '=', classId)
    .executeTakeFirst();
}

export async function insertClass(
  db: Db,
  row: { id: string; teacherId: string; name: string; joinCode: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('classes')
    .values({
      id: row.id,
      teacher_id: row.teacherId,
      name: row.name,
      join_code: row.joinCode,
      created_at: row.createdAt,
    })
    .execute();
}

export async function setJoinCode(db: Db, classId: string, joinCode: string): Promise<void> {
  await db.updateTable('classes').set({ join_code: joinCode }).where('id', '=', classId).execute();
}

export function classByJoinCode(db: Db, joinCode: string) {
  return db
    .selectFrom('classes')
    .select(['id', 'name', 'teacher_id'])
    .where('join_code', '=', joinCode)
    .executeTakeFirst();
}

/** Classes the user teaches or belongs to, with their member counts, oldest first. */
export function classesOf(db: Db, userId: string) {
  return db
    .selectFrom('classes')
    .select((eb) => [
      'classes.id',
      'classes.name',
      'classes.teacher_id',
      'classes.join_code',
      'classes.created_at',
      eb
        .selectFrom('class_members as counted')
        .select((c) => c.fn.countAll<number | string>().as('n'))
        .whereRef('counted.class_id', '=', 'classes.id')
        .as('member_count'),
    ])
    .where((eb) =>
      eb.or([
        eb('classes.teacher_id', '=', userId),
        eb(
          'classes.id',
          'in',
          eb.selectFrom('class_members').select('class_id').where('user_id', '=', userId),
        ),
      ]),
    )
    .orderBy('classes.created_at')
    .orderBy('classes.id')
    .execute();
}

/** Adds a member; false when they were one already. */
export async function addMember(
  db: Db,
  classId: string,
  userId: string,
  joinedAt: string,
): Promise<boolean> {
  const result = await db
    .insertInto('class_members')
    .values({ class_id: classId, user_id: userId, joined_at: joinedAt })
    .onConflict((oc) => oc.columns(['class_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Removes a member; false when they were none. */
export async function removeMember(db: Db, classId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('class_members')
    .where('class_id', '=', classId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

/** Members as a teacher may see them: first name (from the full name) and username, nothing else. */
export function membersOf(db: Db, classId: string, onlyUserId?: string) {
  let query = db
    .selectFrom('class_members')
    .innerJoin('users', 'users.id', 'class_members.user_id')
    .select(['users.id', 'users.username', 'users.full_name', 'class_members.joined_at'])
    .where('class_members.class_id', '=', classId);
  if (onlyUserId) query = query.where('class_members.user_id', '=', onlyUserId);
  return query.orderBy('class_members.joined_at').orderBy('users.id').execute();
}

export async function insertAssignment(
  db: Db,
  row: {
    id: string;
    classId: string;
    title: string;
    dueAt: string | null;
    createdAt: string;
    concepts: { concept: string; conceptKey: string }[];
  },
): Promise<void> {
  await db
    .insertInto('assignments')
    .values({
      id: row.id,
      class_id: row.classId,
      title: row.title,
      due_at: row.dueAt,
      created_at: row.createdAt,
    })
    .execute();
  await db
    .insertInto('assignment_concepts')
    .values(
      row.concepts.map((c, position) => ({
        assignment_id: row.id,
        class_id: row.classId,
        position,
        concept: c.concept,
        concept_key: c.conceptKey,
      })),
    )
    .execute();
}

/** The class's assignments with their concepts in order: one row per concept. */
export function assignmentsOf(db: Db, classIds: readonly string[]) {
  if (classIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('assignments')
    .innerJoin('assignment_concepts', 'assignment_concepts.assignment_id', 'assignments.id')
    .select([
      'assignments.id',
      'assignments.class_id',
      'assignments.title',
      'assignments.due_at',
      'assignments.created_at',
      'assignment_concepts.concept',
      'assignment_concepts.concept_key',
    ])
    .where('assignments.class_id', 'in', classIds)
    .orderBy('assignments.created_at')
    .orderBy('assignments.id')
    .orderBy('assignment_concepts.position')
    .execute();
}

/**
 * The class that pays for the user's explanation of a concept: one they belong to that assigned
 * it, whose teacher is still on Enterprise (the first such, so racing requests pick the same).
 */
export function sponsoringClass(db: Db, userId: string, conceptKey: string) {
  return db
    .selectFrom('assignment_concepts')
    .innerJoin('class_members', (join) =>
      join
        .onRef('class_members.class_id', '=', 'assignment_concepts.class_id')
        .on('class_members.user_id', '=', userId),
    )
    .innerJoin('classes', 'classes.id', 'assignment_concepts.class_id')
    .innerJoin('users as teachers', 'teachers.id', 'classes.teacher_id')
    .select('assignment_concepts.class_id')
    .where('assignment_concepts.concept_key', '=', conceptKey)
    .where('teachers.plan', '=', 'enterprise')
    .orderBy('assignment_concepts.class_id')
    .limit(1)
    .executeTakeFirst();
}

export interface Claim {
  classId: string;
  conceptKey: string;
  userId: string;
  template: string;
  difficulty: string;
  language: string;
}

export function claimOf(db: Db, userId: string, conceptKey: string) {
  return db
    .selectFrom('class_claims')
    .select(['class_id', 'template', 'difficulty', 'language'])
    .where('user_id', '=', userId)
    .where('concept_key', '=', conceptKey)
    .executeTakeFirst();
}

/** Inserts the claim; throws a unique violation when another request claimed it first. */
export async function insertClaim(db: Db, claim: Claim, createdAt: string): Promise<void> {
  await db
    .insertInto('class_claims')
    .values({
      class_id: claim.classId,
      concept_key: claim.conceptKey,
      user_id: claim.userId,
      template: claim.template,
      difficulty: claim.difficulty,
      language: claim.language,
      created_at: createdAt,
    })
    .execute();
}

export async function deleteClaim(db: Db, claim: Claim): Promise<void> {
  await db
    .deleteFrom('class_claims')
    .where('class_id', '=', claim.classId)
    .where('concept_key', '=', claim.conceptKey)
    .where('user_id', '=', claim.userId)
    .execute();
}

const count = async (query: { executeTakeFirst(): Promise<{ n: number | string } | undefined> }) =>
  Number((await query.executeTakeFirst())?.n ?? 0);

/** How many classes the teacher runs (for the cap in the service). */
export const classesTaughtBy = (db: Db, teacherId: string) =>
  count(
    db
      .selectFrom('classes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('teacher_id', '=', teacherId),
  );

export const assignmentCount = (db: Db, classId: string) =>
  count(
    db
      .selectFrom('assignments')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('class_id', '=', classId),
  );

export const memberCount = (db: Db, classId: string) =>
  count(
    db
      .selectFrom('class_members')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('class_id', '=', classId),
  );

/**
 * Account deletion: the user's memberships and free claims go, and the classes they teach with
 * everything in them (assignments, members, claims: cascades).
 */
export async function deleteClassesOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('class_claims').where('user_id', '=', userId).execute();
  await db.deleteFrom('class_members').where('user_id', '=', userId).execute();
  await db.deleteFrom('classes').where('teacher_id', '=', userId).execute();
}
