import type { QuizDraft } from '@grasp/contract';
import { describe, expect, it } from 'vitest';
import { checkQuizDraft, correctOptionInSection } from './quiz-rules.ts';

type Question = QuizDraft['questions'][number];

const TITLES = ['Understanding Gravity', 'Structure: Where Gravity Fits', 'Key Takeaway'];

function question(overrides: Partial<Question> = {}): Question {
  return {
    section: 'Understanding Gravity',
    prompt: 'Which of these describes gravity?',
    options: ['The force of attraction between masses', 'Attraction for iron', 'A push', 'A pull'],
    correctChoice: 0,
    why: 'WordNet defines gravity as the force of attraction between all masses.',
    ...overrides,
  };
}

const check = (...questions: Question[]) => checkQuizDraft({ questions }, TITLES);

describe('checkQuizDraft', () => {
  it('keeps a valid question, trimmed, with the section title as the explanation has it', () => {
    const [kept] = check(
      question({
        section: '  structure: where GRAVITY fits ',
        prompt: '  Gravity is a kind of… ',
        options: [' attraction', 'repulsion ', 'friction', 'pressure'],
        correctChoice: 3,
        why: ' Because. ',
      }),
    );
    expect(kept).toEqual({
      section: 'Structure: Where Gravity Fits',
      prompt: 'Gravity is a kind of…',
      options: ['attraction', 'repulsion', 'friction', 'pressure'],
      correctChoice: 3,
      why: 'Because.',
    });
  });

  it.each([
    ['three options', { options: ['a', 'b', 'c'] }],
    ['five options', { options: ['a', 'b', 'c', 'd', 'e'] }],
    ['an empty option', { options: ['a', 'b', '  ', 'd'] }],
    [
      'options equal after trim and case-fold',
      { options: ['Attraction', 'b', ' attraction ', 'd'] },
    ],
    ['a negative correct choice', { correctChoice: -1 }],
    ['a correct choice past the options', { correctChoice: 4 }],
    ['a fractional correct choice', { correctChoice: 1.5 }],
    ['an empty prompt', { prompt: '   ' }],
    ['an empty why', { why: '' }],
    ['a section the explanation lacks', { section: 'Gravity in Space' }],
  ])('drops a question with %s', (_label, overrides) => {
    expect(check(question(overrides))).toEqual([]);
  });

  it('drops a repeated prompt, keeping the first', () => {
    const kept = check(
      question({ why: 'first' }),
      question({ prompt: ' which of these DESCRIBES gravity? ', why: 'second' }),
    );
    expect(kept.map((q) => q.why)).toEqual(['first']);
  });

  it('keeps at most five questions, in the order given', () => {
    const many = Array.from({ length: 7 }, (_, i) => question({ prompt: `Question ${i}?` }));
    expect(check(...many).map((q) => q.prompt)).toEqual([
      'Question 0?',
      'Question 1?',
      'Question 2?',
      'Question 3?',
      'Question 4?',
    ]);
  });

  it('checks each question alone: one bad question does not sink the others', () => {
    const kept = check(
      question({ prompt: 'A?' }),
      question({ prompt: 'B?', correctChoice: 9 }),
      question({ prompt: 'C?' }),
    );
    expect(kept.map((q) => q.prompt)).toEqual(['A?', 'C?']);
  });
});

describe('correctOptionInSection', () => {
  const content =
    'In physics, **gravity** is the force of attraction between all masses in the universe.\n\nOther words for it: _gravitation_.';

  it('finds the correct option case-insensitively, ignoring markdown emphasis', () => {
    expect(
      correctOptionInSection(
        { options: ['x', 'Gravity is the force', 'y', 'z'], correctChoice: 1 },
        content,
      ),
    ).toBe(true);
    expect(
      correctOptionInSection(
        { options: ['GRAVITATION', 'x', 'y', 'z'], correctChoice: 0 },
        content,
      ),
    ).toBe(true);
  });

  it('is false when only a distractor is in the section', () => {
    expect(
      correctOptionInSection(
        { options: ['gravitation', 'magnetism', 'y', 'z'], correctChoice: 1 },
        content,
      ),
    ).toBe(false);
  });

  it('is false for a correct choice with no option', () => {
    expect(correctOptionInSection({ options: ['gravity'], correctChoice: 2 }, content)).toBe(false);
  });
});
