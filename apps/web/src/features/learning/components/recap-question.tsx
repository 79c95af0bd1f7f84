import type { RecapQuestion as Question } from '@grasp/contract';
import { type RefObject, useState } from 'react';
import { AnswerChoices, type AnswerVerdict } from './answer-choices.tsx';

export interface QuestionResult extends AnswerVerdict {
  why: string;
}

/** One quiz question inside a recap (its keys are AnswerChoices'), then the verdict and why. */
export function RecapQuestion({
  question,
  result,
  pending,
  note,
  onChoose,
  promptRef,
}: {
  question: Question;
  result: QuestionResult | null;
  pending: boolean;
  /** Why the question has no verdict (answered in another tab, or the call failed). */
  note: string | null;
  onChoose: (choice: number) => void;
  promptRef: RefObject<HTMLParagraphElement | null>;
}) {
  const [choice, setChoice] = useState<number | null>(null);
  return (
    <section aria-label="Check yourself" className="space-y-3">
      <h3 className="text-xs font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
        Check yourself · {question.section}
      </h3>
      <AnswerChoices
        prompt={question.prompt}
        options={question.options}
        choice={result?.choice ?? choice}
        verdict={result}
        checking={pending}
        promptRef={promptRef}
        onChoose={setChoice}
        onCheck={onChoose}
        feedback={
          result && (
            <p
              className={`rounded-xl px-4 py-3 text-sm ${
                result.correct
                  ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100'
                  : 'bg-red-50 text-red-900 dark:bg-red-950/60 dark:text-red-100'
              }`}
            >
              <strong>{result.correct ? 'Right.' : 'Not quite.'}</strong> {result.why}
            </p>
          )
        }
      >
        {note && (
          <p aria-live="polite" className="text-sm text-slate-600 dark:text-slate-300">
            {note}
          </p>
        )}
      </AnswerChoices>
    </section>
  );
}
