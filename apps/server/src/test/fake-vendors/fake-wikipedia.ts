import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Wikipedia speaking the wire format of the real one, several editions on one server:
 * `GET /{lang}/w/rest.php/v1/search/page?q=&limit=` (MediaWiki core REST search),
 * `GET /{lang}/api/rest_v1/page/summary/{key}` (the page summary, 404 body as RESTBase sends it)
 * and `GET /{lang}/w/api.php?action=query&prop=extracts&explaintext=1&formatversion=2&titles=`
 * (TextExtracts: the whole article, `== Heading ==` sections). `{lang}` may be "simple".
 * Point WIKIPEDIA_URL at `${baseUrl}` (it holds `{lang}`).
 */

export interface FakePage {
  title: string;
  extract: string;
  /** Default "standard"; "disambiguation" pages are found but are no ground. */
  type?: string;
  description?: string;
  /** The whole article as TextExtracts gives it; absent: the lead extract alone. */
  text?: string;
}

export type FakeWikipediaMode =
  /** Answers after `delayMs` (default 0). */
  | { kind: 'ok'; delayMs?: number }
  /** 503 with Wikimedia's error page, as when the servers are overloaded. */
  | { kind: 'down' }
  /** Accepts the request and never answers. */
  | { kind: 'hang' }
  /** 200 and a JSON search answer that never ends, as fast as the client takes it. */
  | { kind: 'endless' };

export interface FakeWikipediaOptions {
  /** Pages per edition ("en", "hi"…). */
  pages?: Record<string, FakePage[]>;
  /** Every English search finds a page named after the query (for the e2e and the bench). */
  anyEnglishQuery?: boolean;
  /** A search finds a page only by its title, not by any word of its text (the e2e server's). */
  byTitleOnly?: boolean;
  port?: number;
}

export interface FakeRequest {
  language: string;
  kind: 'search' | 'summary' | 'extracts';
  /** The query (search) or the page key (summary). */
  value: string;
  userAgent: string | undefined;
  /** The W3C trace context the caller sent on, if any. */
  traceparent: string | undefined;
}

const keyOf = (title: string) => title.replace(/ /g, '_');

/** A lead extract for a page the fake makes up for any query. */
function madeUpPage(query: string): FakePage {
  const title = query.trim().replace(/^\p{Ll}/u, (c) => c.toUpperCase());
  return {
    title,
    extract: `${title} is a concept described in this encyclopedia article. It is studied in school and used in everyday life. This lead section says what ${title} is and why it matters.`,
    description: `Concept: ${title}`,
  };
}

