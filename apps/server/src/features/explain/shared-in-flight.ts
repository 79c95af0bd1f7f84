import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { REDIS_COMMAND_TIMEOUT_MS } from '../../lib/redis.ts';
import type { SharedRedis } from '../../lib/shared-redis.ts';
import { createInFlight, type InFlight } from './in-flight.ts';

export interface SharedInFlightOptions {
  redis: SharedRedis;
  keyPrefix: string;
  /** How long a leader may hold a key; longer than the provider timeout, so only a dead leader loses it. */
  leaseMs: number;
  /** How often a follower checks that its leader is still alive. */
  checkEveryMs?: number;
  encodeError(error: unknown): string;
  decodeError(encoded: string): Error;
}

type Entry = [id: string, fields: string[]];
type Emit = (delta: string) => void;

/** How following a leader ended: its outcome, its vanishing, or Redis going away under us. */
type Followed<T> = { value: T } | { failure: Error } | { vanished: true } | { lost: unknown };

/** Passes on what comes after the first `count` characters: the caller already has those. */
function after(count: number, emit: Emit): Emit {
  let skip = count;
  return (delta) => {
    if (skip >= delta.length) {
      skip -= delta.length;
      return;
    }
    emit(delta.slice(skip));
    skip = 0;
  };
}

/**
 * Shares one provider call among identical requests on every instance. Within a process the
 * local InFlight coalesces; across processes one instance takes a Redis lease and appends the
 * deltas and the outcome to a Redis stream, which the others replay from the start and follow.
 * If the leader dies, its lease expires and a follower takes over. While Redis is away each
 * instance coalesces on its own; a follower that loses Redis produces the answer itself and
 * streams on from where it was.
 */
export function createSharedInFlight<T>(options: SharedInFlightOptions): InFlight<T> {
  const { redis: shared, keyPrefix, leaseMs } = options;
  const checkEveryMs = options.checkEveryMs ?? 1000;
  const local = createInFlight<T>();
  const leaseKey = (key: string) => `${keyPrefix}inflight:lease:${key}`;
  const streamKey = (runId: string) => `${keyPrefix}inflight:run:${runId}`;

  async function lead(
    redis: Redis,
    key: string,
    runId: string,
    produce: (emit: Emit) => Promise<T>,
    emit: Emit,
  ): Promise<T> {
    const stream = streamKey(runId);
    // Followers lose the stream if Redis goes away; this instance's answer does not depend on it.
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
      await releaseLease(redis, key, runId);
    }
  }

  async function releaseLease(redis: Redis, key: string, runId: string): Promise<void> {
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

  /** Entries after `lastId`, waiting up to checkEveryMs for some while the leader lives. */
  async function readAfter(reader: Redis, runId: string, lastId: string, wait: boolean) {
    const block = wait ? ['BLOCK', checkEveryMs] : [];
    const reply = (await reader.xread(
      ...(block as ['BLOCK', number]),
      'STREAMS',
      streamKey(runId),
      lastId,
    )) as [string, Entry[]][] | null;
    return reply?.[0]?.[1] ?? [];
  }

  /** Replays and follows a leader's stream. */
  async function follow(
    redis: Redis,
    key: string,
    runId: string,
    emit: Emit,
  ): Promise<Followed<T>> {
    // Its own connection, since XREAD blocks it; allowed to wait longer than one command.
    const reader = redis.duplicate({
      lazyConnect: true,
      commandTimeout: checkEveryMs + REDIS_COMMAND_TIMEOUT_MS,
    });
    reader.on('error', () => undefined);
    try {
      await reader.connect();
      let lastId = '0';
      let leaderAlive = true;
      while (true) {
        const entries = await readAfter(reader, runId, lastId, leaderAlive);
        for (const [id, [type, payload = '']] of entries) {
          lastId = id;
          if (type === 'delta') emit(payload);
          if (type === 'value') return { value: JSON.parse(payload) as T };
          if (type === 'error') return { failure: options.decodeError(payload) };
        }
        if (entries.length > 0) continue;
        if (!leaderAlive) return { vanished: true };
        leaderAlive = (await redis.get(leaseKey(key))) === runId;
      }
    } catch (error) {
      return { lost: error };
    } finally {
      reader.disconnect();
    }
  }

  /** Leads under a new lease, or names the leader holding it (null: it just ended). */
  async function claim(
    redis: Redis,
    key: string,
  ): Promise<{ lead: string } | { follow: string | null }> {
    const runId = randomUUID();
    const taken = await redis.set(leaseKey(key), runId, 'PX', leaseMs, 'NX');
    if (taken) return { lead: runId };
    return { follow: await redis.get(leaseKey(key)) };
  }

  async function acrossInstances(
    key: string,
    produce: (emit: Emit) => Promise<T>,
    emit: Emit,
  ): Promise<T> {
    let sent = 0;
    const counted: Emit = (delta) => {
      sent += delta.length;
      emit(delta);
    };
    const alone = (error?: unknown) => {
      if (error !== undefined) shared.failed(error);
      return produce(after(sent, counted));
    };
    while (true) {
      const redis = shared.client();
      if (!redis) return alone();
      const role = await claim(redis, key).catch((error: unknown) => ({ lost: error }));
      if ('lost' in role) return alone(role.lost);
      if ('lead' in role) return lead(redis, key, role.lead, produce, counted);
      if (!role.follow) continue;
      const outcome = await follow(redis, key, role.follow, counted);
      if ('value' in outcome) return outcome.value;
      if ('failure' in outcome) throw outcome.failure;
      if ('lost' in outcome) return alone(outcome.lost);
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
