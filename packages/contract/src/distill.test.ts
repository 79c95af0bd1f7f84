import { describe, expect, it } from 'vitest';
import {
  distillRequestSchema,
  distillTemplate,
  HISTORY_KEYWORDS,
  isHistorySubject,
} from './distill.ts';
import { VALIDATION_MESSAGES } from './messages.ts';

describe('isHistorySubject', () => {
  it('finds history keywords as whole words, any case, plain plurals too', () => {
    for (const subject of [
      'History of the printing press',
      'the HISTORICAL roots of jazz',
      'Causes of World War I',
      'the Napoleonic Wars',
      'The French Revolution',
      'rise and fall of the Roman Empire',
      'Ming dynasty porcelain',
      'the dynasties of China',
      'Ancient Egypt',
      'medieval castles',
      'Europe in the 18th century',
      'Indus Valley civilization',
      'the Renaissance',
      'colonial India',
      'Indian independence movement',
      'the reign of Akbar',
      'the invention of the telephone',
      'life in the Middle Ages',
    ]) {
      expect(isHistorySubject(subject), subject).toBe(true);
    }
  });

  it('ignores keywords inside other words and subjects without any', () => {
    for (const subject of [
      'photosynthesis',
      'software architecture',
      'warm fronts and weather',
      'sovereign debt',
      'quantum mechanics',
      'how vaccines work',
      '',
    ]) {
      expect(isHistorySubject(subject), subject).toBe(false);
    }
  });

  it('lists every keyword in lower case with no repeats', () => {
    expect(new Set(HISTORY_KEYWORDS).size).toBe(HISTORY_KEYWORDS.length);
    for (const keyword of HISTORY_KEYWORDS) expect(keyword).toBe(keyword.toLowerCase());
    for (const keyword of HISTORY_KEYWORDS) expect(isHistorySubject(`x ${keyword} y`)).toBe(true);
  });
});

describe('distillTemplate', () => {
  it('gives a Free user the default template, even for history', () => {
    expect(distillTemplate('history of the printing press', 'free', () => 0.5)).toBe('default');
    expect(distillTemplate('history of the printing press', 'FREE', () => 0.5)).toBe('default');
    expect(distillTemplate('history of the printing press', null, () => 0.5)).toBe('default');
  });

  it('gives a paid plan a random historical template for history, default otherwise', () => {
    const subject = 'history of the printing press';
    expect(distillTemplate(subject, 'pro', () => 0)).toBe('historicalTimeline');
    expect(distillTemplate(subject, 'Pro', () => 0.5)).toBe('historicalContext');
    expect(distillTemplate(subject, 'enterprise', () => 0.99)).toBe('historicalBiography');
    // A random source that reaches 1 must not fall off the end of the list.
    expect(distillTemplate(subject, 'pro', () => 1)).toBe('historicalBiography');
    expect(distillTemplate('photosynthesis', 'pro', () => 0.5)).toBe('default');
  });
});

describe('distillRequestSchema', () => {
  it('trims the subject and words the empty and too-long cases', () => {
    expect(distillRequestSchema.parse({ subject: '  tides ' }).subject).toBe('tides');
    const empty = distillRequestSchema.safeParse({ subject: '   ' });
    expect(empty.error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.emptySubject);
    expect(distillRequestSchema.safeParse({ subject: 'a'.repeat(500) }).success).toBe(true);
    expect(distillRequestSchema.safeParse({ subject: 'a'.repeat(501) }).success).toBe(false);
  });
});
