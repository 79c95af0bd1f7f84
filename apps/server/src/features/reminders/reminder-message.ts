import { REMINDER_MESSAGES as M, type ReminderPush } from '@grasp/contract';
import type { Mail } from '../../lib/mailer.ts';

export interface Reminder {
  /** Recaps due now. */
  due: number;
  /** Days of the streak that ends today without a recap, or null. */
  streak: number | null;
}

export const REVIEW_PATH = '/review';

function title(reminder: Reminder): string {
  const due = M.dueTitle(reminder.due);
  return reminder.streak ? `${M.streakTitle(reminder.streak)}: ${due}` : due;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The reminder email: text and HTML, a link to /review, and the one-click unsubscribe headers
 * of RFC 8058 (a mail client POSTs `List-Unsubscribe=One-Click` to the link).
 */
export function reminderMail(
  to: string,
  reminder: Reminder,
  links: { review: string; unsubscribe: string },
): Mail {
  const subject = title(reminder);
  const body = M.body(reminder.due);
  const text = [
    subject,
    '',
    body,
    '',
    `${M.action}: ${links.review}`,
    '',
    '—',
    `${M.unsubscribeLine} ${M.unsubscribeAction}: ${links.unsubscribe}`,
    '',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(links.review)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(M.action)}</a></p>
<hr style="border:none;border-top:1px solid #e5e7eb">
<p style="font-size:13px;color:#6b7280">${escapeHtml(M.unsubscribeLine)} <a href="${escapeHtml(links.unsubscribe)}">${escapeHtml(M.unsubscribeAction)}</a></p>
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

/** What the service worker shows; a click opens /review. */
export function reminderPush(reminder: Reminder): ReminderPush {
  return { title: title(reminder), body: M.body(reminder.due), url: REVIEW_PATH };
}
