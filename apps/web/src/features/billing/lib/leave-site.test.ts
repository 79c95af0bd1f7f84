import { describe, expect, it } from 'vitest';
import { leaveSite } from './leave-site.ts';

describe('leaveSite', () => {
  it.each(['javascript:alert(1)', 'data:text/html,hi', 'JaVaScRiPt:void(0)'])(
    'never follows %s',
    (url) => {
      expect(leaveSite(url)).toBe(false);
    },
  );
});
