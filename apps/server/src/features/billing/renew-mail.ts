import { PLANS, PRO_PAYMENT } from '@grasp/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { INTL_LOCALES } from '../../lib/i18n.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { mailWords, type Recipient, recipientOf } from '../../lib/recipient.ts';

interface Log {
  warn(obj: object, msg: string): void;
}

export const RENEW_NOTICE_MS = 3 * 24 * 60 * 60_000;

export function renewEmail(recipient: Recipient, endsAt: Date, link: string): Mail {
  const { t, greeting } = mailWords(recipient);
  const locale = INTL_LOCALES[recipient.language];
  const day = endsAt.toLocaleDateString(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
  const price = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'INR',
    maximumFractionDigits: 0,
  }).format(PRO_PAYMENT.amountPaise / 100);
  const ends = t('mail.renew.ends', { day, units: PLANS.free.monthlyUnits ?? 0 });
  return {
    to: recipient.to,
    subject: t('mail.renew.subject', { day }),
    text: `${greeting}\n\n${ends} ${t('mail.renew.keep', { price })}\n\n${link}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(ends)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t('mail.renew.button', { price }))}</a></p>`,
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
          'users.interface_language',
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
            renewEmail(recipientOf(cycle), new Date(cycle.ends_at), `${deps.publicUrl}/pricing`),
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
