import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  DATA_DIR,
  registerAndSignIn,
  registerThroughForm,
  signIn,
  uniqueName,
  verificationLink,
} from './support/accounts.ts';
import { seriousViolations, useTheme } from './support/site-helpers.ts';

// Three accounts, each solving a real proof-of-work captcha, two offline quizzes and five axe
// runs: about two minutes alone, much longer on a machine shared with other runs.
test.describe.configure({ timeout: 480_000 });
// Pages that load a chunk and then two API answers on a busy machine.
const LOADED = { timeout: 20_000 };

const CONCEPTS = ['gravity', 'friction', 'magnet'];
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHOTS = process.env.SHOTS_DIR;

/** The operator's command, against the e2e server's own database (playwright.config.ts). */
async function setPlan(username: string, plan: string): Promise<void> {
  // What `npm run admin -- set-plan` runs, without npm's and npx's start-up in between.
  await promisify(execFile)(
    join(ROOT, 'node_modules/.bin/tsx'),
    ['apps/server/src/admin.ts', 'set-plan', username, plan],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR, NODE_ENV: 'test' },
    },
  );
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** Explains a concept through the search bar, then answers its quiz with the first options. */
async function explainAndQuiz(page: Page, query: string): Promise<void> {
  await page.getByPlaceholder('What concept would you like to learn?').fill(query);
  await page.getByRole('button', { name: 'Explain', exact: true }).click();
  await expect(page.locator('#result-title')).toHaveText(new RegExp(query, 'i'));
  const quiz = page.getByRole('region', { name: 'Check yourself' });
  await quiz.getByRole('button', { name: 'Start the quiz' }).click();
  for (;;) {
    await quiz.getByRole('radio').first().check();
    await quiz.getByRole('button', { name: 'Check' }).click();
    const next = quiz.getByRole('button', { name: /^(Next question|See your score)$/ });
    const last = (await next.textContent()) === 'See your score';
    await next.click();
    if (last) break;
  }
  await expect(quiz.getByText(/^\d of \d$/)).toBeVisible();
}

