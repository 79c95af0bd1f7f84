import { expect, type Page, test } from '@playwright/test';
import { registerAndSignIn, uniqueName } from './support/accounts.ts';
import { HINDI_QUERY } from './support/fake-ai.ts';

const sections = (page: Page) => page.getByRole('list', { name: 'Explanation sections' });
const languages = (page: Page) => page.getByRole('group', { name: 'Language' });
const providerSelect = (page: Page) => page.getByRole('combobox', { name: 'AI provider' });

async function explain(page: Page, query: string) {
  await page.getByPlaceholder('What concept would you like to learn?').fill(query);
  await page.getByRole('button', { name: 'Explain', exact: true }).click();
}

test('ask in Hindi: Devanagari sections, the glossary and the language badge', async ({ page }) => {
  const fromElsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^https?:$/.test(url.protocol) && url.hostname !== 'localhost')
      fromElsewhere.push(url.href);
  });
  await registerAndSignIn(page, uniqueName('hindi'));
  await providerSelect(page).selectOption({ label: 'OpenAI GPT' });
  // The radio is visually hidden; a person clicks the name.
  await languages(page).getByText('हिन्दी', { exact: true }).click();
  await expect(languages(page).getByRole('radio', { name: 'हिन्दी (Hindi)' })).toBeChecked();

  await explain(page, HINDI_QUERY);
  // The run's first AI answer loads the AI SDK and asks Wikipedia first: slow on a busy machine.
  await expect(sections(page)).toHaveAttribute('lang', 'hi', { timeout: 25_000 });
  for (const title of [`${HINDI_QUERY} की समझ`, 'मुख्य सिद्धांत', 'आम ग़लतफ़हमी', 'मुख्य बात']) {
    await expect(sections(page).getByRole('heading', { name: title })).toBeVisible();
  }
  await expect(sections(page).getByText('(Oxygen)').first()).toBeVisible();
  await expect(page.locator('article').getByText('हिन्दी', { exact: true })).toBeVisible();

  const glossary = page.getByRole('region', { name: 'Glossary' });
  await expect(glossary.getByRole('row', { name: /Photosynthesis/ })).toContainText(
    'पौधों द्वारा प्रकाश से भोजन बनाने की प्रक्रिया।',
  );
  await expect(glossary.getByRole('row', { name: /Chlorophyll/ })).toBeVisible();
  // The glossary block itself is never shown raw.
  await expect(page.getByText('```glossary')).toHaveCount(0);
  await expect(page.getByText('"meaning"')).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Related Concepts' }).getByRole('button', {
      name: 'क्लोरोफिल (Chlorophyll)',
    }),
  ).toBeVisible();

  // Where the system has no Devanagari font (as on the test machines), Noto came with the
  // language, from our own origin only; where it has one, Noto is not needed.
  const fonts = await page.evaluate(async () => {
    await document.fonts.ready;
    const context = document.createElement('canvas').getContext('2d');
    if (context) context.font = '16px system-ui, sans-serif';
    const widths = new Set([...'कखगमह'].map((c) => context?.measureText(c).width));
    const noto = [...document.fonts].filter((f) => f.family.includes('Noto Sans Devanagari'));
    return { systemDraws: widths.size > 1, noto: noto.map((f) => f.status) };
  });
  if (!fonts.systemDraws) expect(fonts.noto).toContain('loaded');
  expect(fromElsewhere).toEqual([]);

  // Reloaded, the choice is remembered and the answer comes back from the cache.
  await page.reload();
  await expect(languages(page).getByRole('radio', { name: 'हिन्दी (Hindi)' })).toBeChecked();
});

test('offline + Hindi: offered, since each language answers from its own Wikipedia; with no article there, refused for an AI provider', async ({
  page,
}) => {
  await registerAndSignIn(page, uniqueName('offhi'));
  await providerSelect(page).selectOption({ label: 'Offline (WordNet dictionary)' });
  // DESIGN.md §18: the no-key explainer writes Hindi from the Hindi edition.
  await expect(languages(page).getByRole('radio', { name: 'हिन्दी (Hindi)' })).toBeEnabled();

  // The e2e Hindi edition has no article on gravity: the server refuses, naming who can.
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const refused = await page.request.post('/api/ai/aiResponseGoogle', {
    headers: { authorization: `Bearer ${token}` },
    data: { query: 'gravity', language: 'hi', provider: 'offline' },
  });
  expect(refused.status()).toBe(422);
  expect(await refused.json()).toMatchObject({
    code: 'NEEDS_AI_PROVIDER',
    message:
      'The offline dictionary explains in English only. To explain in हिन्दी (Hindi), choose OpenAI GPT and ask again.',
  });
});
