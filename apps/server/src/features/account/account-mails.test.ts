import { describe, expect, it } from 'vitest';
import { accountMails } from './account-mails.ts';

const passkeys = [
  { name: 'Phone', createdAt: '2026-11-27T10:00:00.000Z' },
  { name: 'Laptop', createdAt: '2026-12-02T10:00:00.000Z' },
];
const url = 'https://grasp.example/account';

describe('the account’s mails in the recipient’s language', () => {
  it('names the passkeys a reset leaves, their days and the list in that language', () => {
    const hindi = accountMails.pinReset(
      { to: 'a@example.com', name: 'Asha', language: 'hi' },
      passkeys,
      url,
    );
    expect(hindi.subject).toBe('आपका Grasp PIN बदल गया है');
    expect(hindi.text).toContain(
      'आपके खाते की पासकी: “Phone” (27 नव॰ 2026 को जोड़ी गई), “Laptop” (2 दिस॰ 2026 को जोड़ी गई)। इनसे अब भी साइन इन हो सकता है।',
    );
    expect(hindi.text).toContain(`पासकी में जाकर उसे हटाएँ: ${url}`);
    const english = accountMails.pinReset(
      { to: 'a@example.com', name: 'Asha', language: 'en' },
      passkeys,
      url,
    );
    expect(english.text).toContain(
      'Your account’s passkeys: “Phone” (added 27 Nov 2026), “Laptop” (added 2 Dec 2026). They still sign in.',
    );
  });

  it('escapes what it puts in HTML, whatever the script', () => {
    const mail = accountMails.emailChanged(
      { to: 'a@example.com', name: '<b>Ravi</b>', language: 'te' },
      'x"y@example.com',
    );
    expect(mail.html).toContain('నమస్తే &lt;b&gt;Ravi&lt;/b&gt;,');
    expect(mail.html).toContain('x&quot;y@example.com');
    expect(mail.html).not.toContain('<b>');
  });
});
