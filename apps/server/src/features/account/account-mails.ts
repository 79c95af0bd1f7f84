import { PRODUCT_NAME } from '@grasp/contract';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { Mail } from '../../lib/mailer.ts';

/** A short mail: a greeting, paragraphs, and an optional link as a button and as text. */
function mail(
  to: string,
  subject: string,
  name: string,
  paragraphs: string[],
  link?: { label: string; url: string },
): Mail {
  const hi = `Hi ${name.trim() || 'there'},`;
  const text = [hi, ...paragraphs, ...(link ? [link.url] : [])].join('\n\n');
  const html = [
    `<p>${escapeHtml(hi)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link
      ? [
          `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
          `<p>Or paste this link into your browser: ${escapeHtml(link.url)}</p>`,
        ]
      : []),
  ].join('');
  return { to, subject, text: `${text}\n`, html };
}

/** "27 Nov 2026": the day a passkey was added, the same in every mail client. */
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * A reset leaves passkeys as they are (each is another way in): the notice names them, so a
 * passkey someone else added while they had the account can be seen and removed.
 */
function passkeyParagraphs(
  passkeys: { name: string; createdAt: string }[],
  accountUrl: string,
  lead = 'They still sign in',
) {
  if (passkeys.length === 0) return ['Your account has no passkeys.'];
  const list = passkeys.map((p) => `“${p.name}” (added ${day(p.createdAt)})`).join(', ');
  return [
    `Your account’s passkeys: ${list}. ${lead}.`,
    `If one of them is not yours, sign in with your new PIN and remove it under Passkeys on your account page: ${accountUrl}`,
  ];
}

const notYou =
  'If this was not you, choose a new PIN with "Forgot PIN?" on the sign-in page at once.';

export const accountMails = {
  resetLink: (
    to: string,
    name: string,
    url: string,
    passkeys: { name: string; createdAt: string }[],
    accountUrl: string,
  ) =>
    mail(
      to,
      `Choose a new ${PRODUCT_NAME} PIN`,
      name,
      [
        'Someone (we hope you) asked to choose a new PIN for your account. The link works once, for 30 minutes.',
        'If you did not ask, ignore this email: your PIN stays as it is.',
        ...(passkeys.length > 0
          ? passkeyParagraphs(passkeys, accountUrl, 'A new PIN leaves them as they are')
          : []),
      ],
      { label: 'Choose a new PIN', url },
    ),
  pinReset: (
    to: string,
    name: string,
    passkeys: { name: string; createdAt: string }[],
    accountUrl: string,
  ) =>
    mail(to, `Your ${PRODUCT_NAME} PIN was changed`, name, [
      'Your PIN was changed through a link sent to this address, every session was signed out and every device forgotten.',
      ...passkeyParagraphs(passkeys, accountUrl),
      notYou,
    ]),
  pinChanged: (to: string, name: string) =>
    mail(to, `Your ${PRODUCT_NAME} PIN was changed`, name, [
      'Your PIN was changed from your account page. Your other sessions were signed out.',
      notYou,
    ]),
  confirmEmail: (to: string, name: string, url: string) =>
    mail(
      to,
      `Confirm your new ${PRODUCT_NAME} email address`,
      name,
      [
        'Open this link within 24 hours to make this your account’s email address.',
        'If you did not ask for this, ignore this email.',
      ],
      { label: 'Confirm my new email', url },
    ),
  emailChangeAsked: (to: string, name: string, newEmail: string) =>
    mail(to, `A new email address was asked for your ${PRODUCT_NAME} account`, name, [
      `Someone signed in to your account asked to use ${newEmail} instead of this address. Nothing changes until that address confirms it.`,
      notYou,
    ]),
  emailChanged: (to: string, name: string, newEmail: string) =>
    mail(to, `Your ${PRODUCT_NAME} email address was changed`, name, [
      `Your account now uses ${newEmail}. Mail about it no longer comes here.`,
      notYou,
    ]),
  profileChanged: (to: string, name: string, what: string) =>
    mail(to, `Your ${PRODUCT_NAME} profile was changed`, name, [
      `Your ${what} was changed from your account page.`,
      notYou,
    ]),
  sessionsEnded: (to: string, name: string, count: number) =>
    mail(to, `Sessions of your ${PRODUCT_NAME} account were signed out`, name, [
      `${count} session${count === 1 ? ' was' : 's were'} signed out from your account page.`,
      notYou,
    ]),
  deleted: (to: string, name: string) =>
    mail(to, `Your ${PRODUCT_NAME} account was deleted`, name, [
      'Your account and everything you kept in it were deleted: explanations, recaps, materials, classes, sessions and settings. Your username and email can be registered again.',
      'Tax invoices for payments you made stay with us for the period the law requires, as they were issued.',
      `Thank you for learning with ${PRODUCT_NAME}.`,
    ]),
};
