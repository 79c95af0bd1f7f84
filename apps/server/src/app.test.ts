import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import {
  DEFAULT_SUPPORT_CONTACT,
  ERROR_MESSAGES,
  SUPPORT_CONTACT_META,
  telHref,
  VALIDATION_MESSAGES,
} from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { TEST_DATABASES } from './test/databases.ts';

describe.each(TEST_DATABASES)('app on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.app.post(
      '/api/test/echo',
      { schema: { body: z.object({ query: z.string().min(1), count: z.number().int() }) } },
      async (request) => ({ ok: request.body }),
    );
    t.app.get('/api/test/boom', async () => {
      throw new Error('secret detail');
    });
  });
  afterAll(() => t.close());

  it('reports health with the database up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up', redis: 'unused' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('answers bad input with 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { query: 'x', count: 'many' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(res.json().message).toContain('count');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"query":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('never inflates a compressed body: it is refused as it came, with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ query: 'gravity', count: 1 })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('answers addresses Fastify refuses before routing in the error body', async () => {
    const badEncoding = await t.app.inject({ method: 'GET', url: '/api/stats/units/%E0%A4%A' });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: ERROR_MESSAGES.invalidAddress,
    });
    const longParam = await t.app.inject({
      method: 'GET',
      url: `/api/stats/units/${'a'.repeat(300)}`,
    });
    expect(longParam.statusCode).toBe(414);
    expect(longParam.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('refuses a NUL character in body, query or path with 400 naming the field', async () => {
    const nulMessage = (field: string) => `${field}: ${VALIDATION_MESSAGES.nulCharacter}`;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'a\u0000b', password: '1234' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: nulMessage('username'),
    });
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/pageview',
      payload: { path: '/', referrer: 'x', extra: [{ deep: '\u0000' }] },
    });
    expect(nested.json()).toMatchObject({ message: nulMessage('extra.0.deep') });
    const query = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=a%00' });
    expect(query.json()).toMatchObject({ message: nulMessage('token') });
    const path = await t.app.inject({ method: 'GET', url: '/api/concepts/history/a%00' });
    expect(path.statusCode).toBe(400);
    expect(path.json()).toMatchObject({ message: nulMessage('conceptName') });
  });

  it('answers a bare OPTIONS request without a plain-text refusal', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/auth/login' });
    expect(res.statusCode).toBeLessThan(400);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  });

  it('hides the details of an unexpected failure', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      code: 'INTERNAL_ERROR',
      message: 'Internal Server Error',
    });
    expect(res.body).not.toContain('secret detail');
  });

  it('sends security headers and limits CORS to PUBLIC_URL', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health']).toBeDefined();
  });
});

describe('serving the built SPA', () => {
  const themeScript = "document.documentElement.classList.add('dark')";
  const shell = `<!doctype html><script>${themeScript}</script><div id="root"></div>`;
  let t: TestApp;
  beforeAll(async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const webDist = mkdtempSync(join(tmpdir(), 'grasp-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), shell);
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    mkdirSync(join(webDist, 'prerendered'));
    writeFileSync(join(webDist, 'prerendered', 'index.html'), '<div id="root"><h1>Home</h1></div>');
    writeFileSync(
      join(webDist, 'prerendered', 'pricing.html'),
      '<div id="root"><h1>Plans</h1></div>',
    );
    t = await buildTestApp('sqlite', { webDist });
  });
  afterAll(() => t.close());

  it('answers client routes with index.html, revalidated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="root"');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers the prerendered pages with their own HTML, revalidated', async () => {
    for (const [url, heading] of [
      ['/', 'Home'],
      ['/pricing', 'Plans'],
      ['/pricing?from=nav', 'Plans'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(`<h1>${heading}</h1>`);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps the empty shell for other pages and the prerendered folder unaddressable', async () => {
    for (const url of ['/login', '/terms', '/prerendered/pricing.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(shell);
    }
  });

  it('lets the inline script of index.html run, by its hash in the CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const hash = createHash('sha256').update(themeScript).digest('base64');
    expect(res.headers['content-security-policy']).toMatch(
      new RegExp(`script-src [^;]*'sha256-${hash.replace(/[+/]/g, '\\$&')}'`),
    );
  });

  it('keeps the page policy on a revalidated page (304), which the browser applies to it', async () => {
    for (const url of ['/', '/dashboard']) {
      const first = await t.app.inject({ method: 'GET', url });
      const etag = String(first.headers.etag);
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('keeps unknown API paths as JSON 404 even with the SPA present', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});

describe('the support contact in the built pages', () => {
  const { email, phone } = DEFAULT_SUPPORT_CONTACT;
  const page = (body: string) =>
    `<!doctype html><html><head><title>Grasp</title></head><body>${body}</body></html>`;
  const pricing = page(
    `<a href="mailto:${email}?subject=Grasp%20Enterprise">${email}</a><a href="${telHref(phone)}">${phone}</a>`,
  );
  let t: TestApp;
  beforeAll(async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const webDist = mkdtempSync(join(tmpdir(), 'grasp-web-'));
    mkdirSync(join(webDist, 'prerendered'));
    writeFileSync(join(webDist, 'index.html'), page('<div id="root"></div>'));
    writeFileSync(join(webDist, 'prerendered', 'pricing.html'), pricing);
    t = await buildTestApp('sqlite', {
      webDist,
      env: { SUPPORT_EMAIL: 'help@school.example', SUPPORT_PHONE: '+91 80 4000 5000' },
    });
  });
  afterAll(() => t.close());

  it('puts this server’s contact in place of the build’s, in the HTML and in its links', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pricing' });
    expect(res.body).not.toContain(email);
    expect(res.body).not.toContain(phone);
    expect(res.body).toContain(
      '<a href="mailto:help@school.example?subject=Grasp%20Enterprise">help@school.example</a>',
    );
    expect(res.body).toContain('<a href="tel:+918040005000">+91 80 4000 5000</a>');
  });

  it('hands the app the same contact in a meta tag of every page, the shell too', async () => {
    for (const url of ['/pricing', '/dashboard']) {
      const res = await t.app.inject({ method: 'GET', url });
      const content = new RegExp(`<meta name="${SUPPORT_CONTACT_META}" content="([^"]+)">`).exec(
        res.body,
      )?.[1];
      const decoded = content?.replace(/&#(\d+);/g, (_m, code) =>
        String.fromCharCode(Number(code)),
      );
      expect(JSON.parse(decoded ?? 'null')).toEqual({
        supportEmail: 'help@school.example',
        supportPhone: '+91 80 4000 5000',
      });
    }
  });

  it('sends a page compressed once, in the encoding the browser takes', async () => {
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/pricing',
        headers: { 'accept-encoding': accept },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(decode(res.rawPayload).toString()).toContain('help@school.example');
    }
  });

  it('revalidates a page from memory: the same validator, then 304', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/pricing' });
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/pricing',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
