import type { RecapQuestion } from '@grasp/contract';

export interface QuizQuestionWithAnswer {
  questionId: string;
  section: string;
  prompt: string;
  options: string[];
  correctChoice: number;
  why: string;
}

export interface GivenAnswer {
  choice: number;
  correct: boolean;
}

/**
 * The quiz question a recap asks: a fresh one, i.e. not answered yet, else one answered wrong,
 * else any; `turn` (the card's review count) moves on to another question of the same kind at
 * each recap. An answered question carries its solution (the caller has seen it already), so
 * the recap grades it; an unanswered one is answered through the quiz endpoint.
 */
export function recapQuestion(
  questions: readonly QuizQuestionWithAnswer[],
  answers: ReadonlyMap<string, GivenAnswer>,
  quizId: string | undefined,
  turn: number,
): RecapQuestion | undefined {
  const unanswered = questions.filter((q) => !answers.has(q.questionId));
  const wrong = questions.filter((q) => answers.get(q.questionId)?.correct === false);
  const pool = [unanswered, wrong, questions].find((group) => group.length > 0);
  const question = pool?.[turn % pool.length];
  if (!question) return undefined;
  const shown: RecapQuestion = {
    ...(quizId ? { quizId } : {}),
    questionId: question.questionId,
    section: question.section,
    prompt: question.prompt,
    options: question.options,
  };
  const given = answers.get(question.questionId);
  if (!given) return shown;
  return {
    ...shown,
    reveal: {
      correctChoice: question.correctChoice,
      why: question.why,
      earlierChoice: given.choice,
    },
  };
}
