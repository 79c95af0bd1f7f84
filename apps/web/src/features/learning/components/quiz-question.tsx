import type { QuizQuestion as Question } from '@grasp/contract';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { CitedText } from '../../../components/explanation/sources.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import type { LearningError } from '../lib/learning-errors.ts';
import { LearningIcon } from './icons.tsx';
import { LearningAlert } from './learning-alert.tsx';
import { ReExplainAction } from './re-explain-action.tsx';

function optionClass(correct: boolean, wrongPick: boolean): string {
  if (correct) {
    return 'border-emerald-500 bg-emerald-50 dark:border-emerald-500 dark:bg-emerald-950/50';
  }
  if (wrongPick) return 'border-red-500 bg-red-50 dark:border-red-500 dark:bg-red-950/50';
  return 'border-slate-200 hover:border-indigo-400 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 dark:border-slate-700 dark:hover:border-indigo-500 dark:has-[:checked]:bg-indigo-950/60';
}

/**
 * One quiz question: its options are a radio group (arrow keys move and choose, Space chooses,
 * Enter checks the focused option), then the verdict with the reason. A missed question offers
 * its section told another way.
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
  const promptId = useId();
  const name = useId();
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

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    check(choice);
  };

  const enterChooses = (event: KeyboardEvent<HTMLInputElement>, option: number) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    setChoice(option);
    check(option);
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <p className="text-xs font-medium text-slate-600 dark:text-slate-400">
        Question {position} of {total} · About “{question.section}”
      </p>
      <p id={promptId} className="font-medium break-words text-slate-900 dark:text-slate-100">
        {question.prompt}
      </p>
      <div role="radiogroup" aria-labelledby={promptId} className="space-y-2">
        {question.options.map((option, index) => {
          const correct = answer?.correctChoice === index;
          const wrongPick = answer !== undefined && !answer.correct && answer.choice === index;
          return (
            <label
              // biome-ignore lint/suspicious/noArrayIndexKey: options are fixed and may repeat words
              key={index}
              className={`flex flex-wrap items-start gap-x-3 gap-y-1 rounded-lg border px-3 py-2.5 text-sm text-slate-800 dark:text-slate-200 ${answer ? '' : 'cursor-pointer'} ${optionClass(correct, wrongPick)}`}
            >
              <input
                ref={index === 0 ? firstOption : undefined}
                type="radio"
                name={name}
                value={index}
                checked={choice === index}
                disabled={answer !== undefined}
                onChange={() => {
                  if (!checking) setChoice(index);
                }}
                onKeyDown={(event) => enterChooses(event, index)}
                className="mt-0.5 h-4 w-4 shrink-0 cursor-pointer appearance-none rounded-full border-2 border-slate-400 bg-white checked:border-[5px] checked:border-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-default dark:border-slate-500 dark:bg-slate-900 dark:checked:border-indigo-400"
              />
              <span className="min-w-0 flex-1 break-words">{option}</span>
              {correct && (
                <span className="inline-flex basis-full items-center gap-1 pl-7 text-xs font-semibold text-emerald-800 sm:basis-auto sm:pl-0 dark:text-emerald-200">
                  <LearningIcon name="check" className="h-3.5 w-3.5" />
                  Correct answer
                </span>
              )}
              {wrongPick && (
                <span className="inline-flex basis-full items-center gap-1 pl-7 text-xs font-semibold text-red-800 sm:basis-auto sm:pl-0 dark:text-red-200">
                  <LearningIcon name="cross" className="h-3.5 w-3.5" />
                  Your answer
                </span>
              )}
            </label>
          );
        })}
      </div>

      <div role="status">
        {answer && (
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
        )}
      </div>

      {error && <LearningAlert error={error} onRetry={() => check(choice)} />}
      {answer && !answer.correct && (
        <ReExplainAction explanationId={explanationId} section={question.section} />
      )}

      <div className="flex flex-wrap gap-2">
        {answer ? (
          <button ref={nextButton} type="button" onClick={onNext} className={buttonClass()}>
            {last ? 'See your score' : 'Next question'}
          </button>
        ) : (
          <Button type="submit" disabled={choice === null || checking}>
            {checking ? 'Checking…' : 'Check'}
          </Button>
        )}
      </div>
    </form>
  );
}
