import type { ChangeWatch } from '../db/change-watch.ts';

interface Entry<V> {
  value: V;
  generation: number;
  until: number;
}

export interface RowCacheOptions {
  /** Without one (PostgreSQL, shared by several instances) nothing is kept: every read loads. */
  watch: ChangeWatch | undefined;
  ttlMs: number;
  max: number;
  now: () => number;
}

/**
 * Rows read on every request (a session's user, a user's cycle), kept while the change watch says
 * nothing they come from has changed. A row read while something changed is not kept, since it
 * may predate the change.
 */
export function createRowCache<V>(options: RowCacheOptions) {
  const { watch } = options;
  const entries = new Map<string, Entry<V>>();
  return {
    async read(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
      if (!watch) return load();
      const generation = watch.generation();
      const now = options.now();
      const kept = entries.get(key);
      if (kept && kept.generation === generation && kept.until > now) return kept.value;
      const value = await load();
      if (value === undefined || watch.generation() !== generation) return value;
      if (entries.size >= options.max) entries.clear();
      entries.set(key, { value, generation, until: now + options.ttlMs });
      return value;
    },
  };
}
