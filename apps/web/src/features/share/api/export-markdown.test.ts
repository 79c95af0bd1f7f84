import { describe, expect, it } from 'vitest';
import { dispositionFilename } from './export-markdown.ts';

describe('dispositionFilename', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    const hindi = encodeURIComponent('गुरुत्वाकर्षण.md');
    expect(
      dispositionFilename(
        `attachment; filename="explanation.md"; filename*=UTF-8''${hindi}`,
        'x.md',
      ),
    ).toBe('गुरुत्वाकर्षण.md');
    expect(dispositionFilename('attachment; filename="gravity.md"', 'x.md')).toBe('gravity.md');
    expect(
      dispositionFilename('attachment; filename="a.md"; filename*=UTF-8\'\'%E0%A4', 'x.md'),
    ).toBe('a.md');
    expect(dispositionFilename(null, 'x.md')).toBe('x.md');
  });
});
