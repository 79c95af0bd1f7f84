import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeCollector,
  startFakeCollector,
} from '../test/fake-vendors/fake-otlp-collector.ts';

/** OpenTelemetry's own packages: none may be loaded by a server without an endpoint. */
const SDK = /@opentelemetry\/(sdk-|exporter-|instrumentation|otlp-|resources)/;
const SERVER_DIR = resolve(import.meta.dirname, '../..');

/**
 * The server as main.ts starts it, in a process of its own (other test files in this worker may
 * have loaded OpenTelemetry), with every OTEL_* variable but the endpoint set.
 */
describe('a server without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let collector: FakeCollector;
  let child: ChildProcess;
  let url: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'grasp-otel-off-'));
  const loadedFile = join(dataDir, 'loaded.txt');

  beforeAll(async () => {
    collector = await startFakeCollector();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'grasp-test',
      OTEL_BSP_SCHEDULE_DELAY: '50',
      // Read by the exporter alone: main.ts looks at the general endpoint.
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collector.url}/v1/traces`,
      LOADED_MODULES_FILE: loadedFile,
    };
    child = spawn(
      process.execPath,
      ['--import', 'tsx', '--import', './src/test/report-loaded-modules.mjs', 'src/main.ts'],
      { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    url = await new Promise<string>((found, failed) => {
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match?.[1]) found(match[1]);
      });
      child.once('exit', (code) => failed(new Error(`server exited with ${code}: ${out}`)));
    });
  }, 60_000);
  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await collector?.close();
  });

  it('loads nothing of OpenTelemetry and exports nothing', async () => {
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect((await fetch(`${url}/api/ai/providers`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    const loaded = readFileSync(loadedFile, 'utf8').split('\n');
    expect(loaded.some((id) => id.includes('fastify'))).toBe(true);
    expect(loaded.filter((id) => SDK.test(id))).toEqual([]);
    expect(collector.raw).toEqual([]);
  }, 30_000);
});