export async function startFakeWikipedia(options: FakeWikipediaOptions = {}) {
  const pages = options.pages ?? {};
  let mode: FakeWikipediaMode = { kind: 'ok' };
  const requests: FakeRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let endlessBytes = 0;

  /** `{"pages":[` then one page after another until the client hangs up. */
  function endless(res: ServerResponse) {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.write('{"pages":[');
    const chunk = Buffer.from('{"key":"Flood","title":"Flood"},'.repeat(2048));
    const pump = () => {
      while (!res.destroyed) {
        endlessBytes += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
    };
    pump();
  }

  const pagesIn = (language: string): FakePage[] => pages[language] ?? [];
  function find(language: string, query: string): FakePage[] {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const hits = pagesIn(language).filter((page) =>
      options.byTitleOnly
        ? page.title.toLowerCase() === query.trim().toLowerCase()
        : words.some((w) => `${page.title} ${page.extract}`.toLowerCase().includes(w)),
    );
    if (hits.length === 0 && language === 'en' && options.anyEnglishQuery && words.length > 0) {
      return [madeUpPage(query)];
    }
    return hits;
  }
  function pageByKey(language: string, key: string): FakePage | undefined {
    const known = pagesIn(language).find((page) => keyOf(page.title) === key);
    if (known || language !== 'en' || !options.anyEnglishQuery) return known;
    return madeUpPage(key.replace(/_/g, ' '));
  }

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  }

  function searchBody(language: string, query: string, limit: number) {
    return {
      pages: find(language, query)
        .slice(0, limit)
        .map((page, i) => ({
          id: 1000 + i,
          key: keyOf(page.title),
          title: page.title,
          excerpt: `<span class="searchmatch">${page.title}</span> ${page.extract.slice(0, 80)}`,
          matched_title: null,
          description: page.description ?? null,
          thumbnail: null,
        })),
    };
  }

  function summaryBody(origin: string, language: string, key: string, page: FakePage) {
    const url = `${origin}/${language}/wiki/${encodeURIComponent(key)}`;
    return {
      type: page.type ?? 'standard',
      title: page.title,
      displaytitle: `<span class="mw-page-title-main">${page.title}</span>`,
      namespace: { id: 0, text: '' },
      wikibase_item: 'Q1',
      titles: { canonical: key, normalized: page.title, display: page.title },
      pageid: 1000,
      lang: language,
      dir: 'ltr',
      revision: '1',
      tid: '00000000-0000-0000-0000-000000000000',
      timestamp: '2026-01-01T00:00:00Z',
      description: page.description ?? '',
      description_source: 'local',
      content_urls: {
        desktop: {
          page: url,
          revisions: `${url}?action=history`,
          edit: `${url}?action=edit`,
          talk: url,
        },
        mobile: { page: url, revisions: url, edit: url, talk: url },
      },
      extract: page.extract,
      extract_html: `<p>${page.extract}</p>`,
    };
  }

  /** TextExtracts as the Action API answers it (formatversion 2), redirects followed by title. */
  function extractsBody(language: string, title: string) {
    const page = pageByKey(language, keyOf(title.trim()));
    if (!page) return { batchcomplete: true, query: { pages: [{ ns: 0, title, missing: true }] } };
    return {
      batchcomplete: true,
      query: {
        normalized:
          title === page.title ? undefined : [{ fromencoded: false, from: title, to: page.title }],
        pages: [{ pageid: 1000, ns: 0, title: page.title, extract: page.text ?? page.extract }],
      },
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const api = /^\/([a-z]{2,6})\/w\/api\.php$/.exec(url.pathname);
    if (api && req.method === 'GET') {
      const language = api[1] ?? 'en';
      const title = url.searchParams.get('titles') ?? '';
      requests.push({
        language,
        kind: 'extracts',
        value: title,
        userAgent: req.headers['user-agent'],
        traceparent: req.headers.traceparent as string | undefined,
      });
      if (mode.kind === 'hang') return void hanging.add(res);
      if (mode.kind === 'down') return send(res, 503, { error: 'Service Temporarily Unavailable' });
      const delay = mode.kind === 'ok' ? (mode.delayMs ?? 0) : 0;
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      const ok =
        url.searchParams.get('action') === 'query' &&
        url.searchParams.get('prop') === 'extracts' &&
        url.searchParams.get('explaintext') === '1' &&
        url.searchParams.get('formatversion') === '2';
      if (!ok) return send(res, 200, { error: { code: 'badvalue', info: 'Unrecognized request' } });
      return send(res, 200, extractsBody(language, title));
    }
    const match =
      /^\/([a-z]{2,6})\/(w\/rest\.php\/v1\/search\/page|api\/rest_v1\/page\/summary\/(.+))$/.exec(
        url.pathname,
      );
    if (!match || req.method !== 'GET') return send(res, 404, { httpCode: 404 });
    const language = match[1] ?? 'en';
    const key = match[3] === undefined ? undefined : decodeURIComponent(match[3]);
    requests.push({
      language,
      kind: key === undefined ? 'search' : 'summary',
      value: key ?? url.searchParams.get('q') ?? '',
      userAgent: req.headers['user-agent'],
      traceparent: req.headers.traceparent as string | undefined,
    });
    if (mode.kind === 'hang') {
      hanging.add(res);
      return;
    }
    if (mode.kind === 'down') return send(res, 503, { error: 'Service Temporarily Unavailable' });
    if (mode.kind === 'endless') return endless(res);
    if (mode.delayMs)
      await new Promise((resolve) => setTimeout(resolve, mode.kind === 'ok' ? mode.delayMs : 0));
    if (key === undefined) {
      const limit = Number(url.searchParams.get('limit') ?? 10);
      return send(res, 200, searchBody(language, url.searchParams.get('q') ?? '', limit));
    }
    const page = pageByKey(language, key);
    if (!page) {
      return send(res, 404, {
        type: 'https://mediawiki.org/wiki/HyperSwitch/errors/not_found',
        title: 'Not found.',
        method: 'get',
        detail: 'Page or revision not found.',
        uri: `/${language}.wikipedia.org/v1/page/summary/${encodeURIComponent(key)}`,
      });
    }
    const origin = `http://${req.headers.host ?? 'localhost'}`;
    return send(res, 200, summaryBody(origin, language, key, page));
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** For WIKIPEDIA_URL. */
    baseUrl: `http://127.0.0.1:${port}/{lang}`,
    port,
    requests,
    /** Bytes of endless answers that left (what the client did not refuse). */
    endlessBytes: () => endlessBytes,
    behave(next: FakeWikipediaMode) {
      mode = next;
      if (next.kind !== 'hang') {
        for (const res of hanging) res.destroy();
        hanging.clear();
      }
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeWikipedia = Awaited<ReturnType<typeof startFakeWikipedia>>;
