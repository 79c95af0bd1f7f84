import { describe, expect, it } from 'vitest';
import { explanationProviderLabel } from './providers.ts';

describe('an explanation’s provider badge', () => {
  it('says the offline text came from the learner’s material when it did', () => {
    expect(explanationProviderLabel('offline', true)).toBe('Offline (from your material)');
    expect(explanationProviderLabel('offline', false)).toBe('Offline (WordNet dictionary)');
  });

  it('names an AI provider the same with or without material', () => {
    expect(explanationProviderLabel('remote-claude', true)).toBe('Anthropic Claude');
    expect(explanationProviderLabel('x', true)).toBe('AI Provider');
  });
});
