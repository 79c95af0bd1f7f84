import { expect, type Page, test } from '@playwright/test';
import { registerAndSignIn, uniqueName } from './support/accounts.ts';
import { OUTAGE_QUERY } from './support/fake-ai.ts';
import { seriousViolations } from './support/site-helpers.ts';

const providerSelect = (page: Page) => page.getByRole('combobox', { name: 'AI provider' });

async function explain(page: Page, query: string) {
  await page.getByPlaceholder('What concept would you like to learn?').fill(query);
  await page.getByRole('button', { name: 'Explain', exact: true }).click();
  await expect(page.locator('#result-title')).toHaveText(query, { timeout: 20_000 });
}

test('a no-key explanation is made of the Wikipedia article, cited, with its licence shown', async ({
  page,
}) => {
  await registerAndSignIn(page, uniqueName('wiki'));
  await explain(page, 'Pollination');
  const sections = page.getByRole('list', { name: 'Explanation sections' });
  await expect(sections).toContainText('Pollen is a fine powder made by flowers.');
  await expect(
    sections.getByRole('link', { name: 'Source 1: Pollination, Wikipedia' }).first(),
  ).toBeVisible();
  const sources = page.getByRole('region', { name: 'Sources' });
  await expect(sources).toContainText('Text from Wikipedia, shared under CC BY-SA 4.0.');
  await expect(sources.getByRole('link', { name: 'CC BY-SA 4.0' })).toHaveAttribute(
    'href',
    'https://creativecommons.org/licenses/by-sa/4.0/',
  );
  await expect(page.getByRole('note', { name: 'Written without the AI provider' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a model outage still teaches: the Wikipedia text, and a calm note saying where it came from', async ({
  page,
}) => {
  test.slow();
  await registerAndSignIn(page, uniqueName('outage'));
  await providerSelect(page).selectOption({ label: 'OpenAI GPT' });
  await explain(page, OUTAGE_QUERY);
  const note = page.getByRole('note', { name: 'Written without the AI provider' });
  await expect(note).toContainText('The AI provider could not answer just now');
  await expect(note).toContainText('It cost you no unit.');
  await expect(page.getByRole('list', { name: 'Explanation sections' })).toContainText(
    'Sunlight looks white, but it is a mix of many colours.',
  );
  await expect(page.getByRole('region', { name: 'Sources' })).toContainText('CC BY-SA 4.0');
  expect(await seriousViolations(page)).toEqual([]);
});
