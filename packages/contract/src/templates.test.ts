import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE } from './languages.ts';
import { providerLabel } from './providers.ts';
import { DEFAULT_SETTINGS } from './settings.ts';
import { DEFAULT_TEMPLATE, isPremiumTemplate, TEMPLATES, templateLabel } from './templates.ts';

describe('templates', () => {
  it('offers six selectable styles with default first', () => {
    const selectable = TEMPLATES.filter((t) => t.selectable).map((t) => t.id);
    expect(selectable).toEqual([
      'default',
      'problemSolutionBenefit',
      'storytelling',
      'buildingBlocks',
      'questionAnswer',
      'academicEssayResponse',
    ]);
  });

  it('marks everything but default premium', () => {
    expect(isPremiumTemplate('default')).toBe(false);
    expect(TEMPLATES.filter((t) => t.premium)).toHaveLength(8);
    expect(isPremiumTemplate('nonsense')).toBe(false);
  });

  it('labels unknown ids as SPEC.md says', () => {
    expect(templateLabel('storytelling')).toBe('Storytelling');
    expect(templateLabel('x')).toBe('Template');
    expect(providerLabel('remote-google')).toBe('Google Gemini');
    expect(providerLabel('x')).toBe('AI Provider');
  });

  it('gives the settings the default style and language (written out there, for the first chunk)', () => {
    expect(DEFAULT_SETTINGS.promptTemplate).toBe(DEFAULT_TEMPLATE);
    expect(DEFAULT_SETTINGS.language).toBe(DEFAULT_LANGUAGE);
  });
});
