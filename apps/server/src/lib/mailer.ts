import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { createTransport, Transporter } from 'nodemailer';

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
 * A transport made at the first mail: nodemailer (~2.5 MB of heap) is loaded then, not by every
 * server at start.
 */
function lazyTransport(create: (make: typeof createTransport) => Transporter) {
  let transport: Promise<Transporter> | undefined;
  return () => {
    transport ??= import('nodemailer').then((nodemailer) => create(nodemailer.createTransport));
    return transport;
  };
}

/** Sends over SMTP_URL when given; otherwise writes each mail as an .eml file to the outbox. */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
}): Mailer {
  const { smtpUrl } = options;
  if (smtpUrl) {
    const transport = lazyTransport((create) => create(smtpUrl));
    return {
      async send(mail) {
        await (await transport()).sendMail({ from: options.from, ...mail });
      },
    };
  }
  const transport = lazyTransport((create) =>
    create({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(mail) {
      const info = await (await transport()).sendMail({ from: options.from, ...mail });
      await mkdir(options.outboxDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = join(options.outboxDir, `${Date.now()}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
    },
  };
}
