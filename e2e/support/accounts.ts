import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/** The server's DATA_DIR, where the mail outbox is (see playwright.config.ts). */
export const DATA_DIR =
  process.env.E2E_DATA_DIR ?? `/tmp/grasp-e2e-${process.env.E2E_PORT ?? 3100}`;

/** The mails to an address in the outbox, newest first, decoded from quoted-printable. */
function mailsTo(email: string, dataDir: string): string[] {
  const dir = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files
    .filter((f) => f.endsWith(`${email}.eml`))
    .sort()
    .reverse()
    .map((file) =>
      readFileSync(join(dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        ),
    );
}

/** The link to `path` in the newest mail to an address that has one, as path and query. */
function linkInMails(email: string, path: string, dataDir: string): string | undefined {
  const pattern = new RegExp(`https?://[^\\s"<>]+${path}\\?token=[\\w-]+`);
  for (const text of mailsTo(email, dataDir)) {
    const link = pattern.exec(text)?.[0];
    if (link) return new URL(link).pathname + new URL(link).search;
  }
  return undefined;
}

/** The verification link of the newest mail to an address, read from the outbox as a user would. */
export function verificationLink(email: string, dataDir = DATA_DIR): string {
  const [newest] = mailsTo(email, dataDir);
  if (newest === undefined) throw new Error(`no mail to ${email} in ${join(dataDir, 'outbox')}`);
  const link = linkInMails(email, '/verify-email', dataDir);
  if (!link) throw new Error('no verification link in the mail');
  return link;
}

/**
 * The link to `path` (`/reset-pin`) in the newest mail to an address carrying one, waited for:
 * a mail the server sends after answering (the forgotten-PIN one, whose answer must not tell
 * whether the account exists) reaches the outbox a moment later.
 */
export async function mailedLink(email: string, path: string, dataDir = DATA_DIR): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => (link = linkInMails(email, path, dataDir)), {
      message: `a mail to ${email} with a ${path} link`,
      timeout: 15_000,
    })
    .toBeDefined();
  return link as string;
}

export const uniqueName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Fills the real registration form; the ALTCHA captcha solves itself in the browser. */
export async function registerThroughForm(
  page: Page,
  username: string,
  pin = '1234',
): Promise<void> {
  await page.goto('/login?register=true');
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(`${username}@example.com`);
  await form.getByLabel('Mobile number').fill('9876543210');
  await form.getByLabel('PIN', { exact: true }).fill(pin);
  await form.getByLabel('Confirm PIN', { exact: true }).fill(pin);
  await form.getByLabel('Full name').fill(`${username} Tester`);
  await form.getByLabel(/I accept the/).check();
  await expect(page.locator('altcha-widget [data-state="verified"]')).toBeVisible({
    timeout: 20_000,
  });
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('button', { name: 'Go to Login' })).toBeVisible();
}

export async function signIn(page: Page, username: string, pin = '1234'): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username or email').fill(username);
  await form.getByLabel('PIN', { exact: true }).fill(pin);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Registers through the form, opens the mailed link, signs in; ends on /dashboard. `dataDir` is
 * the server's, when the page drives another server than the default one.
 */
export async function registerAndSignIn(
  page: Page,
  username: string,
  pin = '1234',
  dataDir = DATA_DIR,
): Promise<void> {
  await registerThroughForm(page, username, pin);
  await page.goto(verificationLink(`${username}@example.com`, dataDir));
  await expect(page.getByText('Your email has been verified')).toBeVisible();
  await page.goto('/login');
  await signIn(page, username, pin);
  await expect(page).toHaveURL(/\/dashboard$/);
}
