import {
  DEFAULT_REMINDER_HOUR,
  ERROR_CODES,
  type NotificationSettings,
  type NotificationSettingsResponse,
  type PushSubscriptionJson,
  REMINDER_MESSAGES,
  type ReminderRun,
} from '@grasp/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { eachLimited } from '../../lib/concurrency.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { RecapsService } from '../learning/recaps.service.ts';
import { localTime, streakEndingToday } from './local-time.ts';
import type { PushSender } from './push-sender.ts';
import { createReminderDelivery } from './reminder-delivery.ts';
import { REVIEW_PATH } from './reminder-message.ts';
import * as repo from './reminders.repository.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

export { DEVICES_AT_ONCE, PUSHES_AT_ONCE } from './reminder-delivery.ts';

const BATCH = 1000;
/** Learners sent to at once within a batch. */
const SENDS_AT_ONCE = 16;
/** A failed reminder is tried again this much later, at most this many times a day. */
const RETRY_AFTER_MS = 15 * 60 * 1000;
const MAX_ATTEMPTS = 3;
/**
 * A run stops taking new learners after this (well within the 5-minute schedule); those it did
 * not reach go in the next run, or are retried later that day when they were already claimed.
 */
const RUN_BUDGET_MS = 4 * 60 * 1000;
/**
 * A claim still `sending` this long after its last change was left by an instance that died or
 * was redeployed mid-run (a run ends within its budget); it is tried once more.
 */
const STALE_SENDING_MS = 30 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Push devices kept per learner: a new one beyond this replaces the oldest. */
export const MAX_DEVICES = 10;
/** How far back activity is read for the streak a reminder protects. */
const STREAK_WINDOW_MS = 62 * 24 * 60 * 60 * 1000;

export interface RemindersDeps {
  db: Kysely<DB>;
  clock: Clock;
  mailer: Mailer;
  push: PushSender;
  publicUrl: string;
  unsubscribeTokens: UnsubscribeTokens;
  recaps: Pick<RecapsService, 'dueCounts' | 'activityOf'>;
  log: { warn(obj: object, msg: string): void };
  batchSize?: number;
  budgetMs?: number;
  /** A monotonic clock in ms for the run's budget (tests count time their own way). */
  elapsedMs?: () => number;
}

type Recipient = Awaited<ReturnType<typeof repo.freshRecipients>>[number] & {
  day: string;
  claimId?: string;
};

/** Zones grouped by the local hour and day it is in them now. */
function zoneGroups(zones: readonly string[], now: Date): repo.ZoneGroup[] {
  const groups = new Map<string, repo.ZoneGroup>();
  for (const zone of zones) {
    const { day, hour } = localTime(zone, now);
    const key = `${day} ${hour}`;
    const group = groups.get(key) ?? { day, hour, zones: [] };
    group.zones.push(zone);
    groups.set(key, group);
  }
  return [...groups.values()];
}

