import { readdirSync } from 'node:fs';
import { runTogether } from './run-together.mjs';

/**
 * The browser tests in two groups run at once, each against its own servers (E2E_PORT 3100 and
 * 3200). Playwright's --shard splits by file count, which left one shard waiting 1.5 minutes for
 * the other; the files are split here by how long each takes, heaviest first into the lighter
 * group. Seconds per file from a clean-clone `.ci/run` (two groups at once, 2 cores); a new file
 * counts as a typical one until it is measured and added.
 */
const SECONDS = {
  'site.spec.ts': 93,
  'reminders.spec.ts': 57,
  'classes.spec.ts': 47,
  'account.spec.ts': 42,
  'admin.spec.ts': 29,
  'first-click.spec.ts': 27,
  'accounts.spec.ts': 24,
  'share.spec.ts': 22,
  'learning.spec.ts': 21,
  'payments-phonepe.spec.ts': 20,
  'recaps.spec.ts': 18,
  'materials.spec.ts': 16,
  'distiller.spec.ts': 14,
  'explain.spec.ts': 14,
  'languages.spec.ts': 14,
  'payments.spec.ts': 13,
  'sources.spec.ts': 12,
  'passkeys.spec.ts': 8,
  'foundation.spec.ts': 6,
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
