import { createECDH, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { newId } from '../../lib/ids.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { userRow } from '../../test/user-row.ts';

/** A mailer that keeps what it is given; `failNext` makes the next sends throw. */
export function capturingMailer() {
  const sent: Mail[] = [];
  let failures = 0;
  const mailer: Mailer & { sent: Mail[]; failNext(n: number): void } = {
    sent,
    failNext: (n) => {
      failures = n;
    },
    async send(mail) {
      if (failures > 0) {
        failures--;
        throw new Error('SMTP server unreachable');
      }
      sent.push(mail);
    },
  };
  return mailer;
}

/** A user with reminders on at `hour` in `timezone` and `due` recap cards due by `dueBy`. */
export async function reminderUser(
  db: Kysely<DB>,
  name: string,
  s: {
    timezone: string;
    hour: number;
    due: number;
    dueBy: string;
    email?: boolean;
    push?: boolean;
  },
): Promise<string> {
  const id = newId();
  await db
    .insertInto('users')
    .values({ ...userRow(id, name), email_verified_at: '2026-01-01T00:00:00.000Z' })
    .execute();
  await db
    .insertInto('notification_settings')
    .values({
      user_id: id,
      email: s.email === false ? 0 : 1,
      push: s.push ? 1 : 0,
      hour: s.hour,
      timezone: s.timezone,
      updated_at: s.dueBy,
    })
    .execute();
  for (let i = 0; i < s.due; i++) {
    await db
      .insertInto('recap_cards')
      .values({
        id: newId(),
        user_id: id,
        concept_key: `concept ${i}`,
        query: `Concept ${i}`,
        explanation_id: newId(),
        answer_id: 'answer',
        explained_at: s.dueBy,
        takeaway: 'A takeaway.',
        due_at: s.dueBy,
        fsrs_json: '{}',
        created_at: s.dueBy,
        updated_at: s.dueBy,
      })
      .execute();
  }
  return id;
}

/** A browser's PushSubscription keys: a P-256 public key and 16 random auth bytes. */
export function deviceKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}
