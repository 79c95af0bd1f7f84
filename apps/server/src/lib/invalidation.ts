import type { Redis } from 'ioredis';
import type { ChangeWatch } from '../db/change-watch.ts';
import type { SharedRedis } from './shared-redis.ts';

/**
 * Tells an in-process cache whether what it keeps may still be served without asking the
 * database: a number that moves whenever something kept may have gone stale, on this instance or
 * on any other, or null while that cannot be known (each read then goes to the database).
 */
export interface Invalidation {
  generation(): number | null;
  /** After a write that makes kept entries stale: here at once, on the other instances soon. */
  announce(): void;
  close(): void;
}

/**
 * How late a write by another process on the same SQLite file (the admin command) may be seen:
 * looking on every event-loop turn cost a query per page under load.
 */
const OTHER_PROCESS_STALE_MS = 100;

export interface InvalidationOptions {
  /** SQLite's change watch: it sees every writer of the file, so it is enough alone. */
  changes: ChangeWatch | undefined;
  /** Without either (PostgreSQL, no Redis), nothing may be trusted. */
  redis: { client: Redis; shared: SharedRedis } | null;
  channel: string;
}

/**
 * Announcements go through Redis pub/sub. A subscription is trusted only while its connection is
 * up: whatever was published while it was down is lost, so the generation moves when it comes
 * back, and until then every read asks the database (the memory of each instance still spares
 * the rendering).
 */
export function createInvalidation(options: InvalidationOptions): Invalidation {
  let local = 0;
  const { changes, redis, channel } = options;
  if (changes || !redis) {
    return {
      generation: () => (changes ? changes.generation(OTHER_PROCESS_STALE_MS) + local : null),
      announce: () => {
        local++;
      },
      close: () => undefined,
    };
  }
  const subscriber = redis.client.duplicate();
  let listening = false;
  subscriber.on('error', () => undefined);
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        local++;
        listening = true;
      },
      () => undefined,
    );
  });
  subscriber.on('close', () => {
    listening = false;
  });
  subscriber.on('message', (from: string) => {
    if (from === channel) local++;
  });
  return {
    generation: () => (listening && subscriber.status === 'ready' ? local : null),
    announce: () => {
      local++;
      void redis.shared.attempt(
        (client) => client.publish(channel, '1'),
        () => 0,
      );
    },
    close: () => subscriber.disconnect(),
  };
}
