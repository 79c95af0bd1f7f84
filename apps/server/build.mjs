import { readFile, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';

// Bundles our own code (server and contract) and leaves every npm package external. The PDF
// reader's worker is its own entry, beside main.js, where pdf-text.ts looks for it.
await build({
  entryPoints: {
    main: 'src/main.ts',
    'pdf-text.worker': 'src/features/materials/pdf-text.worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: {
    '@grasp/contract/server-catalogs': '../../packages/contract/src/i18n/server-catalogs.ts',
    '@grasp/contract': '../../packages/contract/src/index.ts',
  },
  logLevel: 'warning',
});

/**
 * esbuild escapes non-ASCII characters in strings, not in comments or regular expressions; one
 * such character (an em dash, a Devanagari danda) made V8 keep the whole 0.8 MB bundle as a
 * two-byte string, 1.5 MB of every server's heap. `\uXXXX` per UTF-16 unit means the same in a
 * regular expression (with or without the u flag, a surrogate pair reads as one code point), and
 * nothing in a comment. Columns after such a character shift on its line in the source map.
 */
for (const file of ['dist/main.js', 'dist/pdf-text.worker.js']) {
  const code = await readFile(file, 'utf8');
  const ascii = code.replace(
    /[^\0-\x7f]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  if (ascii !== code) await writeFile(file, ascii);
}
