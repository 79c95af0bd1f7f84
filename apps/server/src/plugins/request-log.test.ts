import type { InjectOptions } from 'fastify';
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

  /**
   * Our completed line and pino's own for the same request, times set to 0: the request is logged
   * again through pino's path, beside the request's logger, which has made no pino child.
   */
  async function oursBesidePinos(env: Record<string, string>, request: InjectOptions) {
    const raw: string[] = [];
    t = await buildTestApp('sqlite', {
      env: { LOG_LEVEL: 'info', ...env },
      logStream: { write: (line) => raw.push(line) },
    });
    const app = t.app;
    app.addHook('onResponse', (req, reply, done) => {
      const fields = { req, res: reply, responseTime: reply.elapsedTime };
      app.log.child({ reqId: req.id }).info(fields, 'request completed');
      done();
    });
    await app.inject(request);
    const lines = raw.filter((line) => line.includes('"reqId"'));
    expect(lines).toHaveLength(2);
    // Two moments: the time and the duration are the only fields that may differ.
    const [pinos, ours] = lines.map((line) =>
      line.replace(/"time":\d+/, '"time":0').replace(/"responseTime":[\d.e-]+/, '"responseTime":0'),
    );
    return { ours: ours ?? '', pinos };
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

  it('writes the line pino itself writes for the same fields, in the same order, query dropped', async () => {
    const { ours, pinos } = await oursBesidePinos(
      {},
      {
        method: 'GET',
        url: '/api/health?token=secret-token',
        headers: { host: 'grasp.test', 'accept-version': '2' },
        remoteAddress: '10.1.2.3',
      },
    );
    expect(ours).toBe(pinos);
    expect(JSON.parse(ours)).toMatchObject({
      req: { url: '/api/health', host: 'grasp.test', version: '2' },
    });
    expect(ours).not.toContain('secret-token');
  });

  it('gives what a route logs the request id of its completed line', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appLoggingTo(lines);
    app.get('/api/test/logs', (request) => {
      request.log.warn({ step: 1 }, 'a route speaks');
      return { ok: true };
    });
    expect((await app.inject({ method: 'GET', url: '/api/test/logs' })).statusCode).toBe(200);
    const said = lines.find((line) => line.msg === 'a route speaks');
    const completed = lines.find((line) => line.msg === 'request completed');
    expect(said).toMatchObject({ level: 40, step: 1, reqId: expect.any(String) });
    expect(completed?.reqId).toBe(said?.reqId);
  });

  it('writes no line above info', async () => {
    const lines: string[] = [];
    t = await buildTestApp('sqlite', {
      env: { LOG_LEVEL: 'warn' },
      logStream: { write: (line) => lines.push(line) },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(lines).toEqual([]);
  });

  it('escapes what a client sends as pino does: a host, a url and a forwarded address', async () => {
    const { ours, pinos } = await oursBesidePinos(
      { TRUST_PROXY: 'true' },
      {
        method: 'GET',
        url: '/api/health?q="\\é',
        headers: { host: 'a"b\\c\tgrasp.test', 'x-forwarded-for': '"}{"level":60\ud800' },
      },
    );
    expect(ours).toBe(pinos);
    expect(JSON.parse(ours)).toMatchObject({
      level: 30,
      req: { url: '/api/health', host: 'a"b\\c\tgrasp.test', remoteAddress: '"}{"level":60\ud800' },
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
