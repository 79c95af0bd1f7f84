import type { FollowUp, ProviderId, Quiz, QuizState, ReExplanation } from '@grasp/contract';
import { create } from 'zustand';
import { onSignOut } from '../../../lib/auth-store.ts';
import { answerQuestion } from '../api/answer-question.ts';
import { askFollowUp } from '../api/ask-follow-up.ts';
import { getExplanationRecord } from '../api/get-explanation-record.ts';
import { reExplainSection } from '../api/re-explain-section.ts';
import { startQuiz } from '../api/start-quiz.ts';
import { LEARNING_FAILURES, type LearningError, toLearningError } from '../lib/learning-errors.ts';

type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** A follow-up on its way: the question and the answer received so far. */
export interface PendingFollowUp {
  question: string;
  text: string;
}

export interface QuizSession {
  status: LoadStatus;
  quiz: Quiz | null;
  error: LearningError | null;
  /** The question whose answer the server is grading. */
  checking: string | null;
  answerError: LearningError | null;
}

/** A section being told again, or the reason it could not be. */
export interface Retelling {
  status: 'loading' | 'failed';
  error: LearningError | null;
}

/** Everything the learning loop knows about one explanation record. */
export interface LearningEntry {
  recordStatus: LoadStatus;
  recordError: LearningError | null;
  /** The record's suggestions; null until it has loaded (the explanation's own are shown). */
  suggestedQuestions: string[] | null;
  followUps: FollowUp[];
  pending: PendingFollowUp | null;
  /** The last question that failed, kept so it can be asked again. */
  followUpError: (LearningError & { question: string }) | null;
  /** The record's quiz summary, known before the quiz itself loads. */
  quizState: QuizState | null;
  quiz: QuizSession;
  reExplanations: ReExplanation[];
  /** By section title. */
  retelling: Record<string, Retelling>;
}

export const EMPTY_ENTRY: LearningEntry = {
  recordStatus: 'idle',
  recordError: null,
  suggestedQuestions: null,
  followUps: [],
  pending: null,
  followUpError: null,
  quizState: null,
  quiz: { status: 'idle', quiz: null, error: null, checking: null, answerError: null },
  reExplanations: [],
  retelling: {},
};

interface LearningStore {
  /** By explanationId. */
  entries: Record<string, LearningEntry>;
  /** Loads the record once: its follow-ups, re-explanations, and its quiz if one was started. */
  load: (explanationId: string) => Promise<void>;
  /**
   * Resolves true once answered; false when it failed or another question is on its way.
   * `provider` is who answers; the server defaults to the explanation's own.
   */
  ask: (explanationId: string, question: string, provider?: ProviderId) => Promise<boolean>;
  startQuiz: (explanationId: string, provider?: ProviderId) => Promise<void>;
  answer: (explanationId: string, questionId: string, choice: number) => Promise<void>;
  reExplain: (explanationId: string, section: string, provider?: ProviderId) => Promise<void>;
  /** Forgets everything and drops the answers still on their way; runs on sign-out. */
  clear: () => void;
}

