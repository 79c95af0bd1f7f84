import { describe, expect, it } from 'vitest';
import { NeedsAiProviderError } from '../provider.ts';
import { englishOnly } from './english-only.ts';
import { createOfflineProvider } from './offline-provider.ts';

const explanation = {
  query: 'gravity',
  template: 'default' as const,
  difficulty: 'beginner' as const,
  markdown: '## गुरुत्वाकर्षण (0-120 seconds)\nपाठ',
  sections: [{ title: 'गुरुत्वाकर्षण', content: 'पाठ' }],
  relatedConcepts: [],
};

describe('the offline explainer and other languages', () => {
  const offline = englishOnly(createOfflineProvider());
  const signal = () => AbortSignal.timeout(5_000);

  it('says it writes English only', () => {
    expect(offline.languages).toEqual(['en']);
  });

  it('refuses to explain, tutor or quiz in another language, before opening the dictionary', async () => {
    const input = { query: 'gravity', template: 'default', difficulty: 'beginner' } as const;
    await expect(offline.generate({ ...input, language: 'hi', signal: signal() })).rejects.toThrow(
      NeedsAiProviderError,
    );
    const tutor = offline.tutor({
      task: 'follow-up',
      question: 'क्यों?',
      explanation: { ...explanation, language: 'hi' },
      signal: signal(),
    });
    await expect(async () => {
      for await (const _ of tutor) break;
    }).rejects.toThrow(NeedsAiProviderError);
    await expect(
      offline.quiz({ explanation: { ...explanation, language: 'ta' }, signal: signal() }),
    ).rejects.toThrow(NeedsAiProviderError);
  });
});
