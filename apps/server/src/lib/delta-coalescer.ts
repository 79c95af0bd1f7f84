/**
 * Text deltas of many streams, written in few socket writes: a stream's first delta goes out at
 * once (the first words are never held back); those after it wait for the next tick of one timer
 * shared by every stream, and go out joined as one event. One write and one event a tick instead
 * of one per model chunk, and no timer per stream.
 */
export const DELTA_FLUSH_MS = 100;

interface Pending {
  flush(): void;
}

const waiting = new Set<Pending>();
let timer: NodeJS.Timeout | null = null;

function tick(): void {
  timer = null;
  const due = [...waiting];
  waiting.clear();
  for (const pending of due) pending.flush();
}

function schedule(pending: Pending): void {
  waiting.add(pending);
  if (!timer) {
    timer = setTimeout(tick, DELTA_FLUSH_MS);
    timer.unref();
  }
}

export interface DeltaCoalescer {
  /** A delta of text, written now if it is the first, else with the next tick. */
  push(text: string): void;
  /** Writes what waits now: before any other event, so the order stays as it was. */
  flush(): void;
}

export function coalesceDeltas(write: (text: string) => void): DeltaCoalescer {
  let started = false;
  let pending = '';
  const self: DeltaCoalescer = {
    push(text) {
      if (text === '') return;
      if (!started) {
        started = true;
        write(text);
        return;
      }
      if (pending === '') schedule(self);
      pending += text;
    },
    flush() {
      if (pending === '') return;
      const text = pending;
      pending = '';
      waiting.delete(self);
      write(text);
    },
  };
  return self;
}
