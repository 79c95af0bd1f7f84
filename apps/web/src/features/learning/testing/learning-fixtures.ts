import type {
  ExplanationRecord,
  FollowUp,
  Quiz,
  QuizAnswerResult,
  QuizQuestion,
} from '@grasp/contract';
import { setupApiClient } from '../../../app/api-setup.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { makeUser } from '../../../testing/api-fixtures.ts';
import { useLearningStore } from '../stores/learning-store.ts';

export const EXPLANATION_ID = 'exp-1';

export const SECTIONS = ['Core Understanding', 'How It Works', 'Why It Matters'] as const;

export function makeFollowUp(overrides: Partial<FollowUp> = {}): FollowUp {
  return {
    followUpId: 'f1',
    question: 'Why do apples fall?',
    answer: 'Because **mass** pulls mass.',
    createdAt: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

export function makeRecord(overrides: Partial<ExplanationRecord> = {}): ExplanationRecord {
  return {
    explanationId: EXPLANATION_ID,
    query: 'Gravity',
    template: 'default',
    difficulty: 'beginner',
    language: 'en',
    provider: 'offline',
    response: '## Core Understanding (0-30 seconds)\nMass pulls mass.',
    sources: [],
    relatedConcepts: [],
    suggestedQuestions: ['What is the difference between gravity and magnetism?'],
    createdAt: '2026-11-25T09:00:00.000Z',
    followUps: [],
    reExplanations: [],
    ...overrides,
  };
}

/** Three questions, one per section; the correct option is always "Right …". */
export function makeQuestions(): QuizQuestion[] {
  return SECTIONS.map((section, index) => ({
    questionId: `q${index + 1}`,
    section,
    prompt: `Question about ${section}?`,
    options: [`Wrong A${index}`, `Right ${index}`, `Wrong B${index}`, `Wrong C${index}`],
  }));
}

export const CORRECT_CHOICE = 1;

export function makeQuiz(answers: Record<string, number> = {}): Quiz {
  return {
    quizId: 'quiz-1',
    questions: makeQuestions().map((q) =>
      q.questionId in answers
        ? {
            ...q,
            answer: { ...grade(answers[q.questionId] ?? 0), choice: answers[q.questionId] ?? 0 },
          }
        : q,
    ),
  };
}

/** The server's verdict for a choice in makeQuiz. */
export function grade(choice: number): QuizAnswerResult {
  return {
    correct: choice === CORRECT_CHOICE,
    correctChoice: CORRECT_CHOICE,
    why: 'Because the section says so.',
  };
}

/** A signed-in user, a wired API client and an empty learning store. */
export function resetLearning(): void {
  setupApiClient();
  useAuth.setState({ user: makeUser(), token: 'tok', loginTime: Date.now() });
  useLearningStore.getState().clear();
}
