/**
 * The app's first-load JavaScript, gzip: the module script of apps/web/dist/index.html (the
 * prerendered / imports the same one when a button first needs the app), its modulepreloads and,
 * recursively, their static imports (dynamic import() is not followed: it loads later). Budget
 * 90 KiB (DESIGN.md §6). Also prints the JavaScript a visitor's / runs without the app (its
 * inline scripts) and the CSS the first paint of / waits for, linked or inline.
 * Needs a build (npm run build -w @grasp/web). Run: npx tsx bench/landing-bundle.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = join(import.meta.dirname, '../apps/web/dist');
const BUDGET_BYTES = 90 * 1024;

const PRERENDERED = join(DIST, 'prerendered', 'index.html');
const page = existsSync(PRERENDERED) ? PRERENDERED : join(DIST, 'index.html');
const html = readFileSync(page, 'utf8');
const shell = readFileSync(join(DIST, 'index.html'), 'utf8');
const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];

/** The entry module and the chunks index.html preloads, as site paths like /assets/x.js. */
function initialScripts(): string[] {
  const found: string[] = [];
  for (const [tag] of shell.matchAll(/<script\b[^>]*>/g)) {
    const src = attr(tag, 'src');
    if (src && /type="module"/.test(tag)) found.push(src);
  }
  for (const [tag] of shell.matchAll(/<link\b[^>]*>/g)) {
    const href = attr(tag, 'href');
    if (href && /rel="modulepreload"/.test(tag)) found.push(href);
  }
  return found;
}

/** Static `import … from "./x.js"` and `import "./x.js"` of a built chunk; never `import(`. */
function staticImports(code: string, from: string): string[] {
  const pattern =
    /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
  return [...code.matchAll(pattern)].flatMap((m) =>
    m[1] ? [posix.join(posix.dirname(from), m[1])] : [],
  );
}

const sizes = new Map<string, { raw: number; gzip: number }>();
const queue = initialScripts();
while (queue.length > 0) {
  const path = queue.shift() ?? '';
  if (sizes.has(path)) continue;
  const file = join(DIST, path);
  if (!existsSync(file)) throw new Error(`${path} is referenced but missing from ${DIST}`);
  const code = readFileSync(file);
  sizes.set(path, { raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
  queue.push(...staticImports(code.toString('utf8'), path));
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
let total = 0;
for (const [path, size] of sizes) {
  total += size.gzip;
  process.stdout.write(
    `${path.padEnd(40)} ${kib(size.raw).padStart(10)} raw ${kib(size.gzip).padStart(10)} gzip\n`,
  );
}
const gzipped = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
const linkedCss = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)]
  .map(([tag]) => attr(tag, 'href'))
  .filter((href): href is string => Boolean(href))
  .reduce((sum, href) => sum + gzipped(readFileSync(join(DIST, href))), 0);
const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].reduce(
  (sum, [, css = '']) => sum + gzipped(css),
  0,
);
process.stdout.write(
  `landing first-load JS: ${total} bytes = ${kib(total)} gzip (budget ${kib(BUDGET_BYTES)}: ${total <= BUDGET_BYTES ? 'within' : 'OVER'})\n`,
);
process.stdout.write(`measured page: ${page.slice(DIST.length + 1)}, ${kib(gzipped(html))} gzip\n`);
const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, js = '']) => js);
const pageModules = [...html.matchAll(/<script\b[^>]*\bsrc=/g)].length;
process.stdout.write(
  `a visitor's / runs without the app: ${inlineScripts.length} inline scripts, ${kib(gzipped(inlineScripts.join('')))} gzip; ${pageModules} script files\n`,
);
process.stdout.write(
  `render-blocking CSS: ${kib(linkedCss)} linked + ${kib(inlineCss)} inline in the page, gzip\n`,
);
if (total > BUDGET_BYTES) process.exitCode = 1;
