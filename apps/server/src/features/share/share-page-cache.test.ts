import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { firstNameOf, newShareId } from './share.service.ts';
import { createPageCache, encodedBody, renderedPage } from './share-page-cache.ts';

describe('the page cache', () => {
  const page = (text: string) => renderedPage(`<p>${text}</p>`, false);

  it('keeps a page for its version and time only', () => {
    let now = 0;
    const cache = createPageCache({ max: 10, ttlMs: 1000, now: () => now });
    const a = page('a');
    cache.set('s1', 'v1', a);
    expect(cache.get('s1', 'v1')).toBe(a);
    expect(cache.get('s1', 'v2')).toBeUndefined();
    expect(cache.get('s1', 'v1')).toBeUndefined();
    cache.set('s1', 'v1', a);
    now = 1000;
    expect(cache.get('s1', 'v1')).toBeUndefined();
  });

  it('lets the least recently viewed page go when full', () => {
    const cache = createPageCache({ max: 2, ttlMs: 1000, now: () => 0 });
    cache.set('a', 'v', page('a'));
    cache.set('b', 'v', page('b'));
    cache.get('a', 'v');
    cache.set('c', 'v', page('c'));
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.get('a', 'v')).toBeDefined();
    expect(cache.size).toBe(2);
    cache.delete('a');
    expect(cache.get('a', 'v')).toBeUndefined();
  });

  it('compresses a page once per encoding, and its ETag follows its text', () => {
    const kept = renderedPage('<p>héllo</p>'.repeat(100), true);
    const br = encodedBody(kept, 'br');
    expect(encodedBody(kept, 'br')).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(kept.html);
    expect(gunzipSync(encodedBody(kept, 'gzip')).toString()).toBe(kept.html);
    expect(kept.etag).toMatch(/^"[\w-]{27}"$/);
    expect(renderedPage(kept.html, true).etag).toBe(kept.etag);
    expect(renderedPage(`${kept.html} `, true).etag).not.toBe(kept.etag);
  });
});

describe('share ids and names', () => {
  it('makes 128-bit base64url ids that do not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, newShareId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it.each([
    ['Asha Raghunathan', 'Asha'],
    ['  Ravi  ', 'Ravi'],
    ['मीरा बाई', 'मीरा'],
    ['', null],
    ['   ', null],
    [undefined, null],
  ])('the first name of %j is %j', (full, first) => {
    expect(firstNameOf(full)).toBe(first);
  });
});
