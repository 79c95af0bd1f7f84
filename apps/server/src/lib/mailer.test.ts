import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { verificationEmail } from '../features/auth/verification-email.ts';
import { createMailer } from './mailer.ts';

/** The parts of a multipart .eml: headers and the body decoded to bytes, then strictly UTF-8. */
function partsOf(eml: string): { headers: string; text: string }[] {
  const boundary = /boundary="([^"]+)"/.exec(eml)?.[1];
  if (!boundary) throw new Error('not multipart');
  return eml
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [headers = '', body = ''] = part.replace(/^\n/, '').split('\n\n', 2);
      const bytes = /quoted-printable/i.test(headers)
        ? Buffer.from(
            body
              .replace(/=\n/g, '')
              .replace(/=([0-9A-F]{2})/g, (_m, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          )
        : /base64/i.test(headers)
          ? Buffer.from(body, 'base64')
          : Buffer.from(body, 'utf8');
      return { headers, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
    });
}

describe('mail to people whose names are in the Indian scripts', () => {
  let outbox: string | undefined;
  afterEach(() => {
    if (outbox) rmSync(outbox, { recursive: true, force: true });
  });

  it.each([
    ['अनन्या शर्मा', 'ananya@example.com'],
    ['கார்த்திக் சுப்பிரமணியம்', 'karthik@example.com'],
    ['সৌরভ গঙ্গোপাধ্যায়', 'sourav@example.com'],
  ])('writes the .eml of %s in UTF-8 that decodes back whole', async (fullName, to) => {
    outbox = mkdtempSync(join(tmpdir(), 'grasp-outbox-'));
    const mailer = createMailer({ from: 'Grasp <no-reply@grasp.local>', outboxDir: outbox });
    await mailer.send(
      verificationEmail(
        { to, name: fullName, language: 'en' },
        'http://localhost:3000/verify-email?token=t',
      ),
    );
    const [file] = readdirSync(outbox);
    const eml = readFileSync(join(outbox, file ?? ''), 'utf8');
    // Mail headers and bodies travel as 7-bit text; the name is escaped, never raw bytes.
    expect(eml).toMatch(/^[\x20-\x7E\n]*$/);
    const [plain, html] = partsOf(eml);
    expect(plain?.headers).toContain('text/plain; charset=utf-8');
    expect(plain?.text).toContain(`Hi ${fullName},`);
    expect(html?.headers).toContain('text/html; charset=utf-8');
    expect(html?.text).toContain(`<p>Hi ${fullName},</p>`);
  });
});
