import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import type * as PdfLib from 'pdf-lib';
import { registerAndSignIn, uniqueName } from './support/accounts.ts';
import { axeOf } from './support/site-helpers.ts';

// pdf-lib is the server's test dependency; the PDF is made here, so no binary fixture is kept.
const serverRequire = createRequire(new URL('../apps/server/', import.meta.url));
const { PDFDocument, StandardFonts }: typeof PdfLib = serverRequire('pdf-lib');

// Registering solves a real proof-of-work captcha first; that alone can take several seconds.
test.describe.configure({ timeout: 90_000 });

/** Two pages: an introduction, then what the notes teach, on page 2. */
async function biologyNotes(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = [
    ['Biology notes for the first term.', 'These notes follow the class syllabus.'],
    [
      'Photosynthesis is the process by which green plants turn light into chemical energy.',
      'Chlorophyll in the chloroplast absorbs red and blue light.',
      'The chloroplast holds stacks of thylakoids where the light reactions happen.',
      'Photosynthesis releases oxygen and stores energy in glucose.',
    ],
  ];
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => {
      page.drawText(line, { x: 50, y: 740 - i * 16, font, size: 11 });
    });
  }
  return Buffer.from(await doc.save());
}

const card = (page: Page, name: string) =>
  page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

async function uploadNotes(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Distiller' }).first().click();
  await expect(page).toHaveURL(/\/distiller$/);
  const panel = page.getByRole('region', { name: 'Your material', exact: true });
  await expect(panel.getByText('No material yet.', { exact: false })).toBeVisible();
  await panel.getByLabel(/Drop a PDF here/).setInputFiles({
    name: 'biology-notes.pdf',
    mimeType: 'application/pdf',
    buffer: await biologyNotes(),
  });
  // Added, then distilled at once. The first upload also starts the PDF reader's worker thread,
  // which on a busy machine takes longer than the default wait.
  await expect(
    page.getByRole('heading', { name: 'Concepts in your material “biology notes”' }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByText('PDF · 2 pages', { exact: false })).toBeVisible();
}

test('upload a PDF, distil it and explain a concept offline from page 2', async ({ page }) => {
  await registerAndSignIn(page, uniqueName('mira'));
  await uploadNotes(page);

  const concept = card(page, 'photosynthesis');
  await concept.getByRole('button', { name: 'Explain photosynthesis' }).click();
  await expect(
    concept.getByRole('heading', { level: 2, name: 'photosynthesis', exact: true }),
  ).toBeVisible();
  await expect(concept.getByText('From your material “biology notes” · cites p. 2')).toBeVisible();
  await expect(concept.getByText('Offline (from your material)')).toBeVisible();
  const sources = concept.getByRole('region', { name: 'Sources' });
  await expect(sources).toContainText('Your material, p. 2');
  await expect(sources).toContainText('Photosynthesis is the process');
  await expect(
    concept.getByRole('link', { name: /^Source 1: biology notes, Your material, p\. 2/ }).first(),
  ).toBeVisible();

  // Deleting the material asks first, and keeps the explanation already made.
  const panel = page.getByRole('region', { name: 'Your material', exact: true });
  await panel.getByRole('button', { name: 'Delete biology notes' }).click();
  await expect(panel.getByRole('button', { name: 'Yes, delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel.getByText('No material yet.', { exact: false })).toBeVisible();
  await expect(concept.getByText('From your material “biology notes” · cites p. 2')).toBeVisible();
});

test('the material area fits a 375 px screen in dark mode and passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await registerAndSignIn(page, uniqueName('nila'));
  await page.goto('/distiller');
  await expect(page.locator('html')).toHaveClass(/dark/);
  const panel = page.getByRole('region', { name: 'Your material', exact: true });
  await expect(panel.getByText('No material yet.', { exact: false })).toBeVisible();
  await panel.getByText('Or paste text').click();
  await panel
    .getByRole('textbox', { name: 'Text', exact: true })
    .fill(
      'Tides rise and fall twice a day. The moon pulls the oceans toward it, and the tides follow the moon around the earth.',
    );
  await panel.getByRole('button', { name: 'Add text' }).click();
  await expect(page.getByRole('heading', { name: /Concepts in your material/ })).toBeVisible();
  const tide = card(page, 'tide');
  await tide.getByRole('button', { name: 'Explain tide' }).click();
  await expect(tide.getByText(/^From your material/)).toBeVisible();
  // The cited excerpt is long: it must not widen the page.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const results = await axeOf(page).include('main').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
