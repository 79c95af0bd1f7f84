import { expect, test } from '@playwright/test';
import { openHydrated } from './support/site-helpers.ts';

test('the landing page renders', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('two minutes');
  await expect(page).toHaveTitle(/Grasp/);
});

test('an unknown route shows the 404 page and both buttons work', async ({ page }) => {
  await page.goto('/pricing');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.goto('/still/nothing');
  await page.getByRole('button', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the theme toggle persists across a reload without a flash', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openHydrated(page, '/');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  // The pre-paint script sets the class before the app's JavaScript runs.
  await page.waitForLoadState('domcontentloaded');
  await expect(html).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
});

test('the server answers health and keeps unknown API paths JSON', async ({ request }) => {
  expect((await request.get('/api/health')).status()).toBe(200);
  const missing = await request.get('/api/nothing');
  expect(missing.status()).toBe(404);
  expect((await missing.json()).code).toBe('NOT_FOUND');
});
