/**
 * The pages a browser bench measures beside the server's own: each page's floor (the page as the
 * server sends it, headers too, with every script taken out) and, when asked, the same page of an
 * earlier build (its dist/prerendered copy), each served on its own port of this process with
 * the server's headers (its CSP allowing the variant's own inline scripts), compressed as the
 * server compresses. Anything else a page asks for (its icon) comes from the server. Used by
 * lighthouse.ts and landing-trace.ts.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { compressPage, PAGE_BROTLI_QUALITY } from '../apps/server/src/lib/page-encoding.ts';

/** Every script of a page: classic and module, inline or not, and what preloads one. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>\s*/g, '')
    .replace(/<link\b[^>]*rel="(?:modulepreload|preload|prefetch)"[^>]*>\s*/g, '');
}

/** Headers that belong to one response's body and connection, not to the page. */
const BODY_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'date',
  'connection',
  'keep-alive',
  'vary',
]);

/** CSP sources of a page's inline scripts, as the server computes them (plugins/spa.ts). */
function scriptHashes(html: string): string {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map(
      ([, code]) =>
        ` 'sha256-${createHash('sha256')
          .update(code ?? '')
          .digest('base64')}'`,
    )
    .join('');
}

/** The server's headers for a page, less those of its body; scripts allowed are `html`'s own. */
function pageHeaders(headers: Headers, html: string): Record<string, string> {
  const kept: Record<string, string> = {};
  const hashes = scriptHashes(html);
  for (const [name, value] of headers) {
    if (BODY_HEADERS.has(name)) continue;
    // Only the script-src list holds hashes: the first one marks where this page's go.
    let placed = false;
    kept[name] = value.replace(/\s*'sha256-[^']+'/g, () => {
      if (placed) return '';
      placed = true;
      return hashes;
    });
  }
  return kept;
}

/** A page beside the server's own: made from the path and the HTML the server sends for it. */
export interface Variant {
  name: string;
  html: (path: string, served: string) => string;
}

/** The page with every script taken out. */
export const FLOOR: Variant = {
  name: 'floor',
  html: (path, served) => {
    const html = withoutScripts(served);
    if (/<script\b/.test(html)) throw new Error(`${path}: a script is left in the floor`);
    return html;
  },
};

/** The page as an earlier build (its apps/web/dist) prerendered it. */
export const earlierBuild = (dist: string): Variant => ({
  name: 'earlier build',
  html: (path) =>
    readFileSync(
      join(dist, 'prerendered', `${path === '/' ? 'index' : path.slice(1)}.html`),
      'utf8',
    ),
});

export interface Variants {
  /** Where each variant's pages are: `${origins.get(name)}${path}`. */
  origins: Map<string, string>;
  close(): void;
}

/** Serves each variant of `paths` on its own port, from `port` on, in order. */
export async function startVariants(
  origin: string,
  paths: string[],
  port: number,
  variants: Variant[],
): Promise<Variants> {
  type Page = { html: string; headers: Record<string, string> };
  const pages = variants.map(() => new Map<string, Page>());
  for (const path of paths) {
    const res = await fetch(`${origin}${path}`);
    if (!res.ok) throw new Error(`${path}: the server answered ${res.status}`);
    const served = await res.text();
    variants.forEach((variant, i) => {
      const html = variant.html(path, served);
      pages[i]?.set(path, { html, headers: pageHeaders(res.headers, html) });
    });
  }
  const serve = (own: Map<string, Page>) =>
    createServer((request, response) => {
      const url = new URL(request.url ?? '/', origin);
      const page = own.get(url.pathname);
      if (page === undefined) {
        void fetch(`${origin}${url.pathname}`).then(async (res) => {
          response.writeHead(res.status, { 'content-type': res.headers.get('content-type') ?? '' });
          response.end(Buffer.from(await res.arrayBuffer()));
        });
        return;
      }
      const accepts = String(request.headers['accept-encoding'] ?? '');
      // As the server compresses its pages (plugins/spa.ts), when the browser takes it.
      const [encoding, body] = accepts.includes('br')
        ? ['br', compressPage(page.html, 'br', PAGE_BROTLI_QUALITY)]
        : accepts.includes('gzip')
          ? ['gzip', compressPage(page.html, 'gzip', PAGE_BROTLI_QUALITY)]
          : ['identity', Buffer.from(page.html)];
      response.writeHead(200, {
        ...page.headers,
        'content-encoding': encoding,
        vary: 'accept-encoding',
      });
      response.end(body);
    });
  const servers: Server[] = [];
  const origins = new Map<string, string>();
  for (const [i, own] of pages.entries()) {
    const server = serve(own);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(port + i, '127.0.0.1', resolve));
    origins.set(variants[i]?.name ?? '', `http://127.0.0.1:${port + i}`);
  }
  return {
    origins,
    close: () => {
      for (const server of servers) server.close();
    },
  };
}
