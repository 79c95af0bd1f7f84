import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

describe('the request log', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function appLoggingTo(lines: Record<string, unknown>[]) {
    t = await buildTestApp('sqlite', {
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    return t.app;
  }

  it('writes one line per request at info, when it completes, with what came in', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appLoggingTo(lines);
    const res = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.1.2.3' });
    expect(res.statusCode).toBe(200);

    const about = lines.filter((line) => 'reqId' in line);
    expect(about).toHaveLength(1);
    expect(about[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health', remoteAddress: '10.1.2.3' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });

  it('writes the same one line for a refused request', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appLoggingTo(lines);
    const res = await app.inject({ method: 'GET', url: '/api/stats/units/tess' });
    expect(res.statusCode).toBe(401);

    const requestLines = lines.filter((line) => 'reqId' in line);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/stats/units/tess' },
      res: { statusCode: 401 },
    });
  });
});
