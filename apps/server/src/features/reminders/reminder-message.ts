import type { LanguageId, ReminderPush } from '@grasp/contract';
import { escapeHtml } from '../../lib/escape-html.ts';
import { type Translate, translatorFor } from '../../lib/i18n.ts';
import type { Mail } from '../../lib/mailer.ts';

export interface Reminder {
  /** Recaps due now. */
  due: number;
  /** Days of the streak that ends today without a recap, or null. */
  streak: number | null;
}

export const REVIEW_PATH = '/review';

function title(t: Translate, reminder: Reminder): string {
  return reminder.streak
    ? t('reminder.streakTitle', { days: reminder.streak, due: reminder.due })
    : t('reminder.dueTitle', { due: reminder.due });
}

/**
 * The reminder email, in the learner's language: text and HTML, a link to /review, and the
 * one-click unsubscribe headers of RFC 8058 (a mail client POSTs `List-Unsubscribe=One-Click`).
 */
export function reminderMail(
  to: string,
  language: LanguageId,
  reminder: Reminder,
  links: { review: string; unsubscribe: string },
): Mail {
  const t = translatorFor(language);
  const subject = title(t, reminder);
  const body = t('reminder.body', { due: reminder.due });
  const action = t('reminder.action');
  const unsubscribeLine = t('reminder.unsubscribeLine');
  const unsubscribeAction = t('reminder.unsubscribeAction');
  const text = [
    subject,
    '',
    body,
    '',
    `${action}: ${links.review}`,
    '',
    '—',
    `${unsubscribeLine} ${unsubscribeAction}: ${links.unsubscribe}`,
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(links.review)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(action)}</a></p>
<hr style="border:none;border-top:1px solid #e5e7eb">
<p style="font-size:13px;color:#6b7280">${escapeHtml(unsubscribeLine)} <a href="${escapeHtml(links.unsubscribe)}">${escapeHtml(unsubscribeAction)}</a></p>
</body></html>`;
  return {
    to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** What the service worker shows, in the learner's language; a click opens /review. */
export function reminderPush(language: LanguageId, reminder: Reminder): ReminderPush {
  const t = translatorFor(language);
  return {
    title: title(t, reminder),
    body: t('reminder.body', { due: reminder.due }),
    url: REVIEW_PATH,
  };
}
