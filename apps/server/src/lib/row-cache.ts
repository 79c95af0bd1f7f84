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

  async function loadAndKeep(key: string, load: () => Promise<V | undefined>, now: number) {
    if (!watch) return load();
    const generation = watch.generation();
    const value = await load();
    if (value === undefined || watch.generation() !== generation) return value;
    if (entries.size >= options.max) entries.clear();
    entries.set(key, { value, generation, until: now + options.ttlMs });
    return value;
  }

  return {
    /** A kept row as it is (await it either way): a hit on every request makes no promise. */
    read(key: string, load: () => Promise<V | undefined>): V | Promise<V | undefined> {
      const now = options.now();
      const kept = watch ? entries.get(key) : undefined;
      if (kept && kept.generation === watch?.generation() && kept.until > now) return kept.value;
      return loadAndKeep(key, load, now);
    },
  };
}
