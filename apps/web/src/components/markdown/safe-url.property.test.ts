import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { followedScheme, hostileUrl, propertySeed } from '../../testing/hostile-markdown.ts';
import { isSafeUrl, SAFE_URL_SCHEMES } from './safe-url.ts';

const anyUrl = fc.oneof(
  hostileUrl,
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  fc
    .tuple(fc.string({ unit: 'binary-ascii', maxLength: 3 }), hostileUrl)
    .map(([noise, url]) => `${noise}${url}`),
);

describe('isSafeUrl on random addresses', () => {
  it('never passes an address the browser would follow to another scheme', () => {
    fc.assert(
      fc.property(anyUrl, (url) => {
        const scheme = followedScheme(url);
        if (isSafeUrl(url) && scheme !== null) expect(SAFE_URL_SCHEMES).toContain(scheme);
      }),
      { numRuns: 2000, seed: propertySeed },
    );
  });
});
