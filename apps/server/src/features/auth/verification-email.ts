import { escapeHtml } from '../../lib/escape-html.ts';
import type { Mail } from '../../lib/mailer.ts';
import { mailWords, type Recipient } from '../../lib/recipient.ts';

/** In the language the account was registered with (DESIGN.md §17). */
export function verificationEmail(recipient: Recipient, link: string): Mail {
  const { t, greeting } = mailWords(recipient);
  const welcome = t('mail.verification.welcome');
  const ignore = t('mail.verification.ignore');
  return {
    to: recipient.to,
    subject: t('mail.verification.subject'),
    text: `${greeting}\n\n${welcome}\n\n${link}\n\n${ignore}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(welcome)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t('mail.verification.button'))}</a></p><p>${escapeHtml(t('mail.pasteLink', { link }))}</p><p>${escapeHtml(ignore)}</p>`,
  };
}
