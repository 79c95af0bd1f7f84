import { expect, type Page, test } from '@playwright/test';
import { registerAndSignIn, uniqueName } from './support/accounts.ts';
import { FAKE_PHONEPE_URL, PHONEPE_APP_DATA_DIR, PHONEPE_APP_URL } from './support/phonepe.ts';
import { openHydrated } from './support/site-helpers.ts';

// These run against the second server, whose PAYMENT_GATEWAY is PhonePe v2 (the fake).
test.use({ baseURL: PHONEPE_APP_URL });
// Each test registers, pays and reads back: on a busy machine that is more than 30 s.
test.describe.configure({ timeout: 90_000 });

async function startCheckout(page: Page, state?: string): Promise<string> {
  await openHydrated(page, '/pricing');
  if (state)
    await page.getByLabel('Your state (for the GST invoice)').selectOption({ label: state });
  await page.getByRole('button', { name: /^Pay ₹99 now$/ }).click();
  await expect(page.getByRole('heading', { name: 'PhonePe test checkout' })).toBeVisible();
  const id = /\/checkout-page\/([\w-]+)$/.exec(page.url())?.[1];
  if (!id) throw new Error(`not on the fake checkout: ${page.url()}`);
  return id;
}

async function plan(page: Page, name: string): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const res = await page.request.get(`/api/stats/units/${name}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { user: { plan: string } }).user.plan;
}

test('pays through PhonePe, then finds the GST invoice under Billing', async ({ page }) => {
  const name = uniqueName('ppe');
  await registerAndSignIn(page, name, '1234', PHONEPE_APP_DATA_DIR);
  await startCheckout(page, 'Karnataka');
  await page.getByRole('button', { name: 'Pay with PhonePe' }).click();
  await expect(page).toHaveURL(/\/payment-status\?merchantTransactionId=/);
  await expect(page.getByText('Payment Successful!')).toBeVisible();

  await page.goto('/user-dashboard');
  const billing = page.getByRole('region', { name: 'Billing' });
  await expect(billing.getByText('Paid')).toBeVisible();
  const [invoice] = await Promise.all([
    page.waitForEvent('popup'),
    billing.getByRole('button', { name: /^Invoice GRASP\/\d{4}-\d{2}\/\d{6}$/ }).click(),
  ]);
  await expect(invoice.getByRole('heading', { name: 'Tax invoice' })).toBeVisible();
  await expect(invoice.getByText('CGST @ 9%')).toBeVisible();
  await expect(invoice.getByText('₹99.00')).toBeVisible();
});

test('a declined PhonePe payment leaves the user on Free', async ({ page }) => {
  const name = uniqueName('ppd');
  await registerAndSignIn(page, name, '1234', PHONEPE_APP_DATA_DIR);
  await startCheckout(page);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText(/Payment Failed: /)).toBeVisible();
  expect(await plan(page, name)).toBe('free');
});

test('a payment whose tab was closed is finished by reconciliation', async ({ page, context }) => {
  const name = uniqueName('ppc');
  await registerAndSignIn(page, name, '1234', PHONEPE_APP_DATA_DIR);
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const id = await startCheckout(page);
  // Paid at PhonePe, but the tab closes before the return and the webhook never arrives.
  const settled = await page.request.post(`${FAKE_PHONEPE_URL}/__fake/settle`, {
    data: { merchantOrderId: id, state: 'COMPLETED', notify: false },
  });
  expect(settled.ok()).toBe(true);
  await page.close();

  const later = await context.newPage();
  await later.request.post('/api/test/clock', { data: { offsetMs: 6 * 60_000 } });
  try {
    const run = await later.request.post('/api/test/jobs/reconcile');
    expect((await run.json()) as { settled: number }).toMatchObject({
      settled: expect.any(Number),
    });
    const units = await later.request.get(`/api/stats/units/${name}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await units.json()) as { user: { plan: string } }).user.plan).toBe('pro');
  } finally {
    await later.request.post('/api/test/clock', { data: { offsetMs: 0 } });
  }
});
