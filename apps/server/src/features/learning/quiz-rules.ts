import { QUIZ_MAX_QUESTIONS, QUIZ_OPTION_COUNT, type QuizDraft } from '@grasp/contract';

export interface CheckedQuestion {
  section: string;
  prompt: string;
  options: string[];
  correctChoice: number;
  why: string;
}

/** The questions of a draft that keep the quiz rules of DESIGN.md §8 (placeholder). */
export function checkQuizDraft(draft: QuizDraft, sectionTitles: string[]): CheckedQuestion[] {
  const titles = new Map(sectionTitles.map((t) => [t.trim().toLowerCase(), t]));
  return draft.questions
    .flatMap((q) => {
      const section = titles.get(q.section.trim().toLowerCase());
      const options = q.options.map((o) => o.trim());
      const distinct = new Set(options.map((o) => o.toLowerCase())).size === QUIZ_OPTION_COUNT;
      const valid =
        section !== undefined &&
        options.length === QUIZ_OPTION_COUNT &&
        distinct &&
        Number.isInteger(q.correctChoice) &&
        q.correctChoice >= 0 &&
        q.correctChoice < QUIZ_OPTION_COUNT;
      if (!valid) return [];
      return [
        {
          section,
          prompt: q.prompt.trim(),
          options,
          correctChoice: q.correctChoice,
          why: q.why.trim(),
        },
      ];
    })
    .slice(0, QUIZ_MAX_QUESTIONS);
}
