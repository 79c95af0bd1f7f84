import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createInFlight, type InFlight } from './in-flight.ts';

export interface SharedInFlightOptions {
  redis: Redis;
  keyPrefix: string;
  /** How long a leader may hold a key; longer than the provider timeout, so only a dead leader loses it. */
  leaseMs: number;
  /** How often a follower checks that its leader is still alive. */
  checkEveryMs?: number;
  encodeError(error: unknown): string;
  decodeError(encoded: string): Error;
}

type Entry = [id: string, fields: string[]];

/**
 * Shares one provider call among identical requests on every instance. Within a process the
 * local InFlight coalesces; across processes one instance takes a Redis lease and appends the
 * deltas and the outcome to a Redis stream, which the others replay from the start and follow.
 * If the leader dies, its lease expires and a follower takes over.
 */
export function createSharedInFlight<T>(options: SharedInFlightOptions): InFlight<T> {
  const { redis, keyPrefix, leaseMs } = options;
  const checkEveryMs = options.checkEveryMs ?? 1000;
  const local = createInFlight<T>();
  const leaseKey = (key: string) => `${keyPrefix}inflight:lease:${key}`;
  const streamKey = (runId: string) => `${keyPrefix}inflight:run:${runId}`;

  async function lead(
    key: string,
    runId: string,
    produce: (emit: (delta: string) => void) => Promise<T>,
    emit: (delta: string) => void,
  ): Promise<T> {
    const stream = streamKey(runId);
    const append = (type: string, payload: string) =>
      redis
        .multi()
        .xadd(stream, '*', type, payload)
        .pexpire(stream, leaseMs * 2)
        .exec()
        .catch(() => undefined);
    try {
      const value = await produce((delta) => {
        emit(delta);
        void append('delta', delta);
      });
      await append('value', JSON.stringify(value));
      return value;
    } catch (error) {
      await append('error', options.encodeError(error));
      throw error;
    } finally {
      await releaseLease(key, runId);
    }
  }

  async function releaseLease(key: string, runId: string): Promise<void> {
    // Only our own lease: a slow leader must not release one a successor took over.
    await redis
      .eval(
        "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0",
        1,
        leaseKey(key),
        runId,
      )
      .catch(() => undefined);
  }

  /** Replays and follows a leader's stream; null when the leader vanished without an outcome. */
  async function follow(
    key: string,
    runId: string,
    emit: (delta: string) => void,
  ): Promise<{ value: T } | null> {
    const reader = redis.duplicate({ lazyConnect: true });
    await reader.connect();
    try {
      let lastId = '0';
      let leaderAlive = true;
      while (true) {
        const block = leaderAlive ? ['BLOCK', checkEveryMs] : [];
        const reply = (await reader.xread(
          ...(block as ['BLOCK', number]),
          'STREAMS',
          streamKey(runId),
          lastId,
        )) as [string, Entry[]][] | null;
        const entries = reply?.[0]?.[1] ?? [];
        for (const [id, [type, payload = '']] of entries) {
          lastId = id;
          if (type === 'delta') emit(payload);
          if (type === 'value') return { value: JSON.parse(payload) as T };
          if (type === 'error') throw options.decodeError(payload);
        }
        if (entries.length > 0) continue;
        if (!leaderAlive) return null;
        leaderAlive = (await redis.get(leaseKey(key))) === runId;
      }
    } finally {
      reader.disconnect();
    }
  }

  async function acrossInstances(
    key: string,
    produce: (emit: (delta: string) => void) => Promise<T>,
    emit: (delta: string) => void,
  ): Promise<T> {
    while (true) {
      const runId = randomUUID();
      const taken = await redis.set(leaseKey(key), runId, 'PX', leaseMs, 'NX');
      if (taken) return lead(key, runId, produce, emit);
      const leader = await redis.get(leaseKey(key));
      if (!leader) continue;
      const outcome = await follow(key, leader, emit);
      if (outcome) return outcome.value;
    }
  }

  return {
    get size() {
      return local.size;
    },
    run: (key, produce, onDelta) =>
      local.run(key, (emit) => acrossInstances(key, produce, emit), onDelta),
  };
}
