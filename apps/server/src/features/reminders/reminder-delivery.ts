import { createLimiter, eachLimited } from '../../lib/concurrency.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { interfaceLanguageOf } from '../../lib/present-user.ts';
import type { PushSender, PushTarget } from './push-sender.ts';
import { type Reminder, reminderMail, reminderPush } from './reminder-message.ts';

/** One learner's devices pushed at once, at most. */
export const DEVICES_AT_ONCE = 4;
/** Pushes in flight at once, whatever the learners: a slow push service holds only these. */
export const PUSHES_AT_ONCE = 24;

export interface Addressee {
  user_id: string;
  address: string;
  email: number;
  email_verified_at: string | null;
  push: number;
  /** The learner's interface language: the reminder is written in it (DESIGN.md §17). */
  interface_language: string;
}

interface DeliveryDeps {
  mailer: Mailer;
  push: PushSender;
  log: { warn(obj: object, msg: string): void };
  reviewUrl: string;
  unsubscribeUrl: (userId: string) => string;
}

const languageOf = (user: Addressee) => interfaceLanguageOf(user);

/** Sends a reminder on a learner's channels: the email, then every device, a few at once. */
export function createReminderDelivery(deps: DeliveryDeps) {
  const pushSlot = createLimiter(PUSHES_AT_ONCE);

  /** True when sent, false when it failed, null when the learner has no email reminders. */
  async function byEmail(user: Addressee, reminder: Reminder): Promise<boolean | null> {
    if (user.email !== 1 || !user.email_verified_at) return null;
    try {
      await deps.mailer.send(
        reminderMail(user.address, languageOf(user), reminder, {
          review: deps.reviewUrl,
          unsubscribe: `${deps.unsubscribeUrl(user.user_id)}?lang=${languageOf(user)}`,
        }),
      );
      return true;
    } catch (error) {
      deps.log.warn({ err: error, userId: user.user_id }, 'reminder email not sent');
      return false;
    }
  }

  /** Each device's outcome; the endpoints the push service says are gone join `gone`. */
  async function byPush(
    user: Addressee,
    reminder: Reminder,
    devices: readonly PushTarget[],
    gone: string[],
  ): Promise<boolean[]> {
    if (user.push !== 1) return [];
    const payload = JSON.stringify(reminderPush(languageOf(user), reminder));
    const outcomes: boolean[] = [];
    await eachLimited(devices, DEVICES_AT_ONCE, async (device) => {
      try {
        const result = await pushSlot(() => deps.push.send(device, payload));
        if (result === 'gone') gone.push(device.endpoint);
        else outcomes.push(true);
      } catch (error) {
        outcomes.push(false);
        deps.log.warn({ err: error, userId: user.user_id }, 'reminder push not sent');
      }
    });
    return outcomes;
  }

  /** True when the reminder reached the learner somewhere, or there was nowhere to send it. */
  return async function deliver(
    user: Addressee,
    reminder: Reminder,
    devices: readonly PushTarget[],
    gone: string[],
  ): Promise<boolean> {
    const [email, pushes] = await Promise.all([
      byEmail(user, reminder),
      byPush(user, reminder, devices, gone),
    ]);
    const outcomes = [...(email === null ? [] : [email]), ...pushes];
    // Nothing to send on (push on, no device left) is not a failure to retry.
    return outcomes.length === 0 || outcomes.includes(true);
  };
}
export type ReminderDelivery = ReturnType<typeof createReminderDelivery>;
