import { expect, test } from '@playwright/test';
import { registerAndSignIn, uniqueName } from './support/accounts.ts';
import { openHydrated } from './support/site-helpers.ts';

// Register, pay and read back: on a busy machine that is more than 30 s (seen in a repeated run).
test.describe.configure({ timeout: 90_000 });

test('a Free user pays in the sandbox, then sees Pro and 299 available units', async ({ page }) => {
  const name = uniqueName('pay');
  await registerAndSignIn(page, name);
  await expect(page.getByRole('link', { name: 'Upgrade to Pro' })).toBeVisible();

  await openHydrated(page, '/pricing');
  await page.getByRole('button', { name: /^Pay ₹99 now$/ }).click();
  await expect(page.getByText('TEST CHECKOUT — no real money')).toBeVisible();
  await page.getByRole('button', { name: /^Pay ₹99/ }).click();

  await expect(page).toHaveURL(/\/payment-status\?merchantTransactionId=/);
  await expect(page.getByText('Payment Successful!')).toBeVisible();

  await page.getByRole('button', { name: /Profile menu/ }).click();
  await expect(page.getByText('Plan: Pro')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade to Pro' })).toHaveCount(0);

  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const units = await page.request.get(`/api/stats/units/${name}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await units.json()).available_units).toBe(299);
});

test('a cancelled sandbox payment leaves the user on Free', async ({ page }) => {
  await registerAndSignIn(page, uniqueName('cxl'));
  await openHydrated(page, '/pricing');
  await page.getByRole('button', { name: /^Pay ₹99 now$/ }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(/Payment Failed: /)).toBeVisible();
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await expect(page.getByText('Plan: Free')).toBeVisible();
});
