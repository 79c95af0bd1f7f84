import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export type Theme = 'light' | 'dark';

/** Sets the app's own theme setting (it wins over the system preference) and reloads. */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((dark) => {
    const raw = localStorage.getItem('grasp-settings');
    const saved = raw ? (JSON.parse(raw) as { state?: Record<string, unknown> }) : {};
    localStorage.setItem(
      'grasp-settings',
      JSON.stringify({ ...saved, state: { ...saved.state, darkMode: dark } }),
    );
  }, theme === 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
}

/** Serious and critical axe findings on the page as it is now, summarised for the failure text. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
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

/** Opens a route and waits until its page, not a loading spinner, is on screen. */
export async function openRoute(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}
