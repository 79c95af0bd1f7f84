import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MATERIAL_ERROR_CODES } from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inflatingPdf, pushPopPdf } from '../hostile-pdfs.ts';
import { twoPagePdf } from '../material-pdfs.ts';
import { peakTreeRss, treeRssMb } from '../process-memory.ts';
import { graspClient } from './grasp-client.ts';
import { freePort, serverProcess } from './server-process.ts';

// Memory is measured as it ships: the built server, with `npm run serve`'s settings.
const BUILT = fileURLToPath(new URL('../../../dist/main.js', import.meta.url));
const built = existsSync(BUILT);
if (!built) {
  if (process.env.CI === 'true') throw new Error(`${BUILT} is missing: npm run build first`);
  console.warn(
    `\n*** hostile uploads to the built server SKIPPED: no ${BUILT} (npm run build) ***\n`,
  );
}

type Answer = { status: number; code?: string; ms: number };

// The database plays no part in what is measured here (a reader's memory, the readers' line),
// so the built server runs on its embedded SQLite only.
describe.skipIf(!built)('hostile uploads to the built server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'grasp-hostile-'));
  let server: ReturnType<typeof serverProcess>;
  const tokens: Record<string, string> = {};

  async function upload(token: string, bytes: Uint8Array, name: string): Promise<Answer> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/materials`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as { code?: string };
    return { status: res.status, code: body.code, ms: performance.now() - started };
  }

  beforeAll(async () => {
    server = serverProcess(
      {
        PORT: String(await freePort(3500, 3599)),
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(24).toString('hex'),
        RATE_LIMIT_SCALE: '1000',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        MALLOC_MMAP_THRESHOLD_: '131072',
        NODE_OPTIONS: '--max-semi-space-size=8 --max-old-space-size=512',
      },
      BUILT,
    );
    await server.start();
    const client = graspClient(server.url, dataDir);
    for (const name of ['Mallory', 'Asha']) {
      await client.register(name);
      await client.verifyEmail(name);
      tokens[name] = (await client.login(name)).token;
    }
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a 1 MB PDF that inflates to 1 GiB (422), the server growing 150 MB at most', async () => {
    const pid = server.pid() ?? 0;
    const before = treeRssMb(pid);
    const peak = peakTreeRss(pid);
    const answer = await upload(tokens.Mallory ?? '', inflatingPdf(1024), 'inflating.pdf');
    const growth = peak() - before;
    expect(answer).toMatchObject({ status: 422, code: MATERIAL_ERROR_CODES.tooMuchData });
    expect(growth).toBeLessThanOrEqual(150);
  }, 60_000);

  it("accepts another learner's 2-page PDF within 10 s while one account sends q Q PDFs", async () => {
    const hostile = pushPopPdf();
    let sending = true;
    const mallory: Answer[] = [];
    // Five at once, again and again, as the review's attacker did; a refusal is retried at once.
    const loops = Array.from({ length: 5 }, async () => {
      while (sending) {
        const answer = await upload(tokens.Mallory ?? '', hostile, 'push-pop.pdf');
        mallory.push(answer);
        if (answer.status === 429) await new Promise((r) => setTimeout(r, 100));
      }
    });
    try {
      // Mallory's reads are under way (the others are refused while one is).
      while (!mallory.some((a) => a.status === 429)) await new Promise((r) => setTimeout(r, 50));
      const pdf = await twoPagePdf();
      for (let i = 0; i < 2; i++) {
        const answer = await upload(tokens.Asha ?? '', pdf, `notes-${i}.pdf`);
        expect(answer.status).toBe(200);
        expect(answer.ms).toBeLessThan(10_000);
      }
    } finally {
      sending = false;
      await Promise.all(loops);
    }
    expect(mallory.filter((a) => a.status === 422).length).toBeGreaterThan(0);
    expect(mallory.every((a) => a.status !== 200)).toBe(true);
  }, 90_000);
});
