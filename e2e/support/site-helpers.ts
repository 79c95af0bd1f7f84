import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export type Theme = 'light' | 'dark';

/**
 * Sets the app's own theme setting (it wins over the system preference) and reloads. An app still
 * starting on the page adopts the theme the page shows and may save it over this write, so the
 * write and reload are repeated until the page shows the theme asked for.
 */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await expect(async () => {
    await page.evaluate((dark) => {
      const raw = localStorage.getItem('grasp-settings');
      const saved = raw ? (JSON.parse(raw) as { state?: Record<string, unknown> }) : {};
      localStorage.setItem(
        'grasp-settings',
        JSON.stringify({ ...saved, state: { ...saved.state, darkMode: dark } }),
      );
    }, theme === 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/, {
      timeout: 2_000,
    });
  }).toPass();
}

/**
 * axe for the page as it is now, run in the page itself. By default @axe-core/playwright gathers
 * each frame's results in a new blank page, for cross-origin frames; the app has no frames, and
 * that page took 0.4–0.7 s of every check (1.0–2.0 s per route against 0.6–1.3 s).
 */
export function axeOf(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode();
}

/** Serious and critical axe findings on the page as it is now, summarised for the failure text. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await axeOf(page).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/**
 * Opens a route and waits until its page, not a loading spinner, is on screen. The registration
 * form is settled when its captcha is solved: the captcha's worker, loaded from a blob, can stay
 * "pending" in Chromium's network log for good, so that page never reaches network idle.
 */
export async function openRoute(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main h1').first()).toBeVisible();
  if (await page.getByRole('form', { name: 'Create account' }).count()) {
    await expect(page.locator('altcha-widget [data-state="verified"]')).toBeVisible({
      timeout: 20_000,
    });
  } else {
    await page.waitForLoadState('networkidle');
  }
}

/**
 * Watches page loads for signs of a failed hydration of prerendered HTML: console errors (React
 * reports a mismatch there, and so does the CSP for a blocked script) and page content (main,
 * h1) taken out of the DOM, which is how React replaces markup it could not adopt.
 */
export async function watchHydration(page: Page): Promise<() => Promise<string[]>> {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.addInitScript(() => {
    const removed: string[] = [];
    Object.assign(window, { removedContent: removed });
    new MutationObserver((records) => {
      for (const node of records.flatMap((r) => [...r.removedNodes])) {
        if (node instanceof Element && (node.matches('main, h1') || node.querySelector('main, h1')))
          removed.push(`removed <${node.tagName.toLowerCase()}> from ${location.pathname}`);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return async () => [
    ...problems.splice(0),
    ...(await page.evaluate(
      () => (window as unknown as { removedContent: string[] }).removedContent,
    )),
  ];
}

/**
 * Loads a prerendered page, starts its app as a button that needs it would (public-page.js; a
 * visitor's page runs none until then), and waits until React has taken over its heading.
 */
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => (window as { graspStartApp?: () => void }).graspStartApp?.());
  // React marks the DOM nodes it owns with a __reactFiber$… property.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const heading = document.querySelector('main h1');
        return heading !== null && Object.keys(heading).some((k) => k.startsWith('__reactFiber$'));
      }),
    )
    .toBe(true);
}

/**
 * In the page: adds the stylesheet at `href` and lists each computed style of the body and what is
 * in it that the sheet changes, sizes last (they change with whatever else did).
 */
export async function changesMadeBySheet(href: string): Promise<string[]> {
  const elements = [...document.querySelectorAll('body, body *')];
  const styles = () =>
    elements.map((element) => {
      const style = getComputedStyle(element);
      return new Map([...style].map((name) => [name, style.getPropertyValue(name)]));
    });
  const before = styles();
  await new Promise((loaded, failed) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    link.onload = loaded;
    link.onerror = () => failed(new Error(`${href} did not load`));
    document.head.append(link);
  });
  const sizes = /^(block-size|inline-size|height|width|perspective-origin|transform-origin)$/;
  const changes = styles().flatMap((style, i) => {
    const tag = `<${elements[i]?.tagName.toLowerCase()} ${elements[i]?.getAttribute('class')}>`;
    return [...style]
      .filter(([name, value]) => before[i]?.get(name) !== value)
      .map(([name, value]) => ({
        name,
        text: `${tag} ${name}: ${before[i]?.get(name)} → ${value}`,
      }));
  });
  const last = (change: { name: string }) => Number(sizes.test(change.name));
  return changes.sort((a, b) => last(a) - last(b)).map((change) => change.text);
}

/** The app's stylesheet as a prerendered page's script names it (minified: `styles:[`…`]`). */
export function pageStylesheet(html: string): string | undefined {
  return /\bstyles"?:\[["`]([^"`]+)["`]/.exec(html)?.[1];
}

/**
 * What a prerendered page's own rules (the part of the app's stylesheet its HTML carries) style
 * differently from the whole stylesheet: the page is shown without the app's scripts and sheets,
 * then the whole sheet is added, and each change of a computed style is listed.
 */
export async function stylesMissingFromPage(page: Page, path: string): Promise<string[]> {
  const scripts = /\/assets\/.+\.js$/;
  const sheets = /\/assets\/.+\.css$/;
  await page.route(scripts, (route) => route.abort());
  await page.route(sheets, (route) => route.abort());
  await page.goto(path);
  const sheet = pageStylesheet(await page.content());
  // Scripts stay blocked while the sheet is compared: an app that started meanwhile would add
  // markup the prerendered page never had, and its rules would read as missing.
  await page.unroute(sheets);
  try {
    if (!sheet) return [`${path} names no stylesheet for its loader`];
    return (await page.evaluate(changesMadeBySheet, sheet)).map((change) => `${path} ${change}`);
  } finally {
    await page.unroute(scripts);
  }
}
