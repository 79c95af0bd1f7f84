import { describe, expect, it } from 'vitest';
import { answerFromExplanation } from './article-follow-up.ts';
import { quizFromExplanation } from './article-quiz.ts';

const sections = [
  {
    title: 'Understanding Rainbow',
    content:
      'A rainbow is an arc of colours in the sky. [1] Rainbows appear when the Sun shines on rain. [1]',
  },
  {
    title: 'Key Principles',
    content:
      'Sunlight looks white, but it is a mix of many colours. [1] Each colour bends differently. [1]',
  },
  { title: 'Evidence and Examples', content: 'Waterfalls often have rainbows in their mist. [1]' },
  { title: 'Key Takeaway', content: 'Rainbows show that white light is made of colours. [1]' },
];

describe('learning from a Wikipedia-built explanation', () => {
  it('answers a follow-up with its own cited sentences that speak to the question', () => {
    const answer = answerFromExplanation('Why does sunlight split into colours?', { sections });
    // The sentence sharing most words with the question, among at most three, in their order.
    expect(answer).toContain('Sunlight looks white, but it is a mix of many colours. [1]');
    const all = sections.map((s) => s.content).join(' ');
    for (const sentence of answer?.match(/[^[\]]+?\[1\]/g) ?? [])
      expect(all).toContain(sentence.trim());
    expect(answer?.match(/\[1\]/g)?.length).toBeLessThanOrEqual(3);
    expect(answerFromExplanation('Who was Napoleon?', { sections })).toBeNull();
  });

  it('makes a quiz of its sentences, one per section, the key word left out', () => {
    const quiz = quizFromExplanation({
      explanation: {
        query: 'Rainbow',
        template: 'default',
        difficulty: 'beginner',
        language: 'en',
        markdown: '',
        sections,
        relatedConcepts: [],
      },
      signal: new AbortController().signal,
    });
    expect(quiz.questions).toHaveLength(4);
    for (const q of quiz.questions) {
      expect(new Set(q.options).size).toBe(4);
      expect(q.prompt).toContain('_____');
      expect(q.why).toMatch(/\[1\]$/);
      expect(q.prompt.replace('_____', q.options[q.correctChoice] ?? '')).toContain(
        q.why.replace(/ \[1\]$/, ''),
      );
    }
  });
});
