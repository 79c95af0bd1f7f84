import type { FollowUp } from '@grasp/contract';
import { MarkdownText } from '../../../components/markdown/markdown-text.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { PendingFollowUp } from '../stores/learning-store.ts';

function Question({ children }: { children: string }) {
  return (
    <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-indigo-600 px-3 py-2 text-sm break-words whitespace-pre-wrap text-white">
      <span className="sr-only">You asked: </span>
      {children}
    </p>
  );
}

function Answer({ children, busy = false }: { children: string; busy?: boolean }) {
  return (
    <div
      aria-busy={busy}
      className="mt-2 max-w-[95%] rounded-2xl rounded-bl-sm border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-200"
    >
      <span className="sr-only">Answer: </span>
      {children ? (
        <MarkdownText>{children}</MarkdownText>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Spinner className="h-3 w-3">Thinking…</Spinner>
        </p>
      )}
    </div>
  );
}

/** The questions asked about this explanation and their answers, the newest last. */
export function FollowUpThread({
  followUps,
  pending,
}: {
  followUps: readonly FollowUp[];
  pending: PendingFollowUp | null;
}) {
  if (followUps.length === 0 && !pending) return null;
  return (
    <ol aria-label="Follow-up questions and answers" className="space-y-4">
      {followUps.map((followUp) => (
        <li key={followUp.followUpId}>
          <Question>{followUp.question}</Question>
          <Answer>{followUp.answer}</Answer>
        </li>
      ))}
      {pending && (
        <li>
          <Question>{pending.question}</Question>
          <Answer busy>{pending.text}</Answer>
        </li>
      )}
    </ol>
  );
}
