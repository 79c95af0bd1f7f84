/**
 * Build step after `vite build`: renders the pages of src/app/prerender.tsx to HTML with Vite's
 * SSR build and writes each into a copy of dist/index.html, as dist/prerendered/<name>.html
 * (`/` is index.html; the 404 page is 404.html). The server sends those for their paths,
 * index.html for the rest, and 404.html for a share link that does not (or no longer) exist.
 * Then it builds the share pages' renderer (share-page.mjs).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, minify } from 'vite';
import { inlinePageStyles } from './page-styles.mjs';
import { buildSharePage } from './share-page.mjs';

const root = import.meta.dirname;
const dist = join(root, 'dist');
// Inside the package, so that the SSR build's imports of react and the rest resolve.
const ssrOut = join(root, '.vite', 'prerender');
const EMPTY_ROOT = '<div id="root"></div>';

/** The chunk files (site paths) a module of the manifest loads with it, itself first. */
function chunksOf(manifest, key, found = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest`);
  if (found.has(`/${chunk.file}`)) return found;
  found.add(`/${chunk.file}`);
  for (const imported of chunk.imports ?? []) chunksOf(manifest, imported, found);
  return found;
}

/**
 * The page's one script, src/app/public-page.js (allowed by its hash, spa.ts), in place of the
 * app's module script: it starts the app only when the page needs it, then with all the chunks of
 * this page and the whole stylesheet at once, and holds the clicks that come first.
 */
async function withPublicPageScript(html, manifest, startModules, styles) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) throw new Error('dist/index.html lacks the module script of the app');
  const chunks = new Set();
  for (const key of ['index.html', ...startModules]) chunksOf(manifest, key, chunks);
  const placeholder = "const page = { entry: '', chunks: [], styles: [] };";
  const code = readFileSync(join(root, 'src', 'app', 'public-page.js'), 'utf8').trim();
  if (!code.includes(placeholder)) throw new Error(`public-page.js lacks ${placeholder}`);
  const page = JSON.stringify({ entry: entry[1], chunks: [...chunks], styles });
  const { code: script } = await minify(
    'public-page.js',
    code.replace(placeholder, `const page = ${page};`),
  );
  return html
    .replace(entry[0], '')
    .replace(/<link rel="modulepreload" crossorigin href="[^"]+">\s*/g, '')
    .replace('</body>', () => `  <script>${script.trim()}</script>\n  </body>`);
}

try {
  await build({
    root,
    logLevel: 'warn',
    build: { ssr: 'src/app/prerender.tsx', outDir: ssrOut, emptyOutDir: true },
  });
  const { PRERENDERED_PATHS, NOT_FOUND_PATH, START_MODULES, renderPage } = await import(
    pathToFileURL(join(ssrOut, 'prerender.js')).href
  );
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const shell = readFileSync(join(dist, 'index.html'), 'utf8');
  if (!shell.includes(EMPTY_ROOT)) throw new Error(`dist/index.html lacks ${EMPTY_ROOT}`);
  mkdirSync(join(dist, 'prerendered'), { recursive: true });
  for (const path of [...PRERENDERED_PATHS, NOT_FOUND_PATH]) {
    const markup = await renderPage(path);
    // The app may only hydrate what it can render again: no inline scripts (the CSP forbids them).
    if (markup.includes('<script')) throw new Error(`${path} prerendered with a script`);
    const name = path === '/' ? 'index' : path.slice(1);
    // React puts any preloads it wants first (an <img> would add one); they belong in the head.
    const [, preloads = '', body = ''] = /^((?:<link [^>]*>)*)([\s\S]*)$/.exec(markup) ?? [];
    const rendered = shell
      .replace('</head>', `  ${preloads}\n  </head>`)
      .replace(EMPTY_ROOT, `<div id="root">${body}</div>`);
    const styled = await inlinePageStyles(rendered, name, dist);
    const page = await withPublicPageScript(
      styled.html,
      manifest,
      START_MODULES[path] ?? [],
      styled.sheets,
    );
    writeFileSync(join(dist, 'prerendered', `${name}.html`), page);
    process.stdout.write(`prerendered ${path} → dist/prerendered/${name}.html\n`);
  }
  await buildSharePage(root, dist);
} finally {
  rmSync(ssrOut, { recursive: true, force: true });
  // Read above only; it is no file of the site.
  rmSync(join(dist, '.vite'), { recursive: true, force: true });
}
