import { type KeyboardEvent, type ReactNode, type RefObject, useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { LearningIcon } from './icons.tsx';

/** How a checked answer went: which option was picked and which one was right. */
export interface AnswerVerdict {
  choice: number;
  correct: boolean;
  correctChoice: number;
}

/** The shortcut letter of an option: A, B, C, D. */
export function optionKey(index: number): string {
  return String.fromCharCode(65 + index);
}

function optionClass(correct: boolean, wrongPick: boolean): string {
  if (correct) {
    return 'border-emerald-500 bg-emerald-50 dark:border-emerald-500 dark:bg-emerald-950/50';
  }
  if (wrongPick) return 'border-red-500 bg-red-50 dark:border-red-500 dark:bg-red-950/50';
  return 'border-slate-200 bg-white hover:border-indigo-400 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-indigo-500 dark:has-[:checked]:bg-indigo-950/60';
}

/**
 * A multiple-choice question, the same in the quiz and in a recap, with one keyboard model: the
 * options are a radio group (arrow keys move, Space chooses), Enter checks the focused option, and
 * A–D choose and check at once from anywhere in the question. Once checked, the options show the
 * right one and the learner's, and the place's own feedback follows.
 */
export function AnswerChoices({
  prompt,
  options,
  choice,
  verdict,
  checking,
  feedback,
  actions,
  children,
  promptRef,
  firstOptionRef,
  onChoose,
  onCheck,
}: {
  prompt: string;
  options: readonly string[];
  choice: number | null;
  verdict: AnswerVerdict | null;
  checking: boolean;
  /** What the verdict means here (said once it is in, in a live region). */
  feedback: ReactNode;
  /** Buttons beside Check (or in its place once checked). */
  actions?: ReactNode;
  /** Notes and errors between the verdict and the buttons. */
  children?: ReactNode;
  promptRef?: RefObject<HTMLParagraphElement | null>;
  firstOptionRef?: RefObject<HTMLInputElement | null>;
  onChoose: (choice: number) => void;
  onCheck: (choice: number) => void;
}) {
  const promptId = useId();
  const name = useId();
  const open = verdict === null;
  const lastKey = optionKey(options.length - 1);

  const check = (picked: number | null) => {
    if (picked === null || checking || !open) return;
    onChoose(picked);
    onCheck(picked);
  };

  const shortcuts = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || !open) return;
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type === 'radio') {
      event.preventDefault();
      check(Number(target.value));
      return;
    }
    const option = event.key.length === 1 ? event.key.toUpperCase().charCodeAt(0) - 65 : -1;
    if (option >= 0 && option < options.length) {
      event.preventDefault();
      check(option);
    }
  };

  return (
    // The keys are handled on the question's wrapper so they work wherever its focus is.
    // biome-ignore lint/a11y/noStaticElementInteractions: the radios and buttons inside are the controls
    <div onKeyDown={shortcuts} className="space-y-4">
      <p
        id={promptId}
        ref={promptRef}
        tabIndex={-1}
        className="font-medium break-words text-slate-900 focus:outline-none dark:text-slate-100"
      >
        {prompt}
      </p>
      <div role="radiogroup" aria-labelledby={promptId} className="space-y-2">
        {options.map((option, index) => {
          const correct = verdict?.correctChoice === index;
          const wrongPick = verdict !== null && !verdict.correct && verdict.choice === index;
          return (
            <label
              // biome-ignore lint/suspicious/noArrayIndexKey: options are fixed and may repeat words
              key={index}
              className={`flex flex-wrap items-start gap-x-3 gap-y-1 rounded-lg border px-3 py-2.5 text-sm text-slate-800 dark:text-slate-200 ${open ? 'cursor-pointer' : ''} ${optionClass(correct, wrongPick)}`}
            >
              <input
                ref={index === 0 ? firstOptionRef : undefined}
                type="radio"
                name={name}
                value={index}
                checked={choice === index}
                disabled={!open}
                aria-keyshortcuts={optionKey(index)}
                onChange={() => {
                  if (!checking) onChoose(index);
                }}
                className="mt-0.5 h-4 w-4 shrink-0 cursor-pointer appearance-none rounded-full border-2 border-slate-400 bg-white checked:border-[5px] checked:border-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-default dark:border-slate-500 dark:bg-slate-900 dark:checked:border-indigo-400"
              />
              <span
                aria-hidden="true"
                className="inline-flex h-5 w-5 shrink-0 items-center justify-center rounded border border-current font-mono text-xs text-slate-600 dark:text-slate-400"
              >
                {optionKey(index)}
              </span>
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

      <div role="status">{verdict && feedback}</div>
      {children}

      {(open || actions) && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          {open && (
            <Button
              type="button"
              disabled={choice === null || checking}
              onClick={() => check(choice)}
            >
              {checking ? 'Checking…' : 'Check'}
            </Button>
          )}
          {actions}
          {open && (
            <span className="text-sm text-slate-600 dark:text-slate-400">
              Arrow keys move, <kbd className="font-mono">Enter</kbd> checks, or press{' '}
              <kbd className="font-mono">A</kbd>–<kbd className="font-mono">{lastKey}</kbd>
            </span>
          )}
        </div>
      )}
    </div>
  );
}
