import { REMINDER_MESSAGES } from '@grasp/contract';
import { expect, type Page, test } from '@playwright/test';
import { registerAndSignIn, signIn, uniqueName } from './support/accounts.ts';
import { withDatabase } from './support/database.ts';
import { seriousViolations } from './support/site-helpers.ts';

/**
 * Issue 25 (DESIGN.md §11): the installable app, its reminder settings, and /review offline.
 * Registering solves a real proof-of-work captcha first; that alone can take several seconds.
 */
test.describe.configure({ timeout: 120_000 });

const DAY = 24 * 60 * 60 * 1000;

test.afterAll(async ({ request }) => {
  await request.post('/api/test/clock', { data: { offsetMs: 0 } });
});

const tokenOf = async (page: Page) =>
  (await page.evaluate(() => localStorage.getItem('auth_token'))) ?? '';

/** How many reviews made offline this browser still keeps (the learning feature's IndexedDB). */
const keptOffline = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('grasp-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction('recap-reviews').objectStore('recap-reviews').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );

const reviewsBy = (name: string) =>
  withDatabase((db) =>
    db
      .prepare(
        `select count(*) as n from recap_reviews
         join users on users.id = recap_reviews.user_id where users.username_key = ?`,
      )
      .get(name.toLowerCase()),
  ) as { n: number };

/** Waits until the app's service worker is active and controls the page. */
async function controlledByServiceWorker(page: Page): Promise<string> {
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
  }
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  return scope;
}

/**
 * Ten days later every card is due; the session is four hours of the server's clock, so the user
 * signs in again, and opens /review once the service worker controls the page.
 */
async function backTenDaysLater(page: Page, username: string): Promise<void> {
  expect((await page.request.post('/api/test/clock', { data: { offsetMs: 10 * DAY } })).ok()).toBe(
    true,
  );
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await signIn(page, username);
  await expect(page).toHaveURL(/\/dashboard$/);
  await controlledByServiceWorker(page);
  await page.goto('/review');
}

/** Rates the card on screen Good while offline; the page says the review is kept for later. */
async function rateGoodOffline(page: Page): Promise<void> {
  const rateRecall = page.getByRole('button', { name: 'Rate your recall' });
  const good = page.getByRole('button', { name: /^Good/ });
  await page.getByRole('button', { name: /Rate your recall|Check yourself/ }).click();
  // A card with a question shows it first, then "Rate your recall"; one without shows the ratings.
  await expect(good.or(rateRecall)).toBeVisible();
  if (await rateRecall.isVisible()) await rateRecall.click();
  await good.click();
  // The question card has a status of its own; this is the page's.
  await expect(
    page.getByRole('status').filter({ hasText: REMINDER_MESSAGES.offlineSaved }),
  ).toBeVisible();
}

test('the app installs, and reminders are set from the profile menu', async ({ page }) => {
  // A visitor's public page gets no service worker.
  await page.goto('/');
  await expect(page.locator('main h1')).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations())).toHaveLength(0);

  const name = uniqueName('ida');
  await registerAndSignIn(page, name);
  const scope = await controlledByServiceWorker(page);
  expect(new URL(scope).pathname).toBe('/');

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(href ?? '')).json();
  expect(manifest).toMatchObject({
    short_name: 'Grasp',
    display: 'standalone',
    start_url: '/dashboard',
  });
  expect(manifest.icons).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ sizes: '192x192' }),
      expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
    ]),
  );
  for (const icon of manifest.icons as { src: string }[]) {
    expect((await page.request.get(icon.src)).ok()).toBe(true);
  }

  // The menu's first item takes the focus; the arrows move on; Enter follows the link.
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Classes',
    'Reminders',
    'Account',
    'Sign out',
  ]);
  await expect(page.getByRole('menuitem', { name: 'Classes' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Classes' })).toBeVisible();
  await expect(page).toHaveURL(/\/classes$/);
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Classes' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Reminders' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Reminders' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Email' }).check();
  await page.getByLabel('Hour', { exact: true }).selectOption('7');
  await page.getByLabel('Time zone', { exact: true }).selectOption('America/New_York');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save reminders' }).click();
  await expect(page.getByRole('status')).toHaveText(REMINDER_MESSAGES.saved);

  const saved = await page.request.get('/api/me/notifications', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(await saved.json()).toEqual({
    email: true,
    push: false,
    hour: 7,
    timezone: 'America/New_York',
    saved: true,
  });
});

