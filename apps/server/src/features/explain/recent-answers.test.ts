import { describe, expect, it } from 'vitest';
import { createRecentAnswers } from './recent-answers.ts';

describe('recent answers', () => {
  it('forgets the oldest entry beyond its size and expired entries', () => {
    let now = 0;
    const recent = createRecentAnswers<string>({ max: 2, ttlMs: 100, now: () => now });
    recent.set('a', 'A');
    recent.set('b', 'B');
    recent.set('c', 'C');
    expect(recent.get('a')).toBeUndefined();
    expect(recent.get('b')).toBe('B');
    now = 150;
    expect(recent.get('c')).toBeUndefined();
  });
});
