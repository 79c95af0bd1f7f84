import { readFileSync } from 'node:fs';
import { ACCOUNT_LABELS, ACCOUNT_MESSAGES } from '@grasp/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import {
  mailedLink,
  registerAndSignIn,
  registerThroughForm,
  signIn,
  uniqueName,
  verificationLink,
} from './support/accounts.ts';
import { seriousViolations, useTheme } from './support/site-helpers.ts';

// Each test signs up through the real form (a proof-of-work captcha and argon2 on the server),
// some twice, and the last runs axe eight times: on a machine shared with other runs that is
// well past the 30 s a test gets by default.
test.describe.configure({ timeout: 120_000 });
// A page that loads its chunk, then the API's answer, on a busy machine.
const LOADED = { timeout: 20_000 };
const SHOTS = process.env.SHOTS_DIR;

const signInAlert = (page: Page) => page.getByRole('alert').filter({ hasText: /\S/ });
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** /account through the profile menu, as a learner finds it, with its lists loaded. */
async function openAccount(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: ACCOUNT_LABELS.title, level: 1 })).toBeVisible(
    LOADED,
  );
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('a forgotten PIN: a link by mail, a new PIN, and the old one no longer signs in', async ({
  page,
}) => {
  const name = uniqueName('fgt');
  const email = `${name}@example.com`;
  await registerThroughForm(page, name, '1234');
  await page.goto(verificationLink(email));
  await expect(page.getByText('Your email has been verified')).toBeVisible();

  await page.goto('/login');
  await page.getByRole('link', { name: ACCOUNT_LABELS.forgotPin }).click();
  await expect(page).toHaveURL(/\/forgot-pin$/);
  const ask = page.getByRole('form', { name: 'Forgot PIN' });
  await ask.getByLabel('Username or email').fill(name);
  await ask.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status').filter({ hasText: /\S/ })).toHaveText(
    ACCOUNT_MESSAGES.resetRequested,
  );

  await page.goto(await mailedLink(email, '/reset-pin'));
  const choose = page.getByRole('form', { name: 'Choose a new PIN' });
  await choose.getByLabel('New PIN', { exact: true }).fill('5678');
  await choose.getByLabel('Confirm new PIN', { exact: true }).fill('5678');
  await choose.getByRole('button', { name: 'Save new PIN' }).click();
  await expect(page.getByRole('status').filter({ hasText: /\S/ })).toHaveText(
    ACCOUNT_MESSAGES.pinReset,
  );
  // The reset signs nobody in.
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, name, '1234');
  await expect(signInAlert(page)).toHaveText('Invalid username/email or PIN');
  await signIn(page, name, '5678');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link answered once: opened again, it says so and offers a new one.
  await signOut(page);
  await page.goto(await mailedLink(email, '/reset-pin'));
  const again = page.getByRole('form', { name: 'Choose a new PIN' });
  await again.getByLabel('New PIN', { exact: true }).fill('1111');
  await again.getByLabel('Confirm new PIN', { exact: true }).fill('1111');
  await again.getByRole('button', { name: 'Save new PIN' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
    ACCOUNT_MESSAGES.invalidToken,
  );
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});

test('ending another session from /account signs that browser out at once', async ({
  page,
  browser,
}) => {
  const name = uniqueName('ses');
  await registerAndSignIn(page, name);
  const other = await newPage(browser);
  await other.goto('/login');
  await signIn(other, name);
  await expect(other).toHaveURL(/\/dashboard$/);
  const otherToken = await other.evaluate(() => localStorage.getItem('auth_token'));
  expect(otherToken).toBeTruthy();

  await openAccount(page);
  const sessions = section(page, ACCOUNT_LABELS.sessions);
  await expect(sessions.getByText(ACCOUNT_LABELS.thisDevice, { exact: true })).toHaveCount(1);
  const endOne = sessions.getByRole('button', { name: /^Sign out: / });
  await expect(endOne).toHaveCount(1, LOADED);
  await endOne.click();
  await expect(sessions.getByRole('status')).toHaveText(/was signed out\.$/);
  await expect(sessions.getByText('You are signed in on this device only.')).toBeVisible();

  // The ended token is refused on its next call…
  const refused = await other.request.get('/api/me/sessions', {
    headers: { authorization: `Bearer ${otherToken}` },
  });
  expect(refused.status()).toBe(401);
  // …and the browser holding it is signed out on its next page.
  await other.goto('/user-dashboard');
  await expect(other).toHaveURL(/\/login$/, LOADED);
  await expect(other.getByRole('form', { name: 'Sign in' })).toBeVisible();

  // The first browser stays signed in.
  await page.reload();
  await expect(page).toHaveURL(/\/account$/);
  await expect(
    section(page, ACCOUNT_LABELS.sessions).getByText(ACCOUNT_LABELS.thisDevice, { exact: true }),
  ).toBeVisible(LOADED);
  await other.context().close();
});

