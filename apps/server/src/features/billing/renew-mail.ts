import { formatPrice, PLANS, PRO_PAYMENT, PRODUCT_NAME } from '@grasp/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';

interface Log {
  warn(obj: object, msg: string): void;
}

export const RENEW_NOTICE_MS = 3 * 24 * 60 * 60_000;

export function renewEmail(to: string, fullName: string, endsAt: Date, link: string): Mail {
  const name = fullName.trim() || 'there';
  const day = endsAt.toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
  const price = formatPrice(PRO_PAYMENT.amountPaise / 100);
  return {
    to,
    subject: `Your ${PRODUCT_NAME} Pro plan ends on ${day}`,
    text: `Hi ${name},\n\nYour ${PRODUCT_NAME} Pro plan ends on ${day}. After that you are back on Free (${PLANS.free.monthlyUnits} concepts a month). To keep Pro, renew for ${price}:\n\n${link}\n`,
    html: `<p>Hi ${escapeHtml(name)},</p><p>Your ${PRODUCT_NAME} Pro plan ends on ${escapeHtml(day)}. After that you are back on Free (${PLANS.free.monthlyUnits} concepts a month).</p><p><a href="${escapeHtml(link)}">Renew Pro for ${escapeHtml(price)}</a></p>`,
  };
}

/**
 * One "renew" mail per Pro cycle ending within three days. The claim row is taken before the
 * mail goes, so two instances never both send; a failed send gives the claim back.
 */
export function createRenewMail(deps: {
  db: Kysely<DB>;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  log: Log;
}) {
  const { db, clock, mailer, log } = deps;
  return {
    async run(): Promise<{ sent: number }> {
      const now = clock.now();
      const due = await db
        .selectFrom('usage_cycles')
        .innerJoin('users', 'users.id', 'usage_cycles.user_id')
        .leftJoin('renew_mail_claims', 'renew_mail_claims.cycle_id', 'usage_cycles.id')
        .select([
          'usage_cycles.id',
          'usage_cycles.ends_at',
          'users.id as user_id',
          'users.email',
          'users.full_name',
        ])
        .where('usage_cycles.plan', '=', 'pro')
        .where('users.plan', '=', 'pro')
        .where('usage_cycles.ends_at', '>', now.toISOString())
        .where(
          'usage_cycles.ends_at',
          '<=',
          new Date(now.getTime() + RENEW_NOTICE_MS).toISOString(),
        )
        .where('renew_mail_claims.cycle_id', 'is', null)
        .limit(200)
        .execute();
      let sent = 0;
      for (const cycle of due) {
        const claimed = await db
          .insertInto('renew_mail_claims')
          .values({ cycle_id: cycle.id, user_id: cycle.user_id, claimed_at: now.toISOString() })
          .onConflict((oc) => oc.column('cycle_id').doNothing())
          .executeTakeFirst();
        if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) !== 1) continue;
        try {
          await mailer.send(
            renewEmail(
              cycle.email,
              cycle.full_name,
              new Date(cycle.ends_at),
              `${deps.publicUrl}/pricing`,
            ),
          );
          sent += 1;
        } catch (error) {
          log.warn({ err: error, cycleId: cycle.id }, 'renew mail not sent; will try again');
          await db.deleteFrom('renew_mail_claims').where('cycle_id', '=', cycle.id).execute();
        }
      }
      return { sent };
    },
  };
}