/** Section titles from the quiz and from the parser name the same card. */
export function sameSection(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function mergeById<T>(first: readonly T[], second: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set(first.map(key));
  return [...first, ...second.filter((item) => !seen.has(key(item)))];
}

const reExplanationKey = (r: ReExplanation) => `${r.section}\n${r.approach}\n${r.answer}`;

/** The quiz summary a loaded quiz implies. */
export function quizStateOf(quiz: Quiz): QuizState {
  const answered = quiz.questions.filter((q) => q.answer);
  return {
    quizId: quiz.quizId,
    score: answered.filter((q) => q.answer?.correct).length,
    answered: answered.length,
    total: quiz.questions.length,
  };
}

// Bumped by clear(): an answer that arrives for an older generation is dropped.
let generation = 0;
const streams = new Set<AbortController>();

export const useLearningStore = create<LearningStore>()((set, get) => {
  const entry = (id: string) => get().entries[id] ?? EMPTY_ENTRY;
  const update = (id: string, change: (e: LearningEntry) => Partial<LearningEntry>) =>
    set((s) => {
      const current = s.entries[id] ?? EMPTY_ENTRY;
      return { entries: { ...s.entries, [id]: { ...current, ...change(current) } } };
    });
  const updateQuiz = (id: string, change: (q: QuizSession) => Partial<QuizSession>) =>
    update(id, (e) => ({ quiz: { ...e.quiz, ...change(e.quiz) } }));

  const fetchQuiz = async (id: string, provider?: ProviderId) => {
    const mine = generation;
    updateQuiz(id, () => ({ status: 'loading', error: null }));
    try {
      const quiz = await startQuiz(id, provider);
      if (mine !== generation) return;
      update(id, (e) => ({
        quizState: quizStateOf(quiz),
        quiz: { ...e.quiz, status: 'ready', quiz, error: null },
      }));
    } catch (error) {
      if (mine !== generation) return;
      updateQuiz(id, () => ({
        status: 'failed',
        error: toLearningError(error, LEARNING_FAILURES.quiz),
      }));
    }
  };

  return {
    entries: {},

    load: async (id) => {
      const status = entry(id).recordStatus;
      if (status === 'loading' || status === 'ready') return;
      const mine = generation;
      update(id, () => ({ recordStatus: 'loading', recordError: null }));
      try {
        const record = await getExplanationRecord(id);
        if (mine !== generation) return;
        update(id, (e) => ({
          recordStatus: 'ready',
          suggestedQuestions: record.suggestedQuestions,
          // Answers that arrived while the record loaded are kept after the saved ones.
          followUps: mergeById(record.followUps, e.followUps, (f) => f.followUpId),
          reExplanations: mergeById(record.reExplanations, e.reExplanations, reExplanationKey),
          quizState: e.quiz.quiz ? e.quizState : (record.quiz ?? null),
        }));
        if (record.quiz && entry(id).quiz.status === 'idle') await fetchQuiz(id);
      } catch (error) {
        if (mine !== generation) return;
        update(id, () => ({
          recordStatus: 'failed',
          recordError: toLearningError(error, LEARNING_FAILURES.record),
        }));
      }
    },

    ask: async (id, question, provider) => {
      if (entry(id).pending) return false;
      const mine = generation;
      const controller = new AbortController();
      streams.add(controller);
      update(id, () => ({ pending: { question, text: '' }, followUpError: null }));
      try {
        const followUp = await askFollowUp(
          provider ? { explanationId: id, question, provider } : { explanationId: id, question },
          {
            signal: controller.signal,
            onDelta: (text) => {
              if (mine !== generation) return;
              update(id, (e) => ({
                pending: e.pending ? { ...e.pending, text: e.pending.text + text } : null,
              }));
            },
          },
        );
        if (mine !== generation) return false;
        update(id, (e) => ({
          pending: null,
          // The same question again comes back as the same follow-up, free: shown once.
          followUps: [...e.followUps.filter((f) => f.followUpId !== followUp.followUpId), followUp],
        }));
        return true;
      } catch (error) {
        if (mine !== generation) return false;
        update(id, () => ({
          pending: null,
          followUpError: { ...toLearningError(error, LEARNING_FAILURES.followUp), question },
        }));
        return false;
      } finally {
        streams.delete(controller);
      }
    },

    startQuiz: async (id, provider) => {
      const status = entry(id).quiz.status;
      if (status === 'loading' || status === 'ready') return;
      await fetchQuiz(id, provider);
    },

    answer: async (id, questionId, choice) => {
      const { quiz } = entry(id).quiz;
      if (!quiz || entry(id).quiz.checking) return;
      const mine = generation;
      updateQuiz(id, () => ({ checking: questionId, answerError: null }));
      try {
        const result = await answerQuestion(quiz.quizId, { questionId, choice });
        if (mine !== generation) return;
        update(id, (e) => {
          const current = e.quiz.quiz;
          if (!current) return {};
          const next: Quiz = {
            ...current,
            questions: current.questions.map((q) =>
              q.questionId === questionId ? { ...q, answer: { ...result, choice } } : q,
            ),
          };
          return {
            quizState: quizStateOf(next),
            quiz: { ...e.quiz, quiz: next, checking: null },
          };
        });
      } catch (error) {
        if (mine !== generation) return;
        const failure = toLearningError(error, LEARNING_FAILURES.answer);
        updateQuiz(id, () => ({ checking: null, answerError: failure }));
        // Answered already (another tab): the quiz, asked again, carries that answer.
        if (failure.kind === 'alreadyAnswered') {
          const fresh = await startQuiz(id).catch(() => null);
          if (fresh && mine === generation) {
            update(id, (e) => ({
              quizState: quizStateOf(fresh),
              quiz: { ...e.quiz, quiz: fresh, answerError: null },
            }));
          }
        }
      }
    },

    reExplain: async (id, section, provider) => {
      if (entry(id).retelling[section]?.status === 'loading') return;
      const mine = generation;
      update(id, (e) => ({
        retelling: { ...e.retelling, [section]: { status: 'loading', error: null } },
      }));
      try {
        const retold = await reExplainSection(
          provider ? { explanationId: id, section, provider } : { explanationId: id, section },
        );
        if (mine !== generation) return;
        update(id, (e) => {
          const { [section]: _done, ...rest } = e.retelling;
          return { retelling: rest, reExplanations: [...e.reExplanations, retold] };
        });
      } catch (error) {
        if (mine !== generation) return;
        const failure = toLearningError(error, LEARNING_FAILURES.reExplain);
        update(id, (e) => ({
          retelling: { ...e.retelling, [section]: { status: 'failed', error: failure } },
        }));
      }
    },

    clear: () => {
      generation += 1;
      for (const controller of streams) controller.abort();
      streams.clear();
      set({ entries: {} });
    },
  };
});

/** One record's learning state; a record not seen yet reads as empty. */
export function useLearningEntry(explanationId: string): LearningEntry {
  return useLearningStore((s) => s.entries[explanationId] ?? EMPTY_ENTRY);
}

onSignOut(() => useLearningStore.getState().clear());
