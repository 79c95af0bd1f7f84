import { existsSync, readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, minify, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// By path, not by package name: Vite bundles a config's relative imports, but hands a package
// to Node, which cannot load the contract's TypeScript on Node 20.
import { SESSION_LIFETIME_MS } from '../../packages/contract/src/constants.ts';

const apiTarget = process.env.GRASP_API_URL ?? 'http://localhost:3000';

/**
 * Puts src/app/before-paint.js into index.html itself: it must run before the first paint, and
 * as a file it cost the page a blocking request. The server allows it by its hash in the CSP.
 * The session's lifetime comes from the contract, the one source of it. Minified: the comments
 * are for us, not for every page.
 */
function inlineBeforePaintScript(): Plugin {
  const tag = '<script src="/src/app/before-paint.js"></script>';
  return {
    name: 'grasp-inline-before-paint-script',
    // Before Vite's own pass, which would warn that it cannot bundle a classic script.
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        const file = new URL('./src/app/before-paint.js', import.meta.url);
        const code = readFileSync(file, 'utf8').replace(
          'SESSION_LIFETIME_MS',
          String(SESSION_LIFETIME_MS),
        );
        if (!html.includes(tag)) throw new Error(`index.html lacks ${tag}`);
        const { code: small } = await minify('before-paint.js', code);
        return html.replace(tag, () => `<script>${small.trim()}</script>`);
      },
    },
  };
}

/** The operator's console (DESIGN.md §15): staff fetch its code when they open /admin. */
const CONSOLE_ENTRY = 'src/features/admin/admin-console.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The built files that only the console loads (its chunk, the charts, the table library): every
 * file of the build's manifest that the app's entry cannot reach without passing through it.
 */
function consoleOnlyFiles(): Set<string> {
  const path = new URL('./dist/.vite/manifest.json', import.meta.url);
  if (!existsSync(path)) throw new Error('the build wrote no manifest to tell the console apart');
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  const reached = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (key === CONSOLE_ENTRY || reached.has(key) || !chunk) return;
    reached.add(key);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const filesOf = (chunk: ManifestChunk) => [chunk.file, ...(chunk.css ?? [])];
  const kept = new Set([...reached].flatMap((key) => filesOf(manifest[key] as ManifestChunk)));
  return new Set(
    Object.values(manifest)
      .flatMap(filesOf)
      .filter((file) => !kept.has(file)),
  );
}

/**
 * The installable app (DESIGN.md §11): the web manifest, and the service worker of
 * src/sw/service-worker.ts with the build's scripts and styles to precache. The app registers it
 * when a user is signed in (app/service-worker.ts); nothing is injected into the pages.
 */
const installableApp = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'service-worker.ts',
    injectRegister: false,
    manifest: {
      name: 'Grasp — understand any concept in two minutes',
      short_name: 'Grasp',
      description: 'Understand any concept in two minutes, and keep it with spaced recaps.',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: '#4f46e5',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        {
          src: '/icons/maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
      shortcuts: [{ name: 'Recaps', url: '/review' }],
    },
    injectManifest: {
      // Scripts and styles of the app; fonts are kept as they load (the service worker's route),
      // and the server-rendered and prerendered pages are never served from here.
      globPatterns: ['assets/*.{js,css}', 'icons/*.png', 'favicon.svg'],
      globIgnores: ['ssr/**', 'prerendered/**'],
      // A learner's device does not download the console's code (and its charting library).
      manifestTransforms: [
        (entries) => {
          const skipped = consoleOnlyFiles();
          return { manifest: entries.filter((entry) => !skipped.has(entry.url)) };
        },
      ],
      rollupFormat: 'iife',
    },
  });

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineBeforePaintScript(), installableApp()],
  server: { port: 5173, proxy: { '/api': apiTarget } },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The manifest tells prerender.mjs which chunks each prerendered page loads at start.
    manifest: true,
    // No <link rel=modulepreload> polyfill in the first chunk (0.2 KiB gzip): every browser the
    // app works in has modulepreload (Safari 17, Firefox 115), as they have the Popover API the
    // small screens' menu is built on (Safari 17, Firefox 125).
    modulePreload: { polyfill: false },
  },
});
