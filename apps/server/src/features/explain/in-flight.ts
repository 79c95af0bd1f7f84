/**
 * Shares one provider call among concurrent identical requests. Late joiners first receive the
 * text streamed so far, then the rest as it arrives.
 */
export interface InFlight<T> {
  run(
    key: string,
    produce: (emit: (delta: string) => void) => Promise<T>,
    onDelta?: (delta: string) => void,
  ): Promise<T>;
  readonly size: number;
}

interface Entry<T> {
  promise: Promise<T>;
  deltas: string[];
  listeners: Set<(delta: string) => void>;
}

export function createInFlight<T>(): InFlight<T> {
  const entries = new Map<string, Entry<T>>();

  function join(entry: Entry<T>, onDelta?: (delta: string) => void): Promise<T> {
    if (!onDelta) return entry.promise;
    for (const delta of entry.deltas) onDelta(delta);
    entry.listeners.add(onDelta);
    return entry.promise.finally(() => entry.listeners.delete(onDelta));
  }

  return {
    get size() {
      return entries.size;
    },
    run(key, produce, onDelta) {
      const existing = entries.get(key);
      if (existing) return join(existing, onDelta);
      const entry: Entry<T> = {
        promise: Promise.resolve() as Promise<T>,
        deltas: [],
        listeners: new Set(),
      };
      const emit = (delta: string) => {
        entry.deltas.push(delta);
        for (const listener of entry.listeners) listener(delta);
      };
      entry.promise = produce(emit).finally(() => entries.delete(key));
      entries.set(key, entry);
      return join(entry, onDelta);
    },
  };
}
