import { FOLLOW_UP_MAX_LENGTH, VALIDATION_MESSAGES } from '@grasp/contract';
import { type FormEvent, type KeyboardEvent, type RefObject, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { LearningIcon } from './icons.tsx';

export const FOLLOW_UP_MESSAGES = {
  empty: VALIDATION_MESSAGES.emptyQuestion,
  tooLong: `Please keep your question to ${FOLLOW_UP_MAX_LENGTH} characters or fewer.`,
} as const;

/** The app's own message for a question that cannot be sent, or null when it can. */
export function followUpProblem(question: string): string | null {
  const length = question.trim().length;
  if (length === 0) return FOLLOW_UP_MESSAGES.empty;
  if (length > FOLLOW_UP_MAX_LENGTH) return FOLLOW_UP_MESSAGES.tooLong;
  return null;
}

/**
 * "Ask a follow-up": Enter sends, Shift+Enter starts a new line. The text stays in the box until
 * the answer has arrived, so nothing typed is lost when the call fails.
 */
export function FollowUpForm({
  busy,
  onAsk,
  fieldRef,
}: {
  busy: boolean;
  /** Resolves true once the question is answered. */
  onAsk: (question: string) => Promise<boolean>;
  /** The question box, for the section to hand focus to. */
  fieldRef?: RefObject<HTMLTextAreaElement | null>;
}) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  const length = value.trim().length;

  const send = async () => {
    if (busy) return;
    const found = followUpProblem(value);
    setProblem(found);
    if (found) return;
    const sent = value;
    if (await onAsk(sent.trim())) setValue((current) => (current === sent ? '' : current));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send();
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-2">
      <label
        htmlFor={fieldId}
        className="block text-sm font-medium text-slate-800 dark:text-slate-200"
      >
        Ask a follow-up
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <textarea
          ref={fieldRef}
          id={fieldId}
          rows={2}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (problem) setProblem(followUpProblem(event.target.value));
          }}
          onKeyDown={keyDown}
          placeholder="What would you like to know next?"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
          className="min-h-[2.75rem] w-full min-w-0 flex-1 resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-invalid:border-red-500 sm:text-sm dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400 dark:aria-invalid:border-red-400"
        />
        <Button type="submit" disabled={busy} className="shrink-0">
          <LearningIcon name="send" />
          {busy ? 'Answering…' : 'Ask'}
        </Button>
      </div>
      {problem && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      <p
        id={hintId}
        className="flex flex-wrap justify-between gap-x-4 text-xs text-slate-600 dark:text-slate-400"
      >
        <span>Enter to send, Shift+Enter for a new line. Each new question uses one unit.</span>
        <span
          className={
            length > FOLLOW_UP_MAX_LENGTH ? 'font-semibold text-red-700 dark:text-red-300' : ''
          }
        >
          {length}/{FOLLOW_UP_MAX_LENGTH}
          <span className="sr-only"> characters</span>
        </span>
      </p>
    </form>
  );
}
