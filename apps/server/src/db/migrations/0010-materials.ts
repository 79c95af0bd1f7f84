import { type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * The learner's own material (DESIGN.md §10): its passages with their pages, indexed by the
 * database's own full-text search (SQLite FTS5, PostgreSQL tsvector + GIN). The uploaded file is
 * never stored. An explanation remembers the material it came from by id and title, so it still
 * names it after the material is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('materials')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('pages', 'integer')
    .addColumn('chars', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('materials_user_idx')
    .on('materials')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('material_passages')
    .addColumn('id', sqlite ? 'integer' : 'bigserial', (c) => c.primaryKey())
    .addColumn('material_id', 'text', (c) =>
      c.notNull().references('materials.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('page', 'integer')
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('material_passages_material_idx')
    .on('material_passages')
    .columns(['material_id', 'position'])
    .execute();
  if (sqlite) {
    // A search is within one material. FTS5 narrows by a term best, so each passage is indexed
    // with its material's scope term ("m" and the id's hex digits) beside its text; the view
    // gives the index that column without storing it twice.
    await sql`create view material_passages_search as
      select id, 'm' || replace(material_id, '-', '') as scope, text from material_passages`.execute(
      db,
    );
    await sql`create virtual table material_passages_fts using fts5(
      scope, text, content='material_passages_search', content_rowid='id',
      tokenize='porter unicode61')`.execute(db);
    await sql`create trigger material_passages_ai after insert on material_passages begin
      insert into material_passages_fts(rowid, scope, text)
      values (new.id, 'm' || replace(new.material_id, '-', ''), new.text); end`.execute(db);
    await sql`create trigger material_passages_ad after delete on material_passages begin
      insert into material_passages_fts(material_passages_fts, rowid, scope, text)
      values ('delete', old.id, 'm' || replace(old.material_id, '-', ''), old.text); end`.execute(
      db,
    );
  } else {
    await sql`alter table material_passages add column search tsvector
      generated always as (to_tsvector('english', text)) stored`.execute(db);
    await sql`create index material_passages_search_idx on material_passages using gin (search)`.execute(
      db,
    );
  }
  await db.schema.alterTable('explanations').addColumn('material_id', 'text').execute();
  await db.schema.alterTable('explanations').addColumn('material_title', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('explanations').dropColumn('material_title').execute();
  await db.schema.alterTable('explanations').dropColumn('material_id').execute();
  await sql`drop table if exists material_passages_fts`.execute(db);
  await sql`drop view if exists material_passages_search`.execute(db);
  await db.schema.dropTable('material_passages').ifExists().execute();
  await db.schema.dropTable('materials').ifExists().execute();
}
