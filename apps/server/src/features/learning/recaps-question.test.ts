import { describe, expect, it } from 'vitest';
import { type GivenAnswer, type QuizQuestionWithAnswer, recapQuestion } from './recaps-question.ts';

const question = (n: number): QuizQuestionWithAnswer => ({
  questionId: `q${n}`,
  section: 'Key Principles',
  prompt: `Question ${n}?`,
  options: ['a', 'b', 'c', 'd'],
  correctChoice: 1,
  why: `Because ${n}.`,
});
const QUESTIONS = [question(1), question(2), question(3)];
const answers = (entries: [string, GivenAnswer][]) => new Map(entries);

describe('the question a recap asks', () => {
  it('asks one not answered yet, without its solution, in the caller’s quiz', () => {
    const picked = recapQuestion(
      QUESTIONS,
      answers([['q1', { choice: 1, correct: true }]]),
      'quiz-1',
      0,
    );
    expect(picked).toEqual({
      quizId: 'quiz-1',
      questionId: 'q2',
      section: 'Key Principles',
      prompt: 'Question 2?',
      options: ['a', 'b', 'c', 'd'],
    });
  });

  it('moves on to another fresh question at the next recap', () => {
    expect(recapQuestion(QUESTIONS, answers([]), undefined, 1)?.questionId).toBe('q2');
    expect(recapQuestion(QUESTIONS, answers([]), undefined, 4)?.questionId).toBe('q2');
    expect(recapQuestion(QUESTIONS, answers([]), undefined, 0)).not.toHaveProperty('quizId');
  });

  it('asks one answered wrong when all are answered, with the solution to grade it here', () => {
    const given = answers([
      ['q1', { choice: 1, correct: true }],
      ['q2', { choice: 3, correct: false }],
      ['q3', { choice: 1, correct: true }],
    ]);
    expect(recapQuestion(QUESTIONS, given, 'quiz-1', 7)).toMatchObject({
      questionId: 'q2',
      reveal: { correctChoice: 1, why: 'Because 2.', earlierChoice: 3 },
    });
  });

  it('asks any when all were answered right, and none without a quiz', () => {
    const allRight = answers(QUESTIONS.map((q) => [q.questionId, { choice: 1, correct: true }]));
    expect(recapQuestion(QUESTIONS, allRight, 'quiz-1', 2)?.questionId).toBe('q3');
    expect(recapQuestion([], answers([]), undefined, 0)).toBeUndefined();
  });
});