test('a teacher assigns three concepts; two students join by the link, one explains and quizzes two; the grid shows it; axe clean light and dark, 375 and 1280 px', async ({
  browser,
}) => {
  const teacherName = uniqueName('teach');
  const teacher = await newPage(browser);
  await registerThroughForm(teacher, teacherName);
  // The operator's command runs while the teacher opens the mailed link.
  const enterprise = setPlan(teacherName, 'enterprise');
  await teacher.goto(verificationLink(`${teacherName}@example.com`));
  await expect(teacher.getByText('Your email has been verified')).toBeVisible();
  await enterprise;
  await teacher.goto('/login');
  await signIn(teacher, teacherName);
  await expect(teacher).toHaveURL(/\/dashboard$/);

  await teacher.goto('/classes');
  await expect(teacher.getByText('You are in no class yet.', { exact: false })).toBeVisible();
  await teacher.getByLabel('Class name').fill('Physics 9B');
  await teacher.getByRole('button', { name: 'Create class' }).click();
  await expect(teacher.getByRole('heading', { name: 'Physics 9B' })).toBeVisible(LOADED);
  const code = ((await teacher.getByTestId('join-code').textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  const link = new URL(((await teacher.getByTestId('join-link').textContent()) ?? '').trim());
  expect(link.pathname).toBe(`/join/${code}`);

  const form = teacher.getByRole('form', { name: 'New assignment' });
  await form.getByLabel('Title').fill('Forces');
  await form.getByLabel('Concepts, one a line').fill(CONCEPTS.join('\n'));
  await form.getByRole('button', { name: 'Assign' }).click();
  await expect(teacher.getByText('Nobody has joined yet.', { exact: false })).toBeVisible();

  // Asha follows the link as a visitor: sign-in first, then she is in the class.
  const ashaName = uniqueName('asha');
  const asha = await newPage(browser);
  await registerThroughForm(asha, ashaName);
  await asha.goto(verificationLink(`${ashaName}@example.com`));
  await expect(asha.getByText('Your email has been verified')).toBeVisible();
  await asha.goto(link.pathname);
  await expect(asha).toHaveURL(/\/login$/);
  await signIn(asha, ashaName);
  await expect(asha).toHaveURL(/\/classes\?class=/, LOADED);
  await expect(asha.getByRole('heading', { name: 'Physics 9B' })).toBeVisible(LOADED);
  await expect(asha.getByText('Not started')).toHaveCount(3);

  // Bob is signed in already and just opens the link (twice: joining again changes nothing).
  const bobName = uniqueName('bob');
  const bob = await newPage(browser);
  await registerAndSignIn(bob, bobName);
  for (let i = 0; i < 2; i++) {
    await bob.goto(link.pathname);
    await expect(bob.getByRole('heading', { name: 'Physics 9B' })).toBeVisible(LOADED);
  }

  // Asha explains and quizzes two assigned concepts, from her class page's links.
  for (const concept of CONCEPTS.slice(0, 2)) {
    await asha.goto('/classes');
    await asha.getByRole('link', { name: concept, exact: true }).click();
    await explainAndQuiz(asha, concept);
  }
  await asha.goto('/user-dashboard');
  const mine = asha.getByRole('region', { name: 'Your assignments' });
  // The dashboard's figures load first, then the assignments beside them.
  await expect(mine).toBeVisible(LOADED);
  await expect(mine.getByText('Explained')).toHaveCount(2);

  // The teacher's grid: Asha has two explained with quiz scores, Bob nothing yet.
  await teacher.reload();
  const grid = teacher.getByRole('region', { name: 'Progress on Forces' });
  const ashaRow = grid.getByRole('row').filter({ hasText: `@${ashaName}` });
  const bobRow = grid.getByRole('row').filter({ hasText: `@${bobName}` });
  await expect(grid).toBeVisible(LOADED);
  await expect(ashaRow.getByText('Explained')).toHaveCount(2);
  await expect(ashaRow.getByRole('cell', { name: /quiz \d\/\d/ })).toHaveCount(2);
  await expect(ashaRow.getByText('Not started')).toHaveCount(1);
  await expect(ashaRow).toContainText('2/3 started');
  await expect(bobRow.getByText('Not started')).toHaveCount(3);
  await expect(teacher.getByRole('heading', { name: 'Members (2)' })).toBeVisible();

  // Sorting by progress puts the furthest first (Asha), then the other way round (Bob).
  const firstRow = () => grid.getByRole('row').nth(1);
  const byProgress = grid.getByRole('columnheader', { name: /Progress/ });
  await byProgress.getByRole('button').click();
  await expect(byProgress).toHaveAttribute('aria-sort', 'descending');
  await expect(firstRow()).toContainText(`@${ashaName}`);
  await byProgress.getByRole('button').click();
  await expect(firstRow()).toContainText(`@${bobName}`);

  const download = teacher.waitForEvent('download');
  await teacher.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toBe('Physics-9B-progress.csv');

  for (const width of [375, 1280]) {
    await teacher.setViewportSize({ width, height: 900 });
    for (const theme of ['light', 'dark'] as const) {
      await useTheme(teacher, theme);
      await expect(grid).toBeVisible();
      // Nothing but the grid scrolls sideways: the page itself fits the screen.
      expect(await teacher.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      if (SHOTS)
        await teacher.screenshot({
          path: `${SHOTS}/teacher-${theme}-${width}.png`,
          fullPage: true,
        });
      expect(await seriousViolations(teacher), `${theme} ${width}px`).toEqual([]);
    }
  }
  await asha.setViewportSize({ width: 375, height: 800 });
  await asha.goto('/classes');
  await expect(asha.getByRole('heading', { name: 'Physics 9B' })).toBeVisible(LOADED);
  if (SHOTS) await asha.screenshot({ path: `${SHOTS}/member-375.png`, fullPage: true });
  expect(await seriousViolations(asha)).toEqual([]);

  // Remove Bob (asked first), make a new code: his old link no longer lets him back in.
  await teacher.getByRole('button', { name: `Remove ${bobName} (@${bobName})` }).click();
  await teacher.getByRole('button', { name: `Remove ${bobName}`, exact: true }).click();
  await expect(teacher.getByRole('heading', { name: 'Members (1)' })).toBeVisible();
  await teacher.getByRole('button', { name: 'New code' }).click();
  await expect(teacher.getByTestId('join-code')).not.toHaveText(code);
  await bob.goto(link.pathname);
  await expect(bob.getByRole('alert')).toContainText('This join code is not valid');
});
