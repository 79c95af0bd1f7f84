import { QUIZ_MIN_QUESTIONS, TEMPLATE_IDS } from '@grasp/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { offlineExplanation } from '../../test/offline-explanation.ts';
import { createOfflineProvider } from '../explain/providers/offline/offline-provider.ts';
import { createWordNet } from '../explain/providers/offline/wordnet.ts';
import { checkQuizDraft, correctOptionInSection } from './quiz-rules.ts';

const wordnet = createWordNet();
const provider = createOfflineProvider({ wordnet });
afterAll(() => wordnet.close());

describe('offline quizzes under the server’s rules', () => {
  it.each(['gravity', 'photosynthesis', 'democracy', 'renaissance', 'glacier'])(
    'keeps every question of %s in every style, each correct option in its section',
    async (query) => {
      for (const template of TEMPLATE_IDS) {
        const { explanation } = await offlineExplanation(provider, query, template, 'intermediate');
        const draft = await provider.quiz({ explanation, signal: new AbortController().signal });
        const kept = checkQuizDraft(
          draft,
          explanation.sections.map((s) => s.title),
        );
        expect(kept, template).toHaveLength(draft.questions.length);
        expect(kept.length, template).toBeGreaterThanOrEqual(QUIZ_MIN_QUESTIONS);
        for (const question of kept) {
          const section = explanation.sections.find((s) => s.title === question.section);
          expect(correctOptionInSection(question, section?.content ?? ''), question.prompt).toBe(
            true,
          );
        }
      }
    },
  );
});
