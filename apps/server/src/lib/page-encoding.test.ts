import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressPage, preferredEncoding, takesGzip } from './page-encoding.ts';

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0.5', 'br'],
    ['*', 'gzip'],
    ['gzip;q=x', null],
    ['deflate', null],
    [';;,,', null],
    ['*, br;q=0', 'gzip'],
    ['*, gzip;q=0, br;q=0', null],
  ])('%j → %j', (header, encoding) => {
    expect(preferredEncoding(header)).toBe(encoding);
  });
});

describe('takesGzip', () => {
  it.each([
    [undefined, false],
    ['gzip, deflate, br, zstd', true],
    ['br', false],
    ['br, *', true],
    ['*, gzip;q=0', false],
    ['GZIP;q=0.1', true],
    ['gzip;q=0', false],
  ])('%j → %j', (header, takes) => {
    expect(takesGzip(header)).toBe(takes);
  });
});

describe('compressPage', () => {
  const html = `<main>${'<p>Gravity bends space.</p>'.repeat(50)}</main>`;

  it('compresses in either encoding, and the slowest brotli smallest', () => {
    const fast = compressPage(html, 'br', 4);
    const slowest = compressPage(html, 'br', 11);
    expect(brotliDecompressSync(slowest).toString()).toBe(html);
    expect(gunzipSync(compressPage(html, 'gzip', 11)).toString()).toBe(html);
    expect(slowest.length).toBeLessThanOrEqual(fast.length);
  });
});
