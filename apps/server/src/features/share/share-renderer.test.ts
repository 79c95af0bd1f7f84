import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARE_VIEW } from '../../test/share-renderer.ts';
import { loadShareRenderer } from './share-renderer.ts';

function webDist(files: Record<string, string>): string {
  const dist = mkdtempSync(join(tmpdir(), 'grasp-ssr-'));
  mkdirSync(join(dist, 'ssr'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dist, 'ssr', name), text);
  return dist;
}

describe('loadShareRenderer', () => {
  it('is null without the web build’s renderer and shell', () => {
    expect(loadShareRenderer(join(tmpdir(), 'no-such-web-build'))).toBeNull();
    expect(loadShareRenderer(webDist({ 'share-shell.html': '<html>' }))).toBeNull();
  });

  it('loads the module with the first page and fills the build’s shell', async () => {
    const dist = webDist({
      'share-render.js': `globalThis.shareRenderLoads = (globalThis.shareRenderLoads ?? 0) + 1;
export const BARE_SHELL = '';
export async function renderSharePage(view, shell) { return shell.replace('BODY', view.query); }`,
      'share-shell.html': '<main>BODY</main>',
    });
    const counter = globalThis as { shareRenderLoads?: number };
    const renderer = loadShareRenderer(dist);
    expect(counter.shareRenderLoads).toBeUndefined();
    expect(await renderer?.render(SHARE_VIEW)).toBe('<main>Gravity</main>');
    expect(await renderer?.render({ ...SHARE_VIEW, query: 'Mass' })).toBe('<main>Mass</main>');
    expect(counter.shareRenderLoads).toBe(1);
  });
});
