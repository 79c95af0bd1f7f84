import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from './once.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Sends over SMTP_URL when given; otherwise writes each mail as an .eml file to the outbox.
 * nodemailer (~2.5 MB of heap) is loaded with the first mail, not by every server at start.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  /** Told the outbox file of each mail (never its text: a link in it may carry a token). */
  log?: { info(obj: object, msg: string): void };
}): Mailer {
  const { smtpUrl } = options;
  if (smtpUrl) {
    const transport = once(async () => (await import('nodemailer')).createTransport(smtpUrl));
    return {
      async send(mail) {
        await (await transport()).sendMail({ from: options.from, ...mail });
      },
    };
  }
  const transport = once(async () =>
    (await import('nodemailer')).createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'unix',
    }),
  );
  return {
    async send(mail) {
      const info = await (await transport()).sendMail({ from: options.from, ...mail });
      await mkdir(options.outboxDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = join(options.outboxDir, `${Date.now()}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log?.info({ file }, 'mail written to the outbox');
    },
  };
}
