import { ERROR_MESSAGES } from '@grasp/contract';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { registerThroughForm, signIn, uniqueName, verificationLink } from './support/accounts.ts';
import {
  openHydrated,
  openRoute,
  seriousViolations,
  stylesMissingFromPage,
  useTheme,
  watchHydration,
} from './support/site-helpers.ts';

// Registering solves a real proof-of-work captcha first; that alone can take several seconds.
test.describe.configure({ timeout: 90_000 });

const VISITOR_ROUTES = [
  '/',
  '/login',
  '/login?register=true',
  '/pricing',
  '/terms',
  '/privacy',
  '/verify-email',
  '/payment-status',
  '/no/such/page',
];
const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/user-dashboard',
  '/distiller',
  '/pricing',
  '/terms',
  '/privacy',
  '/no/such/page',
];

/** The pages rendered to HTML at build time (apps/web/src/app/prerender.tsx), with their h1. */
const PRERENDERED = [
  ['/', 'Understand any concept in'],
  ['/pricing', 'Choose your plan'],
  ['/terms', 'Terms and Conditions'],
  ['/privacy', 'Privacy Policy'],
] as const;

/** Each prerendered page, in the app's light and dark theme: what went wrong while hydrating. */
async function hydrationProblems(page: Page, paths: readonly string[]): Promise<string[]> {
  const problems = await watchHydration(page);
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.goto('/login');
    await useTheme(page, theme);
    for (const path of paths) {
      await openHydrated(page, path);
      found.push(...(await problems()).map((p) => `${path} [${theme}] ${p}`));
    }
  }
  return found;
}

const heroBox = (page: Page) => page.getByRole('textbox', { name: 'Concept to explain' });
const resultTitle = (page: Page) => page.locator('#result-title');
const figure = (page: Page, label: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label }) });

async function expectNoSeriousViolations(page: Page, routes: string[], theme: 'light' | 'dark') {
  const found: string[] = [];
  await page.goto('/terms');
  await useTheme(page, theme);
  for (const route of routes) {
    await openRoute(page, route);
    found.push(...(await seriousViolations(page)).map((v) => `${route} [${theme}] ${v}`));
  }
  expect(found).toEqual([]);
}

test.describe('signed out', () => {
  test('the landing search ignores a blank query and needs no account to start', async ({
    page,
  }) => {
    await openHydrated(page, '/');
    await heroBox(page).fill('   ');
    await heroBox(page).press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await expect(heroBox(page)).toBeFocused();
  });

  test('a click that needs the app is held until the app has started, then done once', async ({
    page,
  }) => {
    // The app's entry waits until the test lets it through.
    const gate: { open?: () => void } = {};
    const held = new Promise<void>((resolve) => {
      gate.open = resolve;
    });
    await page.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page.goto('/pricing');
    // Twice, as an impatient person would: one intent, done once.
    await page.getByRole('button', { name: /^Pay ₹99 now$/ }).click();
    await page.getByRole('button', { name: /^Pay ₹99 now$/ }).click();
    // Nothing yet: the app is still on its way, and the page shows that it waits for it.
    await expect(page.locator('body')).toHaveCSS('cursor', 'progress');
    expect(dialogs).toEqual([]);

    gate.open?.();
    await expect.poll(() => dialogs).toEqual([ERROR_MESSAGES.paymentLoginRequired]);
    await expect(page.locator('body')).not.toHaveCSS('cursor', 'progress');
    // The held clicks are done in one task: a second would have come by now.
    await page.evaluate(() => new Promise((done) => setTimeout(done, 200)));
    expect(dialogs).toEqual([ERROR_MESSAGES.paymentLoginRequired]);
  });

  test('the public pages come as HTML with their content; other routes get the empty shell', async ({
    request,
  }) => {
    for (const [path, heading] of PRERENDERED) {
      const res = await request.get(path);
      expect(res.headers()['cache-control']).toBe('no-cache');
      const html = await res.text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}`));
    }
    const shell = await (await request.get('/login')).text();
    expect(shell).toContain('<div id="root"></div>');
  });

  test('the prerendered pages hydrate without errors or repainting, light and dark', async ({
    page,
  }) => {
    expect(
      await hydrationProblems(
        page,
        PRERENDERED.map(([path]) => path),
      ),
    ).toEqual([]);
  });

  test('each prerendered page carries every rule its markup needs, light and dark, narrow and wide', async ({
    page,
  }) => {
    const missing: string[] = [];
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const theme of ['light', 'dark'] as const) {
        await page.goto('/login');
        await useTheme(page, theme);
        for (const [path] of PRERENDERED) {
          const found = await stylesMissingFromPage(page, path);
          missing.push(...found.slice(0, 5).map((m) => `[${width} px, ${theme}] ${m}`));
        }
      }
    }
    expect(missing).toEqual([]);
  });

  test('/upgrade leads to the pricing page', async ({ page }) => {
    await page.goto('/upgrade');
    await expect(page).toHaveURL(/\/pricing$/);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds no serious or critical violation on any visitor route, ${theme}`, async ({
      page,
    }) => {
      await expectNoSeriousViolations(page, VISITOR_ROUTES, theme);
    });
  }
});