test('recaps reviewed offline reach the server once back online; one reviewed meanwhile elsewhere is reported', async ({
  page,
  context,
}) => {
  const name = uniqueName('oto');
  await registerAndSignIn(page, name);
  for (const query of ['gravity', 'photosynthesis', 'volcano']) {
    await page.getByPlaceholder('What concept would you like to learn?').fill(query);
    await page.getByRole('button', { name: 'Explain', exact: true }).click();
    await expect(page.locator('#result-title')).toHaveText(new RegExp(query, 'i'));
  }
  await backTenDaysLater(page, name);
  await expect(page.getByText('Recap 1 of 3')).toBeVisible();
  const token = await tokenOf(page);
  const queue = await page.request.get('/api/learning/recaps', {
    headers: { authorization: `Bearer ${token}` },
  });
  const due = (await queue.json()).due as { cardId: string; query: string }[];
  expect(due).toHaveLength(3);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Recap 1 of 3')).toBeVisible();
  for (const card of due) {
    await expect(page.getByRole('heading', { level: 2, name: card.query })).toBeVisible();
    await rateGoodOffline(page);
  }

  // Meanwhile another tab, online, reviews the last card first.
  const elsewhere = await page.request.post(`/api/learning/recaps/${due[2]?.cardId}/review`, {
    headers: { authorization: `Bearer ${token}` },
    data: { rating: 'easy' },
  });
  expect(elsewhere.ok()).toBe(true);

  await context.setOffline(false);
  await expect(
    page.getByRole('status').filter({ hasText: REMINDER_MESSAGES.offlineSent(2) }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    REMINDER_MESSAGES.offlineRefused(due[2]?.query ?? ''),
  );
  const reviews = withDatabase((db) =>
    db
      .prepare(
        `select recap_cards.query, recap_reviews.rating from recap_reviews
         join recap_cards on recap_cards.id = recap_reviews.card_id
         join users on users.id = recap_reviews.user_id
         where users.username_key = ? order by recap_cards.query`,
      )
      .all(name.toLowerCase()),
  ) as { query: string; rating: string }[];
  expect(reviews).toEqual(
    [
      { query: due[0]?.query, rating: 'good' },
      { query: due[1]?.query, rating: 'good' },
      { query: due[2]?.query, rating: 'easy' },
    ].sort((a, b) => (a.query ?? '').localeCompare(b.query ?? '')),
  );
});

test('signing out forgets the reviews kept offline: the next person on the device neither sees nor sends them', async ({
  page,
  context,
}) => {
  await page.request.post('/api/test/clock', { data: { offsetMs: 0 } });
  const first = uniqueName('shr');
  const next = uniqueName('nxt');
  await registerAndSignIn(page, next);
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await registerAndSignIn(page, first);
  await page.getByPlaceholder('What concept would you like to learn?').fill('gravity');
  await page.getByRole('button', { name: 'Explain', exact: true }).click();
  await expect(page.locator('#result-title')).toHaveText(/gravity/i);
  await backTenDaysLater(page, first);
  await expect(page.getByText('Recap 1 of 1')).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Recap 1 of 1')).toBeVisible();
  await rateGoodOffline(page);
  expect(await keptOffline(page)).toBe(1);

  // Still offline, the user signs out and leaves the device to the next person.
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => keptOffline(page)).toBe(0);

  await context.setOffline(false);
  await signIn(page, next);
  await expect(page.getByRole('button', { name: /Profile menu/ })).toBeVisible();
  await page.goto('/review');
  await expect(page.getByRole('heading', { name: 'No recaps due right now' })).toBeVisible();
  await expect(page.getByText(/made offline sent/)).toHaveCount(0);
  expect(await keptOffline(page)).toBe(0);
  expect(reviewsBy(first).n).toBe(0);
});

test('signing out forgets this device’s push subscription, on the server and in the browser', async ({
  page,
}) => {
  await page.request.post('/api/test/clock', { data: { offsetMs: 0 } });
  // Headless Chromium reaches no push service: this device's subscription is a stand-in that
  // says when the browser is told to drop it.
  const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Date.now()}`;
  await page.addInitScript((subscribed) => {
    const subscription = {
      endpoint: subscribed,
      unsubscribe: () => {
        localStorage.setItem('e2e-push-dropped', 'yes');
        return Promise.resolve(true);
      },
    };
    PushManager.prototype.getSubscription = () =>
      Promise.resolve(
        localStorage.getItem('e2e-push-dropped') ? null : (subscription as PushSubscription),
      );
  }, endpoint);
  const name = uniqueName('pso');
  await registerAndSignIn(page, name);
  await controlledByServiceWorker(page);
  const saved = await page.request.post('/api/notifications/subscriptions', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    data: { endpoint, expirationTime: null, keys: { p256dh: 'BPk3', auth: 'a2V5' } },
  });
  expect(saved.ok()).toBe(true);
  const devices = () =>
    (
      withDatabase((db) =>
        db.prepare('select count(*) as n from push_subscriptions where endpoint = ?').get(endpoint),
      ) as { n: number }
    ).n;
  expect(devices()).toBe(1);

  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(devices).toBe(0);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('e2e-push-dropped')))
    .toBe('yes');
});
