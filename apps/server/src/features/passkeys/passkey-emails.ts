import { PRODUCT_NAME } from '@grasp/contract';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { Mail } from '../../lib/mailer.ts';

export interface PasskeyNotice {
  to: string;
  fullName: string;
  passkeyName: string;
  at: Date;
  /** Where the learner sees and removes passkeys (/account). */
  accountUrl: string;
}

const when = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function notice(n: PasskeyNotice, subject: string, happened: string, ifNotYou: string): Mail {
  const name = n.fullName.trim() || 'there';
  const text = [
    `Hi ${name},`,
    '',
    `${happened} (${when(n.at)}).`,
    '',
    `${ifNotYou} ${n.accountUrl}`,
    '',
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(name)},</p><p>${escapeHtml(happened)} (${escapeHtml(when(n.at))}).</p><p>${escapeHtml(ifNotYou)} <a href="${escapeHtml(n.accountUrl)}">${escapeHtml(n.accountUrl)}</a></p>`;
  return { to: n.to, subject, text, html };
}

/** NIST SP 800-63B 6.1.2.1: binding a new authenticator is told to the account's owner. */
export function passkeyAddedEmail(n: PasskeyNotice): Mail {
  return notice(
    n,
    `A passkey was added to your ${PRODUCT_NAME} account`,
    `The passkey "${n.passkeyName}" can now sign in to your ${PRODUCT_NAME} account`,
    'If you did not add it, remove it and change your PIN on your account page:',
  );
}

export function passkeyRemovedEmail(n: PasskeyNotice): Mail {
  return notice(
    n,
    `A passkey was removed from your ${PRODUCT_NAME} account`,
    `The passkey "${n.passkeyName}" can no longer sign in to your ${PRODUCT_NAME} account`,
    'If you did not remove it, change your PIN and check your passkeys on your account page:',
  );
}
