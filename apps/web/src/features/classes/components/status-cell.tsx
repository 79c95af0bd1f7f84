import type { ConceptProgress } from '@grasp/contract';
import { quizText, STATUS_LOOK } from '../lib/status.ts';

/** One concept's progress: a coloured chip with its status in words and the quiz score. */
export function StatusChip({
  progress,
  compact = false,
}: {
  progress: ConceptProgress;
  compact?: boolean;
}) {
  const look = STATUS_LOOK[progress.status];
  const quiz = quizText(progress);
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium whitespace-nowrap ${look.className}`}
    >
      <span aria-hidden="true">{look.mark}</span>
      <span className={compact ? 'sr-only sm:not-sr-only' : ''}>{look.label}</span>
      {quiz ? (
        <span className="font-semibold">
          <span className="sr-only">, quiz </span>
          <span aria-hidden="true">·</span> {quiz}
        </span>
      ) : null}
    </span>
  );
}
