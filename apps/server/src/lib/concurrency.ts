/** Runs `work` over the items, at most `limit` at once. */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++] as T);
  });
  await Promise.all(lanes);
}

/**
 * A cap shared by every caller: at most `size` tasks run at once, the others wait their turn in
 * the order they came.
 */
export function createLimiter(size: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function limited<T>(task: () => Promise<T>): Promise<T> {
    if (active < size) active++;
    // A finishing task hands its place straight to the next one waiting.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
export type Limiter = ReturnType<typeof createLimiter>;
