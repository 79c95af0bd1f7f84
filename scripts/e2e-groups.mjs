import { readdirSync } from 'node:fs';
import { runTogether } from './run-together.mjs';

/**
 * The browser tests in two groups run at once, each against its own servers (E2E_PORT 3100 and
 * 3200). Playwright's --shard splits by file count, which left one shard waiting 1.5 minutes for
 * the other; the files are split here by how long each takes, heaviest first into the lighter
 * group. Seconds per file from this script's own run (two groups at once, 2 cores, Chromium's
 * headless shell); a new file counts as a typical one until it is measured and added.
 */
const SECONDS = {
  'site.spec.ts': 159,
  'reminders.spec.ts': 62,
  'classes.spec.ts': 55,
  'account.spec.ts': 50,
  'admin.spec.ts': 35,
  'share.spec.ts': 33,
  'learning.spec.ts': 31,
  'recaps.spec.ts': 30,
  'first-click.spec.ts': 29,
  'payments-phonepe.spec.ts': 29,
  'accounts.spec.ts': 25,
  'materials.spec.ts': 20,
  'sources.spec.ts': 19,
  'distiller.spec.ts': 18,
  'explain.spec.ts': 16,
  'payments.spec.ts': 14,
  'languages.spec.ts': 13,
  'passkeys.spec.ts': 9,
  'foundation.spec.ts': 8,
};
const TYPICAL = 20;
const PORTS = [3100, 3200];

const files = readdirSync('e2e').filter((name) => name.endsWith('.spec.ts'));
const weight = (file) => SECONDS[file] ?? TYPICAL;
const groups = PORTS.map((port) => ({ port, files: [], seconds: 0 }));
for (const file of files.sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
  const lightest = groups.reduce((a, b) => (b.seconds < a.seconds ? b : a));
  lightest.files.push(`e2e/${file}`);
  lightest.seconds += weight(file);
}

// Arguments (say --repeat-each=3) go to every group.
const extra = process.argv.slice(2).join(' ');
await runTogether(
  groups.map((group, index) => ({
    name: `e2e ${index + 1} of ${groups.length} (${group.files.length} files, ~${group.seconds} s)`,
    command: `npx playwright test -c e2e/playwright.config.ts ${extra} ${group.files.join(' ')}`,
    env: { E2E_PORT: String(group.port) },
  })),
);
