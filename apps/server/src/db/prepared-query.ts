import type { Compilable, CompiledQuery, Kysely, Transaction } from 'kysely';
import { runDirectly } from './direct-sqlite.ts';
import type { DB } from './types.ts';

type Db = Kysely<DB> | Transaction<DB>;

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** For each SQL parameter, the argument that fills it, or -1 for a constant of the query. */
  slots: number[];
}

function compile<A extends string[], R>(
  db: Db,
  arity: number,
  build: (db: Db, ...args: A) => Compilable<R>,
): Compiled<R> {
  const nonce = Math.random().toString(36).slice(2);
  const placeholders = Array.from({ length: arity }, (_, i) => `\u0000${nonce}:${i}`);
  const query = build(db, ...(placeholders as A)).compile();
  // By a map: a batch insert has a thousand placeholders, and searching the list for each was
  // a million string comparisons for every batch size met.
  const argumentOf = new Map(placeholders.map((p, i) => [p, i]));
  const slots = query.parameters.map((p) => argumentOf.get(p as string) ?? -1);
  const used = new Set(slots);
  for (const i of placeholders.keys()) {
    if (!used.has(i)) throw new Error(`Argument ${i} is not a parameter of: ${query.sql}`);
  }
  return { query, slots };
}

/**
 * A query of the request path, built and compiled once per database. Building and compiling a
 * Kysely query took more CPU than running it on SQLite (profile of the cached explanation), yet
 * only its values change. `build` must pass each (string) argument straight in as a value.
 */
export function preparedQuery<A extends string[], R>(
  arity: A['length'],
  build: (db: Db, ...args: A) => Compilable<R>,
) {
  const compiled = new WeakMap<Db, Compiled<R>>();
  return async (db: Db, ...args: A): Promise<R[]> => {
    let entry = compiled.get(db);
    if (!entry) {
      entry = compile(db, arity, build);
      compiled.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = slots.map((slot, i) => (slot < 0 ? query.parameters[i] : args[slot]));
    const ready = { ...query, parameters };
    return runDirectly(db, ready) ?? (await db.executeQuery<R>(ready)).rows;
  };
}

/** Runs a query built on the spot, directly on SQLite when it can (see direct-sqlite.ts). */
export async function runQuery<R>(db: Db, query: Compilable<R>): Promise<R[]> {
  const compiled = query.compile();
  return runDirectly(db, compiled) ?? (await db.executeQuery(compiled)).rows;
}

/**
 * A multi-row insert, compiled once per row count (see preparedQuery): building and compiling
 * Kysely's tree for a batch of fifty messages cost a third of what SQLite took to store them.
 * Rows come as tuples in `columns` order, copied straight into the parameters: picking each value
 * out of a row object by its column's name was 2 µs of a cached explanation's CPU per row.
 * `build` must pass each placeholder value straight in.
 */
export function preparedInsert<const C extends readonly string[]>(
  columns: C,
  build: (db: Db, rows: Record<C[number], string>[]) => Compilable<unknown>,
) {
  const compiled = new WeakMap<Db, Map<number, Compiled<unknown>>>();
  return async (db: Db, rows: readonly { readonly [K in keyof C]: string | null }[]) => {
    let bySize = compiled.get(db);
    if (!bySize) {
      bySize = new Map();
      compiled.set(db, bySize);
    }
    let entry = bySize.get(rows.length);
    if (!entry) {
      entry = compile(db, rows.length * columns.length, (db, ...placeholders: string[]) =>
        build(
          db,
          rows.map((_, r) => {
            const row = {} as Record<C[number], string>;
            for (const [i, column] of columns.entries()) {
              row[column as C[number]] = placeholders[r * columns.length + i] as string;
            }
            return row;
          }),
        ),
      );
      bySize.set(rows.length, entry);
    }
    const { query, slots } = entry;
    const width = columns.length;
    const parameters = new Array<unknown>(slots.length);
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i] as number;
      if (slot < 0) parameters[i] = query.parameters[i];
      else parameters[i] = (rows[(slot / width) | 0] as readonly unknown[])[slot % width];
    }
    const ready = { ...query, parameters };
    if (!runDirectly(db, ready)) await db.executeQuery(ready);
  };
}
