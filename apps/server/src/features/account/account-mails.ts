import { escapeHtml } from '../../lib/escape-html.ts';
import { INTL_LOCALES, type ServerMessageKey, type Translate } from '../../lib/i18n.ts';
import type { Mail } from '../../lib/mailer.ts';
import { mailWords, type Recipient } from '../../lib/recipient.ts';

/** A short mail: a greeting, paragraphs, and an optional link as a button and as text. */
function mail(
  recipient: Recipient,
  write: (t: Translate) => {
    subject: string;
    paragraphs: string[];
    link?: { label: string; url: string };
  },
): Mail {
  const { t, greeting } = mailWords(recipient);
  const { subject, paragraphs, link } = write(t);
  const text = [greeting, ...paragraphs, ...(link ? [link.url] : [])].join('\n\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link
      ? [
          `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
          `<p>${escapeHtml(t('mail.pasteLink', { link: link.url }))}</p>`,
        ]
      : []),
  ].join('');
  return { to: recipient.to, subject, text: `${text}\n`, html };
}

/** A notice of a change: its subject, what happened, and what to do if it was not you. */
const notice = (
  recipient: Recipient,
  subject: ServerMessageKey,
  happened: (t: Translate) => string,
) => mail(recipient, (t) => ({ subject: t(subject), paragraphs: [happened(t), t('mail.notYou')] }));

type Passkeys = { name: string; createdAt: string }[];

/**
 * A reset leaves passkeys as they are (each is another way in): the notice names them, with the
 * day each was added ("27 Nov 2026", in UTC so every mail client shows the same), so a passkey
 * someone else added while they had the account can be seen and removed.
 */
function passkeyParagraphs(
  recipient: Recipient,
  t: Translate,
  passkeys: Passkeys,
  accountUrl: string,
  lead: 'mail.passkeys.listStill' | 'mail.passkeys.listStay' = 'mail.passkeys.listStill',
): string[] {
  if (passkeys.length === 0) return [t('mail.passkeys.none')];
  const locale = INTL_LOCALES[recipient.language];
  const day = (iso: string) =>
    new Date(iso).toLocaleDateString(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
  const list = new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format(
    passkeys.map((p) => t('mail.passkeys.item', { name: p.name, date: day(p.createdAt) })),
  );
  return [t(lead, { list }), t('mail.passkeys.notYours', { url: accountUrl })];
}

/** The account's mails, each in its recipient's interface language. */
export const accountMails = {
  resetLink: (recipient: Recipient, url: string, passkeys: Passkeys, accountUrl: string) =>
    mail(recipient, (t) => ({
      subject: t('mail.resetLink.subject'),
      paragraphs: [
        t('mail.resetLink.asked'),
        t('mail.resetLink.ignore'),
        ...(passkeys.length > 0
          ? passkeyParagraphs(recipient, t, passkeys, accountUrl, 'mail.passkeys.listStay')
          : []),
      ],
      link: { label: t('mail.resetLink.button'), url },
    })),
  pinReset: (recipient: Recipient, passkeys: Passkeys, accountUrl: string) =>
    mail(recipient, (t) => ({
      subject: t('mail.pinChanged.subject'),
      paragraphs: [
        t('mail.pinReset.body'),
        ...passkeyParagraphs(recipient, t, passkeys, accountUrl),
        t('mail.notYou'),
      ],
    })),
  pinChanged: (recipient: Recipient) =>
    notice(recipient, 'mail.pinChanged.subject', (t) => t('mail.pinChanged.body')),
  confirmEmail: (recipient: Recipient, url: string) =>
    mail(recipient, (t) => ({
      subject: t('mail.confirmEmail.subject'),
      paragraphs: [t('mail.confirmEmail.open'), t('mail.confirmEmail.ignore')],
      link: { label: t('mail.confirmEmail.button'), url },
    })),
  emailChangeAsked: (recipient: Recipient, newEmail: string) =>
    notice(recipient, 'mail.emailChangeAsked.subject', (t) =>
      t('mail.emailChangeAsked.body', { email: newEmail }),
    ),
  emailChanged: (recipient: Recipient, newEmail: string) =>
    notice(recipient, 'mail.emailChanged.subject', (t) =>
      t('mail.emailChanged.body', { email: newEmail }),
    ),
  /** What changed: the name, the mobile number, or both. */
  profileChanged: (recipient: Recipient, what: 'name' | 'mobile' | 'both') =>
    notice(recipient, 'mail.profileChanged.subject', (t) =>
      t('mail.profileChanged.body', { what }),
    ),
  sessionsEnded: (recipient: Recipient, count: number) =>
    notice(recipient, 'mail.sessionsEnded.subject', (t) => t('mail.sessionsEnded.body', { count })),
  deleted: (recipient: Recipient) =>
    mail(recipient, (t) => ({
      subject: t('mail.deleted.subject'),
      paragraphs: [t('mail.deleted.what'), t('mail.deleted.invoices'), t('mail.deleted.thanks')],
    })),
};
