import { describe, expect, it } from 'vitest';
import { sectionAnchorId } from './section-anchor.ts';

describe('sectionAnchorId', () => {
  it('makes a readable id from any title, in any script', () => {
    expect(sectionAnchorId('Structure: Where Gravity Fits')).toBe(
      'section-structure-where-gravity-fits',
    );
    expect(sectionAnchorId('  Café & Crème ')).toBe('section-café-crème');
    expect(sectionAnchorId('मूल समझ')).toBe('section-मूल-समझ');
    expect(sectionAnchorId('🧠 !!')).toBe('section-part');
  });
});
