import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { fakeProvider } from '../../test/fake-provider.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { sourceShareRenderer } from '../../test/share-renderer.ts';
import type { SharePageRenderer } from './share-renderer.ts';

const PUBLIC_URL = 'https://grasp.example';
/** A public PUBLIC_URL with the default (sandbox) payments needs this (config.ts). */
const SANDBOX_PAYMENTS = 'allow';
const NOT_FOUND_MARKUP = '<h1>Page not found</h1>';
const JWT_LIKE = /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/;

/** A web build with only the 404 page in it: the page a revoked link answers with. */
function webDistWith404(dataDir: string): string {
  const webDist = join(dataDir, 'web');
  mkdirSync(join(webDist, 'prerendered'), { recursive: true });
  writeFileSync(join(webDist, 'prerendered', '404.html'), `<!doctype html>${NOT_FOUND_MARKUP}`);
  return webDist;
}

/** The body as a browser reads it, whatever encoding the server chose. */
function pageText(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.body;
}

const metaContent = (html: string, attribute: string, name: string) =>
  new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];

describe.each(TEST_DATABASES)('sharing and export on %s', (kind) => {
  let t: TestApp;
  let second: FastifyInstance;
  let renderer: SharePageRenderer;
  const clock = manualClock(new Date().toISOString());
  const fake = fakeProvider('remote-openai');
  // Asha's username, email, mobile and surname must never reach a share page.
  const asha = {
    username: 'ashaR99',
    email: 'asha.private@example.com',
    mobile: '9123456780',
    fullName: 'Asha Raghunathan',
  };
  let ashaToken: string;
  let ashaId: string;
  let bobToken: string;
  let gravity: string;

  const call = (
    token: string | null,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body ? { payload: body } : {}),
    });
  const explain = async (token: string, query: string) =>
    (
      await call(token, 'POST', '/api/ai/aiResponseGoogle', { query, provider: 'remote-openai' })
    ).json().explanationId as string;
  const share = (token: string, explanationId: string, visibility?: string) =>
    call(token, 'POST', '/api/share', { explanationId, ...(visibility ? { visibility } : {}) });
  const view = (shareId: string, app: FastifyInstance = t.app, headers = {}) =>
    app.inject({ method: 'GET', url: `/s/${shareId}`, headers });

  beforeAll(async () => {
    renderer = await sourceShareRenderer();
    t = await buildTestApp(kind, {
      providers: [fakeProvider('offline').provider, fake.provider],
      clock,
      shareRenderer: renderer,
      env: { RATE_LIMIT_SCALE: '100', PUBLIC_URL, SANDBOX_PAYMENTS },
    });
    t.app.log.level = 'silent';
    // A second instance on the same database, with page caches of its own.
    second = (
      await buildTestApp(kind, {
        providers: [fakeProvider('offline').provider, fake.provider],
        clock,
        database: t.database,
        shareRenderer: renderer,
        webDist: webDistWith404(t.dataDir),
        env: { PUBLIC_URL, SANDBOX_PAYMENTS },
      })
    ).app;
    const session = await signedInUser(t.app, t.database.db, asha.username, '1234', asha);
    ashaToken = session.token;
    ashaId = session.user.id;
    bobToken = (await signedInUser(t.app, t.database.db, 'Bob')).token;
    gravity = await explain(ashaToken, 'Gravity');
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  describe('POST /api/share', () => {
    it('makes an unguessable link to the owner’s explanation, and the same link when asked again', async () => {
      const first = await share(ashaToken, gravity);
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(body.shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(body.shareId, 'base64url')).toHaveLength(16);
      expect(body).toMatchObject({
        url: `${PUBLIC_URL}/s/${body.shareId}`,
        explanationId: gravity,
        query: 'Gravity',
        visibility: 'unlisted',
      });
      const again = await share(ashaToken, gravity);
      expect(again.json().shareId).toBe(body.shareId);

      const other = await share(ashaToken, await explain(ashaToken, 'Magnetism'));
      expect(other.json().shareId).not.toBe(body.shareId);
    });

    it('answers 404 for someone else’s explanation or none, and 401 without a session', async () => {
      for (const explanationId of [gravity, 'no-such-explanation']) {
        const res = await share(bobToken, explanationId);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
      expect((await call(null, 'POST', '/api/share', { explanationId: gravity })).statusCode).toBe(
        401,
      );
      const bad = await share(ashaToken, gravity, 'secret');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/visibility/);
    });

    it('lists the caller’s own links only', async () => {
      const { shareId } = (await share(ashaToken, gravity)).json();
      const mine = (await call(ashaToken, 'GET', '/api/share')).json().shares;
      expect(mine.map((s: { shareId: string }) => s.shareId)).toContain(shareId);
      expect((await call(bobToken, 'GET', '/api/share')).json()).toEqual({ shares: [] });
    });
  });

  describe('GET /s/{shareId}', () => {
    it('shows the explanation to anyone, without an account', async () => {
      await call(ashaToken, 'POST', '/api/ai/follow-up', {
        explanationId: gravity,
        question: 'Why do apples fall?',
      });
      const { shareId } = (await share(ashaToken, gravity)).json();
      const res = await view(shareId);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = pageText(res);
      expect(html).toMatch(/^<!doctype html>/i);
      expect(html).toContain('<h1 id="share-title"');
      for (const title of ['Understanding Gravity', 'Key Principles', 'Key Takeaway']) {
        expect(html).toContain(title);
      }
      // Every section whole: no clamp and no toggle, which would need JavaScript.
      expect(html).not.toContain('line-clamp-3');
      expect(html).not.toContain('Show more of');
      // The sharer's own questions stay theirs.
      expect(html).not.toContain('Why do apples fall?');
      expect(html).toContain('Shared by Asha');
      expect(html).toContain('href="/login?register=true"');
      expect(html).toContain('Explain something else');
      expect(html).not.toMatch(/<script/);
    });

    it('carries link-preview tags, a canonical address and noindex while unlisted', async () => {
      const { shareId, url } = (await share(ashaToken, gravity)).json();
      const res = await view(shareId);
      const html = pageText(res);
      expect(html).toContain('<title>Gravity · Grasp</title>');
      expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
      expect(metaContent(html, 'property', 'og:title')).toBe('Gravity');
      expect(metaContent(html, 'property', 'og:url')).toBe(url);
      expect(metaContent(html, 'property', 'og:description')).toBe(
        'Gravity is explained here in plain words with an example or two.',
      );
      expect(metaContent(html, 'name', 'description')).toBe(
        metaContent(html, 'property', 'og:description'),
      );
      expect(metaContent(html, 'name', 'twitter:card')).toBe('summary');
      expect(metaContent(html, 'name', 'twitter:title')).toBe('Gravity');
      expect(metaContent(html, 'name', 'robots')).toBe('noindex');
      expect(res.headers['x-robots-tag']).toBe('noindex');
    });

    it('lets search engines index it once the owner makes it public, and not once unlisted again', async () => {
      const { shareId } = (await share(ashaToken, gravity)).json();
      expect(pageText(await view(shareId))).toContain('name="robots"');

      const made = await share(ashaToken, gravity, 'public');
      expect(made.json()).toMatchObject({ shareId, visibility: 'public' });
      const open = await view(shareId);
      expect(pageText(open)).not.toContain('name="robots"');
      expect(open.headers['x-robots-tag']).toBeUndefined();
      // Asked again without a visibility, the link stays as the owner left it.
      expect((await share(ashaToken, gravity)).json().visibility).toBe('public');

      await share(ashaToken, gravity, 'unlisted');
      expect(metaContent(pageText(await view(shareId)), 'name', 'robots')).toBe('noindex');
    });

    it('holds no token, email, username, mobile, surname or user id', async () => {
      const { shareId } = (await share(ashaToken, gravity)).json();
      const res = await view(shareId, t.app, { authorization: `Bearer ${ashaToken}` });
      const html = pageText(res);
      const lower = html.toLowerCase();
      for (const secret of [asha.username, asha.email, asha.mobile, 'Raghunathan', ashaId]) {
        expect(lower).not.toContain(secret.toLowerCase());
      }
      expect(html).not.toContain(ashaToken);
      expect(html).not.toMatch(JWT_LIKE);
      expect(JSON.stringify(res.headers)).not.toContain(ashaId);
      expect(html).toContain('Shared by Asha');
    });

    it('has the security headers of the other pages', async () => {
      const { shareId } = (await share(ashaToken, gravity)).json();
      const page = await view(shareId);
      const other = await t.app.inject({ method: 'GET', url: '/pricing' });
      for (const header of [
        'content-security-policy',
        'strict-transport-security',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
      ]) {
        expect(page.headers[header], header).toBeDefined();
        expect(page.headers[header], header).toBe(other.headers[header]);
      }
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
      expect(page.headers['cache-control']).toBe('no-cache');
    });

    it('sends the same page compressed as asked, and 304 for the copy a browser holds', async () => {
      const { shareId } = (await share(ashaToken, gravity)).json();
      const plain = await view(shareId);
      const gzip = await view(shareId, t.app, { 'accept-encoding': 'gzip, deflate' });
      const br = await view(shareId, t.app, { 'accept-encoding': 'gzip, deflate, br' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('Accept-Encoding');
      expect(pageText(gzip)).toBe(plain.body);
      expect(pageText(br)).toBe(plain.body);

      const etag = String(plain.headers.etag);
      const kept = await view(shareId, t.app, { 'if-none-match': etag });
      expect(kept.statusCode).toBe(304);
      expect(kept.body).toBe('');
      const head = await t.app.inject({ method: 'HEAD', url: `/s/${shareId}` });
      expect(head.statusCode).toBe(200);
    });

    it('never shows a follow-up asked after sharing, even once the kept rendering has expired', async () => {
      const id = await explain(ashaToken, 'Friction');
      const { shareId } = (await share(ashaToken, id)).json();
      await call(ashaToken, 'POST', '/api/ai/follow-up', {
        explanationId: id,
        question: 'What slows a sled?',
      });
      clock.advance(61_000);
      const html = pageText(await view(shareId));
      expect(html).toContain('Friction');
      expect(html).not.toContain('What slows a sled?');
    });

    it('answers the app’s 404 page with status 404 for an unknown link', async () => {
      for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'x', '%E2%9C%93', 'a'.repeat(80)]) {
        const res = await view(id, second);
        expect(res.statusCode, id).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.body).toContain(NOT_FOUND_MARKUP);
      }
      // Without a web build there is no 404 page: the API's error body instead.
      const bare = await view('AAAAAAAAAAAAAAAAAAAAAA');
      expect(bare.statusCode).toBe(404);
      expect(bare.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    });
  });

  describe('DELETE /api/share/{shareId}', () => {
    it('ends the link at once on every instance, even where its page was kept', async () => {
      const id = await explain(ashaToken, 'Inertia');
      const { shareId } = (await share(ashaToken, id)).json();
      // Both instances have rendered and kept the page.
      expect((await view(shareId)).statusCode).toBe(200);
      expect((await view(shareId, second)).statusCode).toBe(200);

      const revoked = await call(ashaToken, 'DELETE', `/api/share/${shareId}`);
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json()).toEqual({ success: true });

      const elsewhere = await view(shareId, second);
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.body).toContain(NOT_FOUND_MARKUP);
      expect((await view(shareId)).statusCode).toBe(404);
      const mine = (await call(ashaToken, 'GET', '/api/share')).json().shares;
      expect(mine.map((s: { shareId: string }) => s.shareId)).not.toContain(shareId);

      // Sharing again makes a new link; the revoked one stays dead.
      const fresh = (await share(ashaToken, id)).json().shareId;
      expect(fresh).not.toBe(shareId);
      expect((await view(fresh, second)).statusCode).toBe(200);
      expect((await view(shareId, second)).statusCode).toBe(404);
    });

    it('is the owner’s only: anyone else, and a link revoked already, get 404', async () => {
      const id = await explain(ashaToken, 'Momentum');
      const { shareId } = (await share(ashaToken, id)).json();
      const stranger = await call(bobToken, 'DELETE', `/api/share/${shareId}`);
      expect(stranger.statusCode).toBe(404);
      expect((await view(shareId)).statusCode).toBe(200);
      expect((await call(null, 'DELETE', `/api/share/${shareId}`)).statusCode).toBe(401);

      expect((await call(ashaToken, 'DELETE', `/api/share/${shareId}`)).statusCode).toBe(200);
      const twice = await call(ashaToken, 'DELETE', `/api/share/${shareId}`);
      expect(twice.statusCode).toBe(404);
      expect(twice.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    });
  });

  describe('GET /api/ai/explanations/{explanationId}/export', () => {
    const exportUrl = (id: string, format = 'md') =>
      `/api/ai/explanations/${id}/export?format=${format}`;

    it('downloads the owner’s explanation as a Markdown attachment', async () => {
      const res = await call(ashaToken, 'GET', exportUrl(gravity));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="gravity.md"');
      const text = res.body;
      expect(text.startsWith('# Gravity\n')).toBe(true);
      expect(text).toMatch(
        /^\*Explained by Grasp on \d{4}-\d{2}-\d{2} · Standard style · Beginner level\*$/m,
      );
      expect(text).toContain('## Understanding Gravity (0-30 seconds)');
      expect(text).toContain('## Key Takeaway (90-120 seconds)');
      expect(text).toContain('## Related Concepts\n\n- Mass\n- Energy');
      expect(text).toContain('## Follow-up Questions\n\n### Why do apples fall?');
      expect(text).not.toContain('## Glossary');
      expect(text).not.toContain('```graph');
    });

    it('names the file in its own script too, and keeps the ASCII name safe', async () => {
      const hindi = await explain(ashaToken, 'गुरुत्वाकर्षण बल');
      const res = await call(ashaToken, 'GET', exportUrl(hindi));
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="explanation.md"; filename*=UTF-8''${encodeURIComponent('गुरुत्वाकर्षण-बल.md')}`,
      );
      const quoted = await explain(ashaToken, 'Rock "n" roll/..\\evil');
      expect((await call(ashaToken, 'GET', exportUrl(quoted))).headers['content-disposition']).toBe(
        'attachment; filename="rock-n-roll-evil.md"',
      );
    });

    it('is the owner’s only, and Markdown only', async () => {
      expect((await call(bobToken, 'GET', exportUrl(gravity))).statusCode).toBe(404);
      expect((await call(null, 'GET', exportUrl(gravity))).statusCode).toBe(401);
      const pdf = await call(ashaToken, 'GET', exportUrl(gravity, 'pdf'));
      expect(pdf.statusCode).toBe(400);
      expect(pdf.json().message).toMatch(/^format/);
      const plain = await call(ashaToken, 'GET', `/api/ai/explanations/${gravity}/export`);
      expect(plain.statusCode).toBe(200);
    });
  });
});

describe('share writes are rate limited like other writes', () => {
  it('answers 429 past 60 a minute', async () => {
    const t = await buildTestApp('sqlite', {
      providers: [fakeProvider('offline').provider],
    });
    try {
      const { token } = await signedInUser(t.app, t.database.db, 'Rita');
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/share',
          headers: { authorization: `Bearer ${token}` },
          payload: { explanationId: 'none' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
      expect(statuses[60]).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('the web build’s share parts', () => {
  const pageScript = 'window.notFound = 1';
  const shellScript = 'window.sharePage = 1';
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'grasp-web-'));
    for (const folder of ['prerendered', 'ssr']) mkdirSync(join(webDist, folder));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(
      join(webDist, 'prerendered', '404.html'),
      `<!doctype html>${NOT_FOUND_MARKUP}<script>${pageScript}</script>`,
    );
    writeFileSync(
      join(webDist, 'ssr', 'share-shell.html'),
      `<!doctype html><script>${shellScript}</script><main>BODY</main>`,
    );
    writeFileSync(
      join(webDist, 'ssr', 'share-render.js'),
      `export const BARE_SHELL = '';
export async function renderSharePage(view, shell) { return shell.replace('BODY', view.query); }`,
    );
    t = await buildTestApp('sqlite', {
      providers: [fakeProvider('offline').provider, fakeProvider('remote-openai').provider],
      webDist,
    });
    token = (await signedInUser(t.app, t.database.db, 'Uma')).token;
  });
  afterAll(() => t?.close());

  const hashOf = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

  it('renders a share into the build’s shell with the build’s renderer', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const explained = await t.app.inject({
      method: 'POST',
      url: '/api/ai/aiResponseGoogle',
      headers,
      payload: { query: 'Tides', provider: 'remote-openai' },
    });
    const { shareId } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/share',
        headers,
        payload: { explanationId: explained.json().explanationId },
      })
    ).json();
    const res = await t.app.inject({ method: 'GET', url: `/s/${shareId}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<main>Tides</main>');
    // Its script, and the 404 page's, may run: their hashes are in the page policy.
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain(hashOf(shellScript));
    expect(policy).toContain(hashOf(pageScript));
  });

  it('keeps the renderer, its shell and the 404 page off the site’s addresses', async () => {
    for (const url of ['/ssr/share-render.js', '/ssr/share-shell.html', '/404']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toBe('<!doctype html><div id="root"></div>');
    }
    const missing = await t.app.inject({ method: 'GET', url: '/s/AAAAAAAAAAAAAAAAAAAAAA' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(NOT_FOUND_MARKUP);
  });
});
