/**
 * Build step after `vite build` (run by prerender.mjs): the server's share page renderer.
 * - dist/ssr/share-render.js: src/app/share-render.tsx built for Node with every package inside,
 *   since the server's own install has no React (Dockerfile: server dependencies only);
 * - dist/ssr/share-shell.html: index.html without its module script (a share page needs none),
 *   its title and description left to each page, and the app's stylesheet replaced by the rules
 *   a share page can use, found by rendering SHARE_FIXTURE.
 * The server imports the first and fills the second (features/share/share-renderer.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { inlinePageStyles } from './page-styles.mjs';

const EMPTY_ROOT = '<div id="root"></div>';
/**
 * The markdown's styles: Tailwind writes `[&_ul]:list-disc` as `.\[\&_ul\]\:list-disc ul`,
 * which Beasties cannot parse and would drop; they are few, and kept whole.
 */
const DESCENDANT_VARIANT = /\\\[\\&_/;

function replaceOnce(html, pattern, replacement, what) {
  if (!pattern.test(html)) throw new Error(`dist/index.html lacks ${what}`);
  return html.replace(pattern, () => replacement);
}

/** index.html as the frame of a share page: no app script, the page's own head and body. */
function shellOf(index, slots) {
  let html = replaceOnce(
    index,
    /\s*<script type="module"[^>]*><\/script>/,
    '',
    'its module script',
  );
  html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  html = replaceOnce(html, /\s*<title>[^<]*<\/title>/, '', 'a title');
  html = replaceOnce(html, /\s*<meta name="description"[^>]*>/, '', 'a description');
  html = replaceOnce(html, /\s*<\/head>/, `\n    ${slots.head}\n  </head>`, '</head>');
  return replaceOnce(html, new RegExp(EMPTY_ROOT), slots.body, EMPTY_ROOT);
}

export async function buildSharePage(root, dist) {
  const outDir = join(dist, 'ssr');
  await build({
    root,
    logLevel: 'warn',
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: 'src/app/share-render.tsx',
      outDir,
      emptyOutDir: true,
      manifest: false,
      minify: true,
    },
  });
  const renderer = await import(pathToFileURL(join(outDir, 'share-render.js')).href);
  const slots = { head: renderer.HEAD_SLOT, body: renderer.BODY_SLOT };
  const shell = shellOf(readFileSync(join(dist, 'index.html'), 'utf8'), slots);
  const sample = await renderer.renderSharePage(renderer.SHARE_FIXTURE, shell);
  const { html } = await inlinePageStyles(sample, 'share page', dist, [DESCENDANT_VARIANT]);
  const styles = [...html.matchAll(/<style>[\s\S]*?<\/style>/g)].map(([style]) => style);
  let styled = shell;
  for (const style of styles) {
    styled = styled.replace(/<link rel="stylesheet"[^>]*>/, () => style);
  }
  writeFileSync(join(outDir, 'share-shell.html'), styled);
  process.stdout.write('built the share page renderer → dist/ssr/\n');
}
