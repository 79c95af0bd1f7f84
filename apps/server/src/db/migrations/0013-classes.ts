import type { Kysely } from 'kysely';

/**
 * Classes (DESIGN.md §13): a teacher's class, its members, its assignments of concepts, and the
 * free explanations the class paid for. Progress is not stored here: it is read from what the
 * learning loop keeps (explanations, quizzes, recap cards).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('classes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('teacher_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // Rotating replaces it: an old link stops working at once.
    .addColumn('join_code', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('classes_teacher_idx').on('classes').column('teacher_id').execute();

  await db.schema
    .createTable('class_members')
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('class_members_pk', ['class_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('class_members_user_idx')
    .on('class_members')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('assignments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assignments_class_idx')
    .on('assignments')
    .columns(['class_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('assignment_concepts')
    .addColumn('assignment_id', 'text', (c) =>
      c.notNull().references('assignments.id').onDelete('cascade'),
    )
    .addColumn('class_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('concept', 'text', (c) => c.notNull())
    // lib/query-key.ts of the concept: how explanations and recap cards name it.
    .addColumn('concept_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('assignment_concepts_pk', ['assignment_id', 'concept_key'])
    .execute();
  await db.schema
    .createIndex('assignment_concepts_class_idx')
    .on('assignment_concepts')
    .columns(['class_id', 'concept_key'])
    .execute();

  // One free explanation per concept and member, paid by the class: the primary key is what
  // makes concurrent first explanations claim it once.
  await db.schema
    .createTable('class_claims')
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('concept_key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    // What was explained for free: asking exactly that again stays free.
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('difficulty', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('class_claims_pk', ['class_id', 'concept_key', 'user_id'])
    .execute();
  await db.schema
    .createIndex('class_claims_user_idx')
    .on('class_claims')
    .columns(['user_id', 'concept_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'class_claims',
    'assignment_concepts',
    'assignments',
    'class_members',
    'classes',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
