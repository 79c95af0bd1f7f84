import { expect, type Page, test } from '@playwright/test';
import { registerAndSignIn, uniqueName } from './support/accounts.ts';
import { axeOf } from './support/site-helpers.ts';

const SUBJECT = 'history of the printing press';

// Registering solves a real proof-of-work captcha first; that alone can take several seconds.
test.describe.configure({ timeout: 90_000 });

/** A distilled concept's card, found by its exact name. */
const card = (page: Page, name: string) =>
  page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

async function distill(page: Page, subject = SUBJECT): Promise<void> {
  await page.getByRole('link', { name: 'Distiller' }).first().click();
  await expect(page).toHaveURL(/\/distiller$/);
  await page.getByRole('textbox', { name: 'Subject or statement' }).fill(subject);
  await page.getByRole('button', { name: 'Distill' }).click();
  await expect(page.getByRole('heading', { name: `Concepts in “${subject}”` })).toBeVisible();
}

test('distil a subject offline, explain one concept inline and open its history', async ({
  page,
}) => {
  await registerAndSignIn(page, uniqueName('dora'));
  await distill(page);

  const cards = page.getByRole('article');
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(4);
  expect(count).toBeLessThanOrEqual(8);
  const press = card(page, 'printing press');
  // A Free user gets the default template, so every concept can be explained.
  await expect(press.getByText('Standard')).toBeVisible();
  await expect(press.getByTestId('has-history')).toHaveCount(0);

  await press.getByRole('button', { name: 'Explain printing press' }).click();
  await expect(
    press.getByRole('heading', { level: 2, name: 'printing press', exact: true }),
  ).toBeVisible();
  await expect(press.getByText('Offline (WordNet dictionary)')).toBeVisible();
  await expect(press.getByRole('list', { name: 'Explanation sections' })).toBeVisible();
  await expect(press.getByTestId('has-history')).toBeVisible();

  await press.getByRole('button', { name: 'History of printing press' }).click();
  const history = press.getByRole('region', { name: 'Earlier explanations of printing press' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('Standard');

  const first = card(page, 'history');
  await first.getByRole('button', { name: 'History of history' }).click();
  await expect(first).toContainText('No previous explanations found for this concept.');

  await press.getByRole('button', { name: 'Open in dashboard: printing press' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(
    page.getByRole('heading', { level: 2, name: 'printing press', exact: true }),
  ).toBeVisible();
});

test('the distiller fits a 375 px screen in dark mode and passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await registerAndSignIn(page, uniqueName('eve'));
  await page.goto('/distiller');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('textbox', { name: 'Subject or statement' }).fill(SUBJECT);
  // Enter distils from the keyboard.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Concepts in “${SUBJECT}”` })).toBeVisible();
  await card(page, 'printing press')
    .getByRole('button', { name: 'Explain printing press' })
    .click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'printing press', exact: true }),
  ).toBeVisible();

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const results = await axeOf(page).include('main').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