test.describe('signed in', () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;
  const name = uniqueName('site');

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  test.afterAll(() => context.close());

  test('a visitor’s landing search goes through sign-in on to /dashboard with the query', async () => {
    await registerThroughForm(page, name);
    await page.goto(verificationLink(`${name}@example.com`));
    await expect(page.getByText('Your email has been verified')).toBeVisible();

    await openHydrated(page, '/');
    await heroBox(page).fill('gravity');
    await page.getByRole('button', { name: 'Explain', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, name);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(resultTitle(page)).toHaveText(/gravity/i);
  });

  test('a signed-in user on / lands on /dashboard', async () => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByPlaceholder('What concept would you like to learn?')).toBeVisible();
  });

  test('a signed-in user’s prerendered pages hydrate without errors, then show the user', async () => {
    expect(await hydrationProblems(page, ['/pricing', '/terms'])).toEqual([]);
    await expect(page.getByRole('link', { name: 'Upgrade to Pro' }).first()).toBeVisible();
    await page.goto('/dashboard');
  });

  test('the user dashboard shows the figures after two explanations', async () => {
    await page.getByPlaceholder('What concept would you like to learn?').fill('volcano');
    await page.getByRole('button', { name: 'Explain', exact: true }).click();
    await expect(resultTitle(page)).toHaveText(/volcano/i);

    const view = page.waitForRequest(
      (r) =>
        r.url().endsWith('/api/analytics/pageview') && r.postDataJSON()?.path === '/user-dashboard',
    );
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    expect((await view).headers().authorization).toMatch(/^Bearer /);
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await expect(figure(page, 'Total messages')).toContainText('2');
    await expect(figure(page, 'Available units')).toContainText('97');
    await expect(figure(page, 'Learning streak')).toContainText('1 day');
    const activity = page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem');
    await expect(activity).toHaveCount(2);
    await expect(activity.nth(0)).toContainText(/volcano/i);
    await expect(activity.nth(0)).toContainText('just now');
    await expect(activity.nth(1)).toContainText(/gravity/i);
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Upgrade to Pro' }),
    ).toHaveAttribute('href', '/pricing');
    await page.getByRole('link', { name: 'New explanation' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the bar marks the current entry; its dropdowns close on an outside click and Escape', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/pricing');
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main.getByRole('link', { name: 'Pricing' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(main.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');

    const contact = page.getByRole('button', { name: 'Contact support' });
    await contact.click();
    // The pricing page lists the same address; the popover's copy is the one in the header.
    const email = page.locator('header').getByRole('link', { name: 'support@grasp.local' });
    await expect(email).toBeVisible();
    await page.mouse.click(640, 600);
    await expect(contact).toHaveAttribute('aria-expanded', 'false');
    await expect(email).toBeHidden();

    const profile = page.getByRole('button', { name: /Profile menu/ });
    await profile.click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeHidden();
    await expect(profile).toBeFocused();
  });

  test('the mobile menu at 375 px toggles, lists the entries and closes on an outside click', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/user-dashboard');
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    const panel = page.getByRole('navigation', { name: 'Main' });
    await expect(panel).toBeHidden();
    await menu.click();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link')).toHaveText(['Home', 'Dashboard', 'Pricing', 'Distiller']);
    await expect(panel.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('link', { name: 'Upgrade to Pro' }).first()).toBeVisible();

    await page.mouse.click(187, 700);
    await expect(panel).toBeHidden();

    // Opening the contact popover folds the menu away.
    await menu.click();
    const contact = page.getByRole('button', { name: 'Contact support' });
    await contact.click();
    await expect(panel).toBeHidden();
    await expect(contact).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');

    await menu.click();
    await panel.getByRole('link', { name: 'Distiller' }).click();
    await expect(page).toHaveURL(/\/distiller$/);
    await expect(panel).toBeHidden();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds no serious or critical violation on any route, ${theme}`, async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectNoSeriousViolations(page, SIGNED_IN_ROUTES, theme);
    });
  }
});