test('exporting: one zip with the account and each explanation as Markdown; /account passes axe', async ({
  page,
}) => {
  // Axe over the whole page four times, each after a reload into a theme: a minute alone.
  test.setTimeout(180_000);
  const name = uniqueName('exp');
  await registerAndSignIn(page, name);
  await page.getByPlaceholder('What concept would you like to learn?').fill('gravity');
  await page.getByRole('button', { name: 'Explain', exact: true }).click();
  await expect(page.locator('#result-title')).toHaveText(/gravity/i, LOADED);

  await openAccount(page);
  const data = section(page, ACCOUNT_LABELS.export);
  const downloading = page.waitForEvent('download');
  await data.getByRole('button', { name: ACCOUNT_LABELS.download }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^grasp-export-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(data.getByRole('status')).toContainText('Your data is saved as grasp-export-');

  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const names = Object.keys(files);
  expect(names).toEqual(
    expect.arrayContaining(['account.json', 'recaps.json', 'classes.json', 'payments.json']),
  );
  const account = JSON.parse(strFromU8(files['account.json'] as Uint8Array)) as {
    profile: { username: string; email: string };
    plan: string;
  };
  expect(account.profile.username).toBe(name);
  expect(account.profile.email).toBe(`${name}@example.com`);
  expect(account.plan).toBe('free');
  const explanations = names.filter((n) => n.startsWith('explanations/'));
  expect(explanations).toEqual([expect.stringMatching(/^explanations\/0001-gravity\.md$/)]);
  const markdown = strFromU8(files[explanations[0] as string] as Uint8Array);
  expect(markdown).toMatch(/^# .*gravity/im);

  // Axe over the page as the learner sees it, both themes, phone and desktop widths.
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(page, theme);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(
        section(page, ACCOUNT_LABELS.sessions).getByText('You are signed in on this device only.'),
      ).toBeVisible(LOADED);
      await expect(
        section(page, ACCOUNT_LABELS.passkeys).getByText('No passkeys yet.'),
      ).toBeVisible(LOADED);
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/account-${theme}-${width}.png`, fullPage: true });
      expect(await seriousViolations(page), `${theme} ${width}px`).toEqual([]);
    }
  }
});

test('deleting the account: PIN and the username typed, then signed out for good; the name is free again', async ({
  page,
}) => {
  const name = uniqueName('del');
  await registerAndSignIn(page, name, '2468');
  await openAccount(page);

  await section(page, ACCOUNT_LABELS.deletion)
    .getByRole('button', { name: ACCOUNT_LABELS.deleteAccount })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: ACCOUNT_LABELS.deleteAccount });
  // Nothing goes until the username is typed out.
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type your username (${name}) to confirm`).fill(name);
  await dialog.getByLabel('Your PIN', { exact: true }).fill('1357');
  await confirm.click();
  await expect(dialog.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
    ACCOUNT_MESSAGES.wrongPin,
  );
  await dialog.getByLabel('Your PIN', { exact: true }).fill('2468');
  await confirm.click();

  // Signed out, on the home page.
  await expect(page).toHaveURL(/\/$/, LOADED);
  await expect(page.getByRole('button', { name: /Profile menu/ })).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, name, '2468');
  await expect(signInAlert(page)).toHaveText('Invalid username/email or PIN');

  // The username and the email can be registered again.
  await registerThroughForm(page, name, '2468');
});
