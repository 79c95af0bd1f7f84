import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { FAKE_AI_KEY, FAKE_AI_PORT, FAKE_WIKIPEDIA_PORT } from './support/fake-ai.ts';
import {
  FAKE_PHONEPE_PORT,
  PHONEPE_APP_DATA_DIR,
  PHONEPE_APP_ENV,
  PHONEPE_APP_PORT,
} from './support/phonepe.ts';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Debian's chromium-headless-shell: the same Chromium build without the desktop browser around
// it, as Playwright itself runs headless tests. Three specs took 107 CPU s in it against 139 s in
// the full browser, whose own process alone took 42 s to the shell's 16 s.
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

// One folder per port, so the tests can read the mail outbox of the server they drive.
const DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/grasp-e2e-${PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: `../test-results/${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  // A whole test's budget, as most spec files already set theirs: on a slow 2-core machine a
  // register-and-sign-in flow alone took 20 s, and two files still at 30 s timed out in CI.
  timeout: 90_000,
  // A state may take a while to come on a loaded 2-core machine; a state never reached still fails.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A failed test keeps its trace, each action's DOM snapshot without the screencast, whose
    // frames Chromium encodes all along (account and site specs: 71–79 CPU s with it, 52 without).
    // Under CI=true nothing is recorded: CI leaves its log, not its files, and recording every test
    // took a tenth of the step's CPU on 2 cores (three specs: 88 CPU s, 79 without). To see a CI
    // failure's trace, run that test again with `--trace on`.
    trace: process.env.CI === 'true' ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    // A fake OpenAI answering in Hindi (languages.spec.ts); the default provider stays offline.
    {
      command: 'npx tsx e2e/support/fake-ai-server.ts',
      cwd: '..',
      port: FAKE_AI_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    // A fake Wikipedia: AI explanations are grounded in it and cite it (sources.spec.ts).
    {
      command: 'npx tsx e2e/support/fake-wikipedia-server.ts',
      cwd: '..',
      port: FAKE_WIKIPEDIA_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `rm -rf ${DATA_DIR} && node apps/server/dist/main.js`,
      cwd: '..',
      url: `http://localhost:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        DATA_DIR,
        // NODE_ENV=test allows TEST_CLOCK: recaps.spec.ts moves the server's clock to a due date.
        // The suite registers more accounts from one address in ten minutes than the limit
        // allows one visitor; RATE_LIMIT_SCALE raises every limit alike (no test hits one).
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        TEST_CLOCK: 'true',
        RATE_LIMIT_SCALE: '10',
        OPENAI_API_KEY: FAKE_AI_KEY,
        OPENAI_BASE_URL: `http://127.0.0.1:${FAKE_AI_PORT}/v1`,
        OPENAI_MODEL: 'gpt-e2e',
        WIKIPEDIA_URL: `http://127.0.0.1:${FAKE_WIKIPEDIA_PORT}/{lang}`,
      },
    },
    // PhonePe v2 (payments-phonepe.spec.ts): a fake PhonePe, and a second server using it.
    {
      command: 'npx tsx e2e/support/fake-phonepe-server.ts',
      cwd: '..',
      port: FAKE_PHONEPE_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `rm -rf ${PHONEPE_APP_DATA_DIR} && node apps/server/dist/main.js`,
      cwd: '..',
      url: `http://localhost:${PHONEPE_APP_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PHONEPE_APP_PORT),
        DATA_DIR: PHONEPE_APP_DATA_DIR,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        TEST_CLOCK: 'true',
        RATE_LIMIT_SCALE: '10',
        // Its explanations are the offline dictionary's: nothing for it to ask Wikipedia.
        SOURCES: 'off',
        ...PHONEPE_APP_ENV,
      },
    },
  ],
});
