import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.GRASP_API_URL ?? 'http://localhost:3000';

/**
 * Puts src/app/theme-init.js into index.html itself: it must run before the first paint, and
 * as a file it cost the page a blocking request. The server allows it by its hash in the CSP.
 */
function inlineThemeScript(): Plugin {
  const tag = '<script src="/src/app/theme-init.js"></script>';
  return {
    name: 'grasp-inline-theme-script',
    // Before Vite's own pass, which would warn that it cannot bundle a classic script.
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const code = readFileSync(new URL('./src/app/theme-init.js', import.meta.url), 'utf8');
        if (!html.includes(tag)) throw new Error(`index.html lacks ${tag}`);
        return html.replace(tag, `<script>${code.trim()}</script>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineThemeScript()],
  server: { port: 5173, proxy: { '/api': apiTarget } },
  // The manifest tells prerender.mjs which chunks each prerendered page loads at start.
  build: { target: 'es2022', sourcemap: false, manifest: true },
});
