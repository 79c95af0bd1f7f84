import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  DATA_DIR,
  registerAndSignIn,
  registerThroughForm,
  signIn,
  uniqueName,
  verificationLink,
} from './support/accounts.ts';
import { seriousViolations, useTheme } from './support/site-helpers.ts';

// Two accounts, each solving a real proof-of-work captcha, and axe over the console's pages in
// both themes: minutes on a machine shared with other runs.
test.describe.configure({ timeout: 300_000 });
// A page that loads its chunk (the charts' too) and then the API's answer on a busy machine.
const LOADED = { timeout: 20_000 };

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHOTS = process.env.SHOTS_DIR;

/** The operator's command against the e2e server's database: how the first admin is made. */
async function setRole(username: string, role: string): Promise<void> {
  // What `npm run admin -- set-role` runs, without npm's and npx's start-up in between.
  await promisify(execFile)(
    join(ROOT, 'node_modules/.bin/tsx'),
    ['apps/server/src/admin.ts', 'set-role', username, role],
    { cwd: ROOT, env: { ...process.env, DATA_DIR, NODE_ENV: 'test' } },
  );
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** A learner who has verified the address and never signed in. */
async function registerLearner(page: Page, username: string): Promise<void> {
  await registerThroughForm(page, username);
  await page.goto(verificationLink(`${username}@example.com`));
  await expect(page.getByText('Your email has been verified')).toBeVisible();
}

test('an admin finds a learner, changes the plan with a reason and the PIN, and reads it in the audit log', async ({
  browser,
}) => {
  const learner = uniqueName('lrn');
  await registerLearner(await newPage(browser), learner);

  const admin = await newPage(browser);
  const adminName = uniqueName('adm');
  await registerAndSignIn(admin, adminName, '2468');
  await setRole(adminName, 'admin');
  // The role comes with the user at sign-in.
  await admin.getByRole('button', { name: /Profile menu/ }).click();
  await admin.getByRole('menuitem', { name: 'Sign out' }).click();
  await signIn(admin, adminName, '2468');
  await expect(admin).toHaveURL(/\/dashboard$/);

  await admin.getByRole('button', { name: /Profile menu/ }).click();
  await admin.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(admin.getByRole('heading', { name: 'Overview' })).toBeVisible(LOADED);
  // The charting library is the console's largest chunk: slow to start on a busy machine.
  await expect(admin.getByText('Sign-ups and active learners')).toBeVisible({ timeout: 60_000 });

  await admin
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Users' })
    .click();
  await admin.getByLabel('Search by username, email or mobile').fill(learner);
  // The search settles 300 ms after typing and writes the address; the link is the found one.
  await expect(admin).toHaveURL(new RegExp(`[?&]q=${learner}(&|$)`));
  await admin.getByRole('link', { name: learner, exact: true }).click();
  await expect(admin.getByRole('heading', { name: learner })).toBeVisible(LOADED);

  await admin.getByRole('button', { name: 'Change plan' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Change plan' });
  await dialog.getByLabel('New plan').selectOption('pro');
  await dialog
    .getByLabel('Reason (kept in the audit log)')
    .fill('Paid by bank transfer, ticket 42');
  await dialog.getByRole('button', { name: 'Change plan' }).click();
  // The first write of a session asks the PIN (sudo), then is made.
  const pin = dialog.getByLabel('Enter your PIN to confirm it is you');
  await expect(pin).toBeFocused();
  await pin.fill('2468');
  await dialog.getByRole('button', { name: 'Confirm PIN' }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: `${learner} is now on Pro.` }),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(admin.getByRole('region', { name: 'Plan and this cycle' })).toContainText(
    'Pro cycle',
  );

  await admin
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await admin.getByLabel('Target (username or transaction)').fill(learner);
  const row = admin.getByRole('row').filter({ hasText: 'Changed plan' });
  await expect(row).toHaveCount(1, LOADED);
  await expect(row).toContainText(adminName);
  await expect(row).toContainText(learner);
  await expect(row).toContainText('Paid by bank transfer, ticket 42');
  await expect(row).toContainText(/plan:\s*free\s*→\s*became\s*pro/);

  for (const theme of ['light', 'dark'] as const) {
    await useTheme(admin, theme);
    for (const width of [375, 1280]) {
      await admin.setViewportSize({ width, height: 900 });
      await expect(admin.getByRole('heading', { name: 'Audit log' })).toBeVisible(LOADED);
      if (SHOTS)
        await admin.screenshot({ path: `${SHOTS}/audit-${theme}-${width}.png`, fullPage: true });
      expect(await seriousViolations(admin), `${theme} ${width}px`).toEqual([]);
    }
  }
});

test('a learner, or a visitor, opening /admin sees the 404 page', async ({ browser }) => {
  const learner = await newPage(browser);
  await registerAndSignIn(learner, uniqueName('nop'));
  await learner.goto('/admin');
  await expect(learner.getByRole('heading', { name: 'Page not found' })).toBeVisible(LOADED);
  await learner.getByRole('button', { name: /Profile menu/ }).click();
  await expect(learner.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  // The server agrees: no admin route answers a learner.
  const token = await learner.evaluate(() => localStorage.getItem('auth_token'));
  const overview = await learner.request.get('/api/admin/overview', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(overview.status()).toBe(404);

  const visitor = await newPage(browser);
  await visitor.goto('/admin/users');
  await expect(visitor.getByRole('heading', { name: 'Page not found' })).toBeVisible(LOADED);
});
