interface Pending<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the rows written in one turn of the event loop into one statement. Every commit costs a
 * WAL append (and, every thousand pages, an SQLite checkpoint; on PostgreSQL a flush), so fifty
 * concurrent requests sharing one is far cheaper. Each caller still waits until its row is stored.
 */
export function createBatchWriter<T>(write: (items: T[]) => Promise<void>, maxBatch = 100) {
  let pending: Pending<T>[] = [];

  async function writeAll(batch: Pending<T>[]): Promise<void> {
    try {
      await write(batch.map((p) => p.item));
      for (const p of batch) p.resolve();
    } catch (error) {
      if (batch.length === 1) return batch[0]?.reject(error);
      // One bad row must not fail its neighbours: they are stored one by one.
      for (const p of batch) await writeAll([p]);
    }
  }

  function flush(): void {
    const batch = pending;
    pending = [];
    for (let start = 0; start < batch.length; start += maxBatch) {
      void writeAll(batch.slice(start, start + maxBatch));
    }
  }

  return {
    write(item: T): Promise<void> {
      return new Promise((resolve, reject) => {
        if (pending.length === 0) setImmediate(flush);
        pending.push({ item, resolve, reject });
      });
    },
  };
}
export type BatchWriter<T> = ReturnType<typeof createBatchWriter<T>>;
