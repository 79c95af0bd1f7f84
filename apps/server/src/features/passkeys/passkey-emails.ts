import { escapeHtml } from '../../lib/escape-html.ts';
import type { ServerMessageKey } from '../../lib/i18n.ts';
import type { Mail } from '../../lib/mailer.ts';
import { mailWords, type Recipient } from '../../lib/recipient.ts';

export interface PasskeyNotice {
  recipient: Recipient;
  passkeyName: string;
  at: Date;
  /** Where the learner sees and removes passkeys (/account). */
  accountUrl: string;
}

const when = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function notice(
  n: PasskeyNotice,
  keys: { subject: ServerMessageKey; happened: ServerMessageKey; ifNotYou: ServerMessageKey },
): Mail {
  const { t, greeting } = mailWords(n.recipient);
  const happened = t(keys.happened, { name: n.passkeyName, when: when(n.at) });
  const ifNotYou = t(keys.ifNotYou);
  const text = [greeting, '', happened, '', `${ifNotYou} ${n.accountUrl}`, ''].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(happened)}</p><p>${escapeHtml(ifNotYou)} <a href="${escapeHtml(n.accountUrl)}">${escapeHtml(n.accountUrl)}</a></p>`;
  return { to: n.recipient.to, subject: t(keys.subject), text, html };
}

/** NIST SP 800-63B 6.1.2.1: binding a new authenticator is told to the account's owner. */
export function passkeyAddedEmail(n: PasskeyNotice): Mail {
  return notice(n, {
    subject: 'mail.passkeyAdded.subject',
    happened: 'mail.passkeyAdded.happened',
    ifNotYou: 'mail.passkeyAdded.ifNotYou',
  });
}

export function passkeyRemovedEmail(n: PasskeyNotice): Mail {
  return notice(n, {
    subject: 'mail.passkeyRemoved.subject',
    happened: 'mail.passkeyRemoved.happened',
    ifNotYou: 'mail.passkeyRemoved.ifNotYou',
  });
}
