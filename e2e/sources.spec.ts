import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { registerAndSignIn, uniqueName } from './support/accounts.ts';
import { seriousViolations } from './support/site-helpers.ts';

const sectionsOf = (page: Page) => page.getByRole('list', { name: 'Explanation sections' });
const providerSelect = (page: Page) => page.getByRole('combobox', { name: 'AI provider' });

async function explain(page: Page, query: string) {
  await page.getByPlaceholder('What concept would you like to learn?').fill(query);
  await page.getByRole('button', { name: 'Explain', exact: true }).click();
  // The first AI answer of a run loads the AI SDK on the server first.
  await expect(page.locator('#result-title')).toHaveText(query, { timeout: 20_000 });
}

test('an AI explanation cites Wikipedia: [1] links to its source, listed under the text, on the share page and in the export', async ({
  page,
  browser,
  context,
}) => {
  test.slow();
  await registerAndSignIn(page, uniqueName('src'));
  await providerSelect(page).selectOption({ label: 'OpenAI GPT' });
  await explain(page, 'Osmosis');

  // The marker is a small superscript link that names its source, reachable by keyboard.
  const citation = sectionsOf(page).getByRole('link', { name: 'Source 1: Osmosis, Wikipedia' });
  await expect(citation).toHaveText('[1]');
  await expect(citation.locator('xpath=..')).toHaveJSProperty('tagName', 'SUP');
  await citation.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#source-1$/);

  const list = page.getByRole('region', { name: 'Sources' });
  const first = list.getByRole('listitem').first();
  await expect(first).toContainText('Wikipedia');
  await expect(first).toContainText('English');
  await expect(first).toContainText('Osmosis is a concept described in this encyclopedia article.');
  const title = first.getByRole('link', { name: 'Osmosis' });
  await expect(title).toHaveAttribute('href', /\/en\/wiki\/Osmosis$/);
  await expect(title).toHaveAttribute('target', '_blank');
  expect(await seriousViolations(page)).toEqual([]);

  // The export carries them as footnotes.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Markdown' }).click();
  const markdown = readFileSync(await (await downloading).path(), 'utf8');
  expect(markdown).toContain('[^1]');
  expect(markdown).toMatch(/\n\[\^1\]: \[Osmosis\]\(<http:[^>]+\/en\/wiki\/Osmosis>\), Wikipedia/);

  // Shared, a reader without an account sees the same numbered list, linked to Wikipedia.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/share') && r.request().method() === 'POST',
  );
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Share' }).click();
  const { url } = (await (await created).json()) as { url: string };
  const friend = await browser.newContext({ javaScriptEnabled: false });
  const reader = await friend.newPage();
  await reader.goto(url);
  await expect(
    sectionsOf(reader).getByRole('link', { name: 'Source 1: Osmosis, Wikipedia' }),
  ).toBeVisible();
  await expect(
    reader.getByRole('region', { name: 'Sources' }).getByRole('link', { name: 'Osmosis' }),
  ).toHaveAttribute('href', /\/en\/wiki\/Osmosis$/);
  await friend.close();
});

test('the offline explainer cites the dictionary it is built from', async ({ page }) => {
  // A sign-up first: on a loaded machine that alone takes most of a test's time.
  test.slow();
  await registerAndSignIn(page, uniqueName('srcoff'));
  await explain(page, 'gravity');
  await expect(
    sectionsOf(page).getByRole('link', { name: 'Source 1: WordNet: gravity, WordNet' }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Sources' }).getByRole('link', { name: 'WordNet: gravity' }),
  ).toHaveAttribute('href', 'https://wordnet.princeton.edu/');
});
