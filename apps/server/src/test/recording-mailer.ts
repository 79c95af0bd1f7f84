import type { Mail, Mailer } from '../lib/mailer.ts';

/** A mailer that keeps what it is given, so tests read mails without a disk or a wait. */
export function recordingMailer() {
  const sent: Mail[] = [];
  const mailer: Mailer & {
    sent: Mail[];
    to(address: string): Mail[];
    link(address: string, path: string): string;
  } = {
    sent,
    async send(mail) {
      sent.push(mail);
    },
    to: (address) => sent.filter((m) => m.to.toLowerCase() === address.toLowerCase()),
    /** The token of the newest link to `path` mailed to the address. */
    link(address, path) {
      for (const mail of mailer.to(address).reverse()) {
        const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
        if (match?.[1]) return match[1];
      }
      throw new Error(`no ${path} link mailed to ${address}`);
    },
  };
  return mailer;
}
