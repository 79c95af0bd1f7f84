import { ERROR_MESSAGES } from '@grasp/contract';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { registerAndSignIn, uniqueName } from './support/accounts.ts';

/**
 * Issue 15: every button and form of the public pages acts on the first click, whenever it
 * comes. Each test opens a page with the CPU slowed 4× (as Lighthouse's mobile run does) and
 * acts the moment the control is on screen, long before any app could have started.
 */
test.describe.configure({ timeout: 90_000 });

const APP_ENTRY = /\/assets\/index-[\w-]+\.js$/;

/** Slows this page's CPU 4× through the DevTools protocol. */
async function slowCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Opens `path` and returns as soon as the response has begun: the test acts at first paint. */
async function openAtFirstPaint(page: Page, path: string): Promise<void> {
  await slowCpu(page);
  await page.goto(path, { waitUntil: 'commit' });
}

const themeToggle = (page: Page) => page.locator('header [data-theme-toggle]');

test.describe('signed out', () => {
  test('a visitor’s public pages run none of the app until a button needs it', async ({ page }) => {
    const appRequests: string[] = [];
    page.on('request', (request) => {
      if (APP_ENTRY.test(request.url()) && request.resourceType() === 'script') {
        appRequests.push(request.url());
      }
    });
    for (const path of ['/', '/pricing', '/terms', '/privacy']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main h1')).toBeVisible();
    }
    expect(appRequests).toEqual([]);
  });

  test('the theme switches at the first click and stays switched', async ({ page }) => {
    await openAtFirstPaint(page, '/terms');
    await themeToggle(page).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(themeToggle(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(themeToggle(page)).toHaveAccessibleName('Switch to light mode');

    await page.goto('/privacy');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await themeToggle(page).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });

  test('the landing search goes on at the first submit; a blank one is ignored', async ({
    page,
  }) => {
    await openAtFirstPaint(page, '/');
    const box = page.getByRole('textbox', { name: 'Concept to explain' });
    await box.fill('   ');
    await box.press('Enter');
    await expect(box).toBeFocused();
    await expect(page).toHaveURL(/\/$/);

    await box.fill('gravity');
    await page.getByRole('button', { name: 'Explain', exact: true }).click();
    // A visitor signs in first; the dashboard then explains the query (site.spec.ts).
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  });

  test('a popular topic and the header’s links lead on at the first click', async ({ page }) => {
    await openAtFirstPaint(page, '/');
    await page.getByRole('link', { name: 'DNA', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);

    await openAtFirstPaint(page, '/pricing');
    await page.getByRole('link', { name: 'Get Started', exact: true }).click();
    await expect(page).toHaveURL(/\/login\?register=true$/);
    await expect(page.getByRole('form', { name: 'Create account' })).toBeVisible();
  });

  test('Pay at the first click tells a visitor to log in first', async ({ page }) => {
    await openAtFirstPaint(page, '/pricing');
    const alert = page.waitForEvent('dialog');
    await page.getByRole('button', { name: /^Pay ₹99 now$/ }).click();
    const dialog = await alert;
    expect(dialog.message()).toBe(ERROR_MESSAGES.paymentLoginRequired);
    await dialog.accept();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('a pricing question opens at the first click', async ({ page }) => {
    await openAtFirstPaint(page, '/pricing');
    await page.getByText('Do unused concepts roll over?').click();
    await expect(page.getByText(/unused concepts do not carry over/)).toBeVisible();
  });

  test('the 404 page of an unknown share link leads home at the first click', async ({ page }) => {
    await openAtFirstPaint(page, '/s/no-such-link');
    await page.getByRole('button', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('main h1')).toContainText('Understand any concept');
  });

  test('the menu at 375 px opens at the first tap and leads to a landing section', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openAtFirstPaint(page, '/terms');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu).toBeVisible();
    await page.mouse.click(187, 700);
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 2, name: 'Simple pricing' })).toBeInViewport();
  });
});

test.describe('signed in', () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    // The signed-in app registers its service worker, which would serve the page's scripts from
    // its cache, out of page.route's sight; these tests are about the pages themselves.
    context = await browser.newContext({ serviceWorkers: 'block' });
    page = await context.newPage();
    await registerAndSignIn(page, uniqueName('click'));
  });
  test.afterAll(() => context.close());

  test('Pay at the first click on a reloaded /pricing starts the payment', async () => {
    const initiated = page.waitForRequest(
      (r) => r.url().endsWith('/api/payment/initiate') && r.method() === 'POST',
    );
    await openAtFirstPaint(page, '/pricing');
    await page.getByRole('button', { name: /^Pay ₹99 now$/ }).click();
    expect((await initiated).headers().authorization).toMatch(/^Bearer /);
    await expect(page.getByText('TEST CHECKOUT — no real money')).toBeVisible();
  });

  test('/ goes straight to the dashboard, before the landing page shows', async () => {
    await openAtFirstPaint(page, '/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByPlaceholder('What concept would you like to learn?')).toBeVisible();
  });

  test('a signed-in user’s public page shows no visitor controls and switches the theme at once', async () => {
    await openAtFirstPaint(page, '/terms');
    await themeToggle(page).first().click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('link', { name: 'Get Started', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Upgrade to Pro' }).first()).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });

  test('a theme switched while the app is on its way stays switched once it has started', async () => {
    // The app's code runs, but the page's own part waits: the switch falls in between.
    const gate: { open?: () => void } = {};
    const held = new Promise<void>((resolve) => {
      gate.open = resolve;
    });
    await page.route('**/assets/privacy-page-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/privacy');
    await page.waitForRequest(/\/assets\/privacy-page-/);
    const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
    await themeToggle(page).first().click();
    gate.open?.();
    await expect(page.getByRole('link', { name: 'Upgrade to Pro' }).first()).toBeVisible();
    await expect(page.locator('html')).toHaveClass(dark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
    await page.unroute('**/assets/privacy-page-*.js');
  });

  test('the signed-in menu at 375 px opens at the first tap', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openAtFirstPaint(page, '/privacy');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu.getByRole('link', { name: 'Distiller' })).toBeVisible();
  });
});
