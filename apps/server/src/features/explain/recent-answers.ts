/**
 * A small in-process memory of recently read answers in front of the shared cache table, so a
 * popular concept is not re-read and re-validated on every request. Entries expire quickly
 * because another instance may regenerate the same answer.
 */
export function createRecentAnswers<T>(options: { max: number; ttlMs: number; now: () => number }) {
  const entries = new Map<string, { value: T; at: number }>();
  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (options.now() - entry.at > options.ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key: string, value: T): void {
      entries.delete(key);
      if (entries.size >= options.max) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { value, at: options.now() });
    },
  };
}
