import { readFileSync } from 'node:fs';
import { SHARE_VISIBILITY_HINTS } from '@grasp/contract';
import { expect, type Page, test } from '@playwright/test';
import { registerAndSignIn, uniqueName } from './support/accounts.ts';
import { changesMadeBySheet, pageStylesheet, seriousViolations } from './support/site-helpers.ts';

async function explain(page: Page, query: string) {
  await page.getByPlaceholder('What concept would you like to learn?').fill(query);
  await page.getByRole('button', { name: 'Explain', exact: true }).click();
  await expect(page.locator('#result-title')).toHaveText(new RegExp(query, 'i'));
}

const sectionsOf = (page: Page) => page.getByRole('list', { name: 'Explanation sections' });

test('share an explanation: anyone opens the link, with or without JavaScript, until it is revoked', async ({
  page,
  browser,
  context,
}, testInfo) => {
  // Three browsers and a sign-up: more than one page's worth of time.
  test.slow();
  const username = uniqueName('sha');
  await registerAndSignIn(page, username);
  await explain(page, 'gravity');

  // Desktop Chromium on Linux has no share sheet: the link goes to the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/share') && r.request().method() === 'POST',
  );
  // Accepted the moment it opens: an alert left open holds the page, and accepting it later
  // could hang until the test timed out.
  const alerted = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
  await page.getByRole('button', { name: 'Share' }).click();
  expect(await alerted).toBe('Link copied to clipboard!');
  const share = (await (await created).json()) as { shareId: string; url: string };
  expect(share.url).toMatch(/\/s\/[A-Za-z0-9_-]{22}$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(share.url);

  // The owner makes it public: one line says what that means, and search engines may index it.
  const who = page.getByRole('combobox', { name: 'Who can find the link' });
  await expect(who).toHaveValue('unlisted');
  await expect(page.getByText(SHARE_VISIBILITY_HINTS.unlisted)).toBeVisible();
  const changed = page.waitForResponse(
    (r) => r.url().endsWith('/api/share') && r.request().method() === 'POST',
  );
  await who.selectOption('public');
  expect(((await (await changed).json()) as { visibility: string }).visibility).toBe('public');
  await expect(page.getByText(SHARE_VISIBILITY_HINTS.public)).toBeVisible();
  for (const [width, colorScheme] of [
    [375, 'light'],
    [1280, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    // The app's theme is its own setting (a class on html), not the system's scheme.
    await page.evaluate(
      (dark) => document.documentElement.classList.toggle('dark', dark),
      colorScheme === 'dark',
    );
    await who.scrollIntoViewIfNeeded();
    const shot = testInfo.outputPath(`visibility-${width}-${colorScheme}.png`);
    await page.screenshot({ path: shot });
    await testInfo.attach(`visibility ${width} ${colorScheme}`, {
      path: shot,
      contentType: 'image/png',
    });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));

  // A friend with no account opens it from a chat.
  const friend = await browser.newContext();
  const reader = await friend.newPage();
  const opened = await reader.goto(share.url);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()['x-robots-tag']).toBeUndefined();
  await expect(reader.getByRole('heading', { level: 1, name: 'gravity' })).toBeVisible();
  expect(await sectionsOf(reader).getByRole('listitem').count()).toBeGreaterThanOrEqual(4);
  await expect(
    sectionsOf(reader)
      .getByText(/WordNet lexical database/)
      .first(),
  ).toBeVisible();
  await expect(reader.getByText(/^Shared by /)).toBeVisible();
  const html = await reader.content();
  expect(html).not.toContain(`${username}@example.com`);
  expect(html).not.toContain('Tester');
  expect(html).not.toMatch(/eyJ[\w-]{5,}\.[\w-]{5,}\./);
  expect(await seriousViolations(reader)).toEqual([]);

  // The page carries every rule of the app's stylesheet its markup needs, in both themes.
  const home = await (await reader.request.get('/')).text();
  const sheet = pageStylesheet(home) ?? '';
  expect(sheet).toMatch(/^\/assets\/.+\.css$/);
  for (const width of [375, 1280]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await reader.setViewportSize({ width, height: 800 });
      await reader.emulateMedia({ colorScheme });
      await reader.goto(share.url);
      await expect(reader.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^$/);
      expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      const missing = await reader.evaluate(changesMadeBySheet, sheet);
      expect(missing.slice(0, 5), `${width} px, ${colorScheme}`).toEqual([]);
      if (colorScheme === 'dark') expect(await seriousViolations(reader)).toEqual([]);
    }
  }

  await reader.getByRole('link', { name: 'Explain something else' }).first().click();
  await expect(reader).toHaveURL(/\/login\?register=true$/);
  await expect(reader.getByRole('form', { name: 'Create account' })).toBeVisible();

  // And with JavaScript off, the page is whole.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  expect((await plain.goto(share.url))?.status()).toBe(200);
  await expect(plain.getByRole('heading', { level: 1, name: 'gravity' })).toBeVisible();
  await expect(
    sectionsOf(plain)
      .getByText(/WordNet lexical database/)
      .first(),
  ).toBeVisible();
  await expect(plain.getByRole('link', { name: 'Explain something else' }).first()).toBeVisible();

  // Signed in, the same call to action leads to the dashboard.
  await page.goto(share.url);
  await page.getByRole('link', { name: 'Explain something else' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The owner stops sharing from the recent list: the link is a 404 at once.
  const stop = page.getByRole('button', { name: 'Stop sharing gravity' });
  await expect(stop).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await stop.click();
  await expect(stop).toHaveCount(0);
  const gone = await reader.goto(share.url);
  expect(gone?.status()).toBe(404);
  await expect(reader.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Go Home' })).toBeVisible();
  expect((await plain.goto(share.url))?.status()).toBe(404);
  await expect(plain.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  await friend.close();
  await noScript.close();
});

test('export Markdown and print the explanation alone, light even in dark mode', async ({
  page,
}, testInfo) => {
  test.slow();
  await registerAndSignIn(page, uniqueName('exp'));
  await explain(page, 'photosynthesis');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Markdown' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('photosynthesis.md');
  const markdown = readFileSync(await download.path(), 'utf8');
  expect(markdown).toMatch(/^# photosynthesis\n\n\*Explained by Grasp on \d{4}-\d{2}-\d{2} · /);
  expect(markdown).toMatch(/\n## .+ \(0-\d+ seconds\)\n/);
  expect(markdown).toContain('WordNet');

  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  const shot = testInfo.outputPath('print.png');
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('print', { path: shot, contentType: 'image/png' });

  await expect(page.locator('#result-title')).toBeVisible();
  await expect(sectionsOf(page)).toBeVisible();
  await expect(page.locator('nav:visible')).toHaveCount(0);
  await expect(page.locator('button:visible')).toHaveCount(0);
  await expect(page.getByRole('search')).toBeHidden();
  await expect(page.getByRole('toolbar', { name: 'Explanation actions' })).toBeHidden();
  await expect(page.locator('header').first()).toBeHidden();
  // Clamped cards print whole; light colours though the page is dark on screen.
  for (const body of await page.locator('[data-clamped="true"]').all()) {
    expect(await body.evaluate((e) => getComputedStyle(e).webkitLineClamp)).not.toBe('3');
  }
  const colours = await page.evaluate(() => ({
    body: getComputedStyle(document.body).backgroundColor,
    card: getComputedStyle(document.querySelector('article article') as Element).backgroundColor,
    title: getComputedStyle(document.querySelector('#result-title') as Element).color,
  }));
  expect(colours.body).toBe('rgb(255, 255, 255)');
  expect(colours.card).toBe('rgb(255, 255, 255)');
  expect(colours.title).not.toBe('rgb(241, 245, 249)');
  // One column: the explanation takes the page's width.
  const main = await page.locator('main').boundingBox();
  const title = await page.locator('#result-title').boundingBox();
  expect(title && main && title.width > main.width * 0.8).toBe(true);
});
