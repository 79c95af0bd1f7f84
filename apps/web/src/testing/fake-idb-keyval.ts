/**
 * An in-memory idb-keyval for jsdom, which has no IndexedDB: one map per database and store.
 * Tests use it with `vi.mock('idb-keyval', () => import('…/testing/fake-idb-keyval.ts'))`.
 */
type FakeStore = Map<IDBValidKey, unknown>;

const databases = new Map<string, FakeStore>();

export function createStore(dbName: string, storeName: string): FakeStore {
  const name = `${dbName}/${storeName}`;
  const store = databases.get(name) ?? new Map<IDBValidKey, unknown>();
  databases.set(name, store);
  return store;
}

export async function get<T>(key: IDBValidKey, store: FakeStore): Promise<T | undefined> {
  return store.get(key) as T | undefined;
}

export async function set(key: IDBValidKey, value: unknown, store: FakeStore): Promise<void> {
  store.set(key, structuredClone(value));
}

export async function del(key: IDBValidKey, store: FakeStore): Promise<void> {
  store.delete(key);
}

export async function entries<K extends IDBValidKey, V>(store: FakeStore): Promise<[K, V][]> {
  return [...store.entries()] as [K, V][];
}

export async function clear(store: FakeStore): Promise<void> {
  store.clear();
}

/** Empties every fake database between tests. */
export function resetFakeIdb(): void {
  for (const store of databases.values()) store.clear();
}
