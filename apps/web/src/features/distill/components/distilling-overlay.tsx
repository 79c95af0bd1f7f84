import { DISTILLER_LOADING_ROTATION_MS } from '@grasp/contract';
import { useEffect, useMemo, useRef } from 'react';
import { buttonClass } from '../../../components/ui/button.tsx';
import { useRotatingIndex } from '../../explain/hooks/use-rotating-index.ts';

export const DISTILLING_MESSAGES = [
  'Reading your subject closely…',
  'Finding the ideas it is built from…',
  'Putting the foundations first…',
  'Separating the big ideas from the details…',
  'Checking each concept stands on its own…',
  'Ordering concepts from basic to advanced…',
] as const;

/** A fresh random order per overlay, so the rotation never repeats a message back to back. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    const a = copy[i];
    const b = copy[j];
    if (a === undefined || b === undefined) continue;
    copy[i] = b;
    copy[j] = a;
  }
  return copy;
}

/** Full-screen progress while a subject is distilled (SPEC.md §2: messages change every 3 s). */
export function DistillingOverlay({
  subject,
  onCancel,
}: {
  subject: string;
  onCancel: () => void;
}) {
  const messages = useMemo(() => shuffled(DISTILLING_MESSAGES), []);
  const index = useRotatingIndex(messages.length, DISTILLER_LOADING_ROTATION_MS, true);
  const cancelRef = useRef<HTMLButtonElement>(null);

  // The Distill button is disabled under the overlay; keyboard focus moves to Cancel.
  useEffect(() => cancelRef.current?.focus(), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onCancel]);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 px-4 backdrop-blur-sm">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-xl dark:border-slate-700 dark:bg-slate-900">
        <div role="status" aria-live="polite" className="flex flex-col items-center gap-4">
          <span
            aria-hidden="true"
            className="h-12 w-12 animate-spin rounded-full border-4 border-indigo-600 border-t-transparent dark:border-indigo-400 dark:border-t-transparent"
          />
          <p className="text-lg font-semibold text-slate-900 dark:text-slate-100">
            {messages[index]}
          </p>
          <p className="text-sm break-words text-slate-600 dark:text-slate-400">
            Distilling “{subject}”
          </p>
        </div>
        <button
          ref={cancelRef}
          type="button"
          onClick={onCancel}
          className={`${buttonClass('secondary')} mt-6`}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
