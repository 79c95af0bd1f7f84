import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every provider source file, offline ones included, tests aside. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the providers', () => {
  // STYLE.md 12: plain options from the factory, calls reported through an interface, so a
  // provider can be tested and reused alone.
  it('import nothing of the server’s config, database, plugins or metrics recorder', () => {
    const dir = new URL('.', import.meta.url).pathname;
    const reaching = sources(dir).flatMap((file) => {
      const imports = readFileSync(file, 'utf8').match(/from '[^']+'/g) ?? [];
      return imports
        .filter((i) => /\/(config|db|plugins)\/|lib\/recorder/.test(i))
        .map((i) => `${file.slice(dir.length)} ${i}`);
    });
    expect(reaching).toEqual([]);
  });
});
