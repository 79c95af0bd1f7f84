import { QUIZ_MAX_QUESTIONS, QUIZ_OPTION_COUNT, type QuizDraft, queryKey } from '@grasp/contract';

// Case and spacing never make two options, prompts or section titles different to a reader:
// they are compared by the contract's queryKey, as re-explain finds a section.

/** A quiz question that passed the rules of DESIGN.md §8, its strings trimmed. */
export interface CheckedQuestion {
  /** The section's title exactly as the explanation shows it. */
  section: string;
  prompt: string;
  options: string[];
  correctChoice: number;
  why: string;
}

type DraftQuestion = QuizDraft['questions'][number];

function checkQuestion(
  question: DraftQuestion,
  titles: ReadonlyMap<string, string>,
): CheckedQuestion | undefined {
  const prompt = question.prompt.trim();
  const why = question.why.trim();
  const options = question.options.map((option) => option.trim());
  const section = titles.get(queryKey(question.section));
  const { correctChoice } = question;
  if (!prompt || !why || section === undefined) return undefined;
  if (options.length !== QUIZ_OPTION_COUNT || options.some((option) => !option)) return undefined;
  if (new Set(options.map(queryKey)).size !== options.length) return undefined;
  if (!Number.isInteger(correctChoice) || correctChoice < 0 || correctChoice >= options.length) {
    return undefined;
  }
  return { section, prompt, options, correctChoice, why };
}

/**
 * Keeps the questions of a provider's quiz that a learner can fairly answer: four distinct
 * options, one correct, a prompt, a why, and a section the explanation really has. Any
 * provider's draft goes through here; fewer than QUIZ_MIN_QUESTIONS kept means no quiz.
 */
export function checkQuizDraft(draft: QuizDraft, sectionTitles: string[]): CheckedQuestion[] {
  const titles = new Map<string, string>();
  for (const title of sectionTitles) {
    // The first of two equal titles wins, so the answer does not depend on map order.
    if (!titles.has(queryKey(title))) titles.set(queryKey(title), title);
  }
  const kept: CheckedQuestion[] = [];
  const prompts = new Set<string>();
  for (const question of draft.questions) {
    const checked = checkQuestion(question, titles);
    if (!checked || prompts.has(queryKey(checked.prompt))) continue;
    prompts.add(queryKey(checked.prompt));
    kept.push(checked);
    if (kept.length === QUIZ_MAX_QUESTIONS) break;
  }
  return kept;
}

/** Markdown emphasis and code marks are not part of what a reader reads. */
function plain(text: string): string {
  return queryKey(text.replace(/\*\*|__|[*_`]|~~/g, ''));
}

/** Whether a question's correct option is written in its section: the bench's grounding check. */
export function correctOptionInSection(
  question: Pick<CheckedQuestion, 'options' | 'correctChoice'>,
  sectionContent: string,
): boolean {
  const correct = question.options[question.correctChoice];
  if (correct === undefined || !plain(correct)) return false;
  return plain(sectionContent).includes(plain(correct));
}
