import type { Kysely, Transaction } from 'kysely';
import { preparedInsert, preparedQuery, runQuery } from '../../db/prepared-query.ts';
import type { DB } from '../../db/types.ts';

type Db = Kysely<DB> | Transaction<DB>;

export async function readCachedAnswer(db: Db, cacheKey: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('explanation_cache')
    .select('response_json')
    .where('cache_key', '=', cacheKey)
    .executeTakeFirst();
  return row?.response_json;
}

/** Stores an answer; a regenerated one replaces the old. */
export async function saveCachedAnswer(
  db: Db,
  entry: { cacheKey: string; provider: string; responseJson: string; createdAt: Date },
): Promise<void> {
  await db
    .insertInto('explanation_cache')
    .values({
      cache_key: entry.cacheKey,
      provider: entry.provider,
      response_json: entry.responseJson,
      created_at: entry.createdAt.toISOString(),
    })
    .onConflict((oc) =>
      oc.column('cache_key').doUpdateSet({
        response_json: entry.responseJson,
        created_at: entry.createdAt.toISOString(),
      }),
    )
    .execute();
}

export interface NewExplanation {
  id: string;
  userId: string;
  conceptName: string;
  queryKey: string;
  template: string;
  difficulty: string;
  provider: string;
  /** The answer_texts row of the answer, written before the message. */
  answerId: string;
  language: string;
  /** The learner's material it was grounded in, named for good (migration 0010). */
  material?: { materialId: string; title: string } | undefined;
  /** The model failed and the no-key explainer wrote it (DESIGN.md §18). */
  fallback?: boolean | undefined;
  createdAt: Date;
}

/** Stores answer texts, each once: a text already stored under its id is left as it is. */
export async function insertAnswerTexts(
  db: Db,
  texts: { id: string; text: string; details: string | null }[],
) {
  if (texts.length === 0) return;
  await runQuery(
    db,
    db
      .insertInto('answer_texts')
      .values(texts.map((t) => ({ id: t.id, text: t.text, details_json: t.details })))
      .onConflict((oc) => oc.column('id').doNothing()),
  );
}

const EXPLANATION_COLUMNS = [
  'id',
  'user_id',
  'concept_name',
  'query_key',
  'template',
  'difficulty',
  'provider',
  'answer_id',
  'language',
  'material_id',
  'material_title',
  'fallback',
  'created_at',
] as const;

// Every value is bound as text: fallback's '0' or '1' is read as the integer column's value.
const insertExplanationRows = preparedInsert(EXPLANATION_COLUMNS, (db, rows) =>
  db
    .insertInto('explanations')
    .values(rows.map((row) => ({ ...row, fallback: row.fallback as unknown as number }))),
);

/** The ISO form of the last time asked for: a batch's rows were mostly stored in the same ms. */
let lastTime = Number.NaN;
let lastIso = '';
function isoTime(date: Date): string {
  const time = date.getTime();
  if (time !== lastTime) {
    lastTime = time;
    lastIso = date.toISOString();
  }
  return lastIso;
}

/** Stores the users' messages in one statement (see lib/batch-writer.ts). */
export async function insertExplanations(db: Db, rows: NewExplanation[]): Promise<void> {
  await insertExplanationRows(
    db,
    // In EXPLANATION_COLUMNS order.
    rows.map((row) => [
      row.id,
      row.userId,
      row.conceptName,
      row.queryKey,
      row.template,
      row.difficulty,
      row.provider,
      row.answerId,
      row.language,
      row.material?.materialId ?? null,
      row.material?.title ?? null,
      row.fallback ? '1' : '0',
      isoTime(row.createdAt),
    ]),
  );
}

const askedSince = preparedQuery(
  7,
  (
    db,
    userId: string,
    queryKey: string,
    template: string,
    difficulty: string,
    language: string,
    since: string,
    materialId: string,
  ) =>
    db
      .selectFrom('explanations')
      .select('id')
      .where('user_id', '=', userId)
      .where('query_key', '=', queryKey)
      .where('template', '=', template)
      .where('difficulty', '=', difficulty)
      .where('language', '=', language)
      .where('created_at', '>=', since)
      // A fallback was free: the model's answer asked for after it is not a repeat.
      .where('fallback', '=', 0)
      // '' for none: the prepared query's values are strings.
      .where((eb) => eb.fn.coalesce('material_id', eb.val('')), '=', materialId)
      .limit(1),
);

/** One ask of an explanation, as the free-repeat rule compares it. */
export interface Ask {
  userId: string;
  queryKey: string;
  template: string;
  difficulty: string;
  language: string;
  /** Start of the user's current cycle, as the usage service has it now. */
  since: string;
  /** The learner's material it is grounded in; '' for none. */
  materialId: string;
}

/** Every part of an ask that tells it apart, in one order: the query's and any key's. */
export const askParts = (ask: Ask) =>
  [
    ask.userId,
    ask.queryKey,
    ask.template,
    ask.difficulty,
    ask.language,
    ask.since,
    ask.materialId,
  ] as const;

/** Whether the user already received this (query, template, difficulty, language) since a moment. */
export async function hasAskedSince(db: Db, ask: Ask): Promise<boolean> {
  const rows = await askedSince(db, ...askParts(ask));
  return rows.length > 0;
}

export function conceptHistory(db: Db, userId: string, queryKey: string) {
  return db
    .selectFrom('explanations')
    .innerJoin('answer_texts', 'answer_texts.id', 'explanations.answer_id')
    .select(['template', 'answer_texts.text as ai_answer', 'created_at'])
    .where('user_id', '=', userId)
    .where('query_key', '=', queryKey)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
}

const RECORD_COLUMNS = [
  'explanations.id',
  'concept_name',
  'template',
  'difficulty',
  'language',
  'provider',
  'answer_id',
  'answer_texts.text',
  'answer_texts.details_json',
  'material_id',
  'material_title',
  'fallback',
  'created_at',
] as const;

/** One of the user's explanations with its answer text; undefined for anyone else's id. */
export function explanationOf(db: Db, userId: string, explanationId: string) {
  return db
    .selectFrom('explanations')
    .innerJoin('answer_texts', 'answer_texts.id', 'explanations.answer_id')
    .select(RECORD_COLUMNS)
    .where('explanations.id', '=', explanationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Several of the user's explanations with their answer texts, in one query (an export's page). */
export function explanationsByIds(db: Db, userId: string, explanationIds: readonly string[]) {
  if (explanationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('explanations')
    .innerJoin('answer_texts', 'answer_texts.id', 'explanations.answer_id')
    .select(RECORD_COLUMNS)
    .where('explanations.id', 'in', explanationIds)
    .where('user_id', '=', userId)
    .execute();
}

/** The user's explanations, oldest first: what an export lists. */
export function explanationIdsOf(db: Db, userId: string) {
  return db
    .selectFrom('explanations')
    .select(['id', 'concept_name', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Account deletion: the explanations go, and with them (cascades) their follow-ups and quizzes. */
export async function deleteExplanationsOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('explanations').where('user_id', '=', userId).execute();
}