export function createRemindersService(deps: RemindersDeps) {
  const { db, clock } = deps;
  const batchSize = deps.batchSize ?? BATCH;
  const reviewUrl = `${deps.publicUrl}${REVIEW_PATH}`;
  const unsubscribeUrl = (userId: string) =>
    `${deps.publicUrl}/api/notifications/unsubscribe/${deps.unsubscribeTokens.sign(userId)}`;

  const deliverTo = createReminderDelivery({
    mailer: deps.mailer,
    push: deps.push,
    log: deps.log,
    reviewUrl,
    unsubscribeUrl,
  });

  /**
   * One batch: who has recaps due, claim their reminders (only the claims this instance made are
   * sent), then send and settle each claim. A constant number of queries, whatever the batch.
   */
  async function deliver(
    batch: Recipient[],
    run: ReminderRun,
    pastBudget: () => boolean,
  ): Promise<void> {
    run.candidates += batch.length;
    const due = await deps.recaps.dueCounts(batch.map((u) => u.user_id));
    const dueUsers = batch.filter((u) => (due.get(u.user_id) ?? 0) > 0);
    if (dueUsers.length === 0) return;
    const now = clock.now();
    const stamp = now.toISOString();
    const fresh = dueUsers.filter((u) => !u.claimId);
    const claimIdOf = new Map<string, Recipient>();
    for (const user of fresh) claimIdOf.set(newId(), user);
    const retried = new Map(dueUsers.flatMap((u) => (u.claimId ? [[u.claimId, u]] : [])));
    const claimed = [
      ...(await repo.insertClaims(
        db,
        [...claimIdOf].map(([id, u]) => ({
          id,
          userId: u.user_id,
          day: u.day,
          due: due.get(u.user_id) ?? 0,
        })),
        stamp,
      )),
      ...(await repo.reclaim(
        db,
        [...retried.keys()],
        new Date(now.getTime() - RETRY_AFTER_MS).toISOString(),
        stamp,
      )),
    ].flatMap(({ id }) => {
      const user = claimIdOf.get(id) ?? retried.get(id);
      return user ? [{ id, user }] : [];
    });
    run.claimed += claimed.length;
    if (claimed.length === 0) return;

    const ids = claimed.map((c) => c.user.user_id);
    const [activity, devices] = await Promise.all([
      deps.recaps.activityOf(ids, new Date(now.getTime() - STREAK_WINDOW_MS)),
      repo.subscriptionsOf(
        db,
        claimed.filter((c) => c.user.push === 1).map((c) => c.user.user_id),
      ),
    ]);
    const devicesOf = new Map<string, repo.PushTargetRow[]>();
    for (const d of devices) devicesOf.set(d.user_id, [...(devicesOf.get(d.user_id) ?? []), d]);
    const sent: string[] = [];
    const failed: string[] = [];
    const gone: string[] = [];
    await eachLimited(claimed, SENDS_AT_ONCE, async ({ id, user }) => {
      // Claimed but past the budget: settled as failed, so it is retried later that day.
      if (pastBudget()) return void failed.push(id);
      const reminder = {
        due: due.get(user.user_id) ?? 0,
        streak: streakEndingToday(activity.get(user.user_id) ?? [], user.timezone, now),
      };
      const ok = await deliverTo(user, reminder, devicesOf.get(user.user_id) ?? [], gone);
      (ok ? sent : failed).push(id);
    });
    const settled = clock.now().toISOString();
    await repo.settleClaims(db, sent, 'sent', settled);
    await repo.settleClaims(db, failed, 'failed', settled);
    await repo.deleteEndpoints(db, gone);
    run.sent += sent.length;
    run.failed += failed.length;
  }

  /**
   * The reminders whose local hour is now, then the failed ones due for another try (with those
   * a dead instance left sending), within the run's time budget.
   */
  async function runReminders(): Promise<ReminderRun> {
    const run: ReminderRun = { candidates: 0, claimed: 0, sent: 0, failed: 0 };
    const elapsed = deps.elapsedMs ?? (() => performance.now());
    const started = elapsed();
    const pastBudget = () => elapsed() - started >= (deps.budgetMs ?? RUN_BUDGET_MS);
    const now = clock.now();
    const groups = zoneGroups(await repo.activeZones(db), now);
    let after = '';
    while (groups.length > 0 && !pastBudget()) {
      const rows = await repo.freshRecipients(db, groups, after, batchSize);
      const last = rows.at(-1);
      if (!last) break;
      await deliver(
        rows.map((r) => ({ ...r, day: localTime(r.timezone, now).day })),
        run,
        pastBudget,
      );
      after = last.user_id;
      if (rows.length < batchSize) break;
    }
    const since = new Date(now.getTime() - 2 * DAY_MS).toISOString();
    await repo.failStaleClaims(db, {
      since,
      staleBefore: new Date(now.getTime() - STALE_SENDING_MS).toISOString(),
      attemptsLeft: 1,
      maxAttempts: MAX_ATTEMPTS,
    });
    let afterClaim = '';
    while (!pastBudget()) {
      const rows = await repo.failedClaims(db, {
        since,
        retryBefore: new Date(now.getTime() - RETRY_AFTER_MS).toISOString(),
        maxAttempts: MAX_ATTEMPTS,
        afterId: afterClaim,
        limit: batchSize,
      });
      const last = rows.at(-1);
      if (!last) break;
      // Later that day only: a reminder for yesterday is not sent today.
      const today = rows.filter((r) => localTime(r.timezone, now).day === r.day);
      await deliver(
        today.map((r) => ({ ...r, claimId: r.claim_id })),
        run,
        pastBudget,
      );
      afterClaim = last.claim_id;
      if (rows.length < batchSize) break;
    }
    return run;
  }

  function checkUnsubscribeLink(token: string): string {
    const userId = deps.unsubscribeTokens.verify(token);
    if (!userId) {
      throw new AppError(400, ERROR_CODES.validation, REMINDER_MESSAGES.badUnsubscribeLink);
    }
    return userId;
  }

  return {
    /** Account deletion's step: settings, push subscriptions and reminder claims go. */
    forgetUser: (tx: Kysely<DB> | Transaction<DB>, userId: string) =>
      repo.deleteRemindersOf(tx, userId),
    runReminders,

    async settings(userId: string): Promise<NotificationSettingsResponse> {
      const row = await repo.settingsOf(db, userId);
      if (!row) {
        return {
          email: false,
          push: false,
          hour: DEFAULT_REMINDER_HOUR,
          timezone: 'UTC',
          saved: false,
        };
      }
      return {
        email: row.email === 1,
        push: row.push === 1,
        hour: row.hour,
        timezone: row.timezone,
        saved: true,
      };
    },

    async saveSettings(
      userId: string,
      settings: NotificationSettings,
    ): Promise<NotificationSettingsResponse> {
      await repo.saveSettings(db, userId, { ...settings, now: clock.now().toISOString() });
      return { ...settings, saved: true };
    },

    /** Keeps this device's subscription; 400 for an endpoint no reminder would be sent to. */
    async subscribe(userId: string, subscription: PushSubscriptionJson): Promise<void> {
      if (!deps.push.accepts(subscription.endpoint)) {
        throw new AppError(400, ERROR_CODES.validation, REMINDER_MESSAGES.pushServiceRefused);
      }
      await repo.saveSubscription(db, {
        id: newId(),
        userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        now: clock.now().toISOString(),
      });
      await repo.keepNewestSubscriptions(db, userId, MAX_DEVICES);
    },

    async unsubscribeDevice(userId: string, endpoint: string): Promise<void> {
      await repo.deleteSubscription(db, userId, endpoint);
    },

    /** Throws 400 for a forged or damaged unsubscribe link; answers its user otherwise. */
    checkUnsubscribeLink,

    /** The one-click unsubscribe of a reminder email: no sign-in, the signed link decides. */
    async unsubscribeEmail(token: string): Promise<void> {
      const userId = checkUnsubscribeLink(token);
      await repo.turnOffEmail(db, userId, clock.now().toISOString());
    },
  };
}
export type RemindersService = ReturnType<typeof createRemindersService>;
