import { expect, type Page, test } from '@playwright/test';
import { registerAndSignIn, uniqueName } from './support/accounts.ts';

async function explain(page: Page, query: string) {
  await page.getByPlaceholder('What concept would you like to learn?').fill(query);
  await page.getByRole('button', { name: 'Explain', exact: true }).click();
}

const resultTitle = (page: Page) => page.locator('#result-title');
const sections = (page: Page) => page.getByRole('list', { name: 'Explanation sections' });

test('explain gravity offline: sections, clamp, related concepts, premium gate, recent list', async ({
  page,
}) => {
  await registerAndSignIn(page, uniqueName('eve'));

  await explain(page, 'gravity');
  await expect(resultTitle(page)).toHaveText(/gravity/i);
  await expect(sections(page).getByRole('listitem').first()).toBeVisible();
  expect(await sections(page).getByRole('listitem').count()).toBeGreaterThanOrEqual(4);
  await expect(
    sections(page)
      .getByText(/WordNet lexical database/)
      .first(),
  ).toBeVisible();

  const more = page.getByRole('button', { name: /^Show more of / }).first();
  await more.click();
  await expect(page.getByRole('button', { name: /^Show less of / }).first()).toHaveAttribute(
    'aria-expanded',
    'true',
  );

  const related = page
    .getByRole('region', { name: 'Related Concepts' })
    .getByRole('button')
    .first();
  const relatedName = (await related.textContent())?.trim() ?? '';
  await related.click();
  await expect(resultTitle(page)).toHaveText(
    new RegExp(relatedName.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'),
  );

  await expect(page.getByRole('button', { name: /Recently Viewed Concepts/ })).toBeVisible();
  await page
    .getByRole('listitem')
    .filter({ hasText: /^gravity/i })
    .getByRole('button')
    .first()
    .click();
  await expect(resultTitle(page)).toHaveText(/gravity/i);

  const storytelling = page.getByRole('button', { name: /Storytelling/ });
  if (!(await storytelling.isVisible()))
    await page.getByRole('button', { name: /Explanation style:/ }).click();
  await storytelling.click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('an answer holding a javascript: link renders it inert', async ({ page }) => {
  await registerAndSignIn(page, uniqueName('mal'));
  // A hostile provider answer, delivered as the server would relay it.
  const hostile = {
    explanationId: 'hostile-1',
    response:
      '## Understanding Trap (0-30 seconds)\n[click me](javascript:alert(1)) and [safe](https://example.com)\n\n## Key Points (30-120 seconds)\nText.',
    provider: 'offline',
    template: 'default',
    difficulty: 'beginner',
    cached: false,
    relatedConcepts: [],
    suggestedQuestions: [],
  };
  await page.route('**/api/ai/aiResponseGoogle', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(hostile) }),
  );
  let dialog = false;
  page.on('dialog', (d) => {
    dialog = true;
    void d.dismiss();
  });
  await explain(page, 'trap');
  await expect(page.getByText('click me')).toBeVisible();
  await expect(page.getByRole('link', { name: 'click me' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'safe' })).toHaveAttribute(
    'href',
    'https://example.com',
  );
  await page.getByText('click me').click();
  expect(dialog).toBe(false);
});
