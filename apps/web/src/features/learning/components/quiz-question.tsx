import type { QuizQuestion as Question } from '@grasp/contract';
import { useEffect, useRef, useState } from 'react';
import { CitedText } from '../../../components/explanation/sources.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import type { LearningError } from '../lib/learning-errors.ts';
import { AnswerChoices } from './answer-choices.tsx';
import { LearningAlert } from './learning-alert.tsx';
import { ReExplainAction } from './re-explain-action.tsx';

/**
 * One quiz question (its keys are AnswerChoices'), then the verdict with the reason. A missed
 * question offers its section told another way.
 */
export function QuizQuestion({
  explanationId,
  question,
  position,
  total,
  checking,
  error,
  autoFocus,
  onAnswer,
  onNext,
}: {
  explanationId: string;
  question: Question;
  /** 1-based. */
  position: number;
  total: number;
  checking: boolean;
  error: LearningError | null;
  /** Moves focus to the options (the learner just moved here), not on a restored quiz. */
  autoFocus: boolean;
  onAnswer: (choice: number) => void;
  onNext: () => void;
}) {
  const { answer } = question;
  const [choice, setChoice] = useState<number | null>(answer?.choice ?? null);
  const firstOption = useRef<HTMLInputElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const wasAnswered = useRef(Boolean(answer));
  const last = position === total;

  useEffect(() => {
    if (autoFocus) firstOption.current?.focus();
  }, [autoFocus]);

  // Once graded, the options are fixed: focus goes on to what comes next.
  useEffect(() => {
    if (answer && !wasAnswered.current) nextButton.current?.focus();
    wasAnswered.current = Boolean(answer);
  }, [answer]);

  const check = (picked: number | null) => {
    if (picked === null || checking || answer) return;
    onAnswer(picked);
  };

  return (
    <div className="space-y-4">
      <p className="text-xs font-medium text-slate-600 dark:text-slate-400">
        Question {position} of {total} · About “{question.section}”
      </p>
      <AnswerChoices
        prompt={question.prompt}
        options={question.options}
        choice={choice}
        verdict={answer ?? null}
        checking={checking}
        firstOptionRef={firstOption}
        onChoose={setChoice}
        onCheck={check}
        feedback={
          answer && (
            <div
              className={`rounded-lg border p-3 text-sm ${answer.correct ? 'border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950/40' : 'border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950/40'}`}
            >
              <p className="font-semibold text-slate-900 dark:text-slate-100">
                {answer.correct
                  ? 'Correct!'
                  : `Not quite. The answer is “${question.options[answer.correctChoice] ?? ''}”.`}
              </p>
              {answer.why && (
                <p className="mt-1 text-slate-700 dark:text-slate-300">
                  <CitedText text={answer.why} />
                </p>
              )}
            </div>
          )
        }
        actions={
          answer && (
            <button ref={nextButton} type="button" onClick={onNext} className={buttonClass()}>
              {last ? 'See your score' : 'Next question'}
            </button>
          )
        }
      >
        {error && <LearningAlert error={error} onRetry={() => check(choice)} />}
        {answer && !answer.correct && (
          <ReExplainAction explanationId={explanationId} section={question.section} />
        )}
      </AnswerChoices>
    </div>
  );
}
