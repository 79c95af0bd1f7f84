import { explanationProviderLabel, RESULT_LOADING_ROTATION_MS } from '@grasp/contract';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useRotatingIndex } from '../hooks/use-rotating-index.ts';
import type { ExplainError } from '../lib/explain-errors.ts';

export const LOADING_MESSAGES = [
  'Gathering the key ideas…',
  'Structuring your two-minute explanation…',
  'Finding a helpful analogy…',
  'Timing each section…',
  'Picking related concepts…',
] as const;

export function ResultLoading({
  query,
  provider,
  fromMaterial = false,
}: {
  query: string;
  provider: string | null;
  /** Grounded in the learner's material (the offline label then says so). */
  fromMaterial?: boolean;
}) {
  const index = useRotatingIndex(LOADING_MESSAGES.length, RESULT_LOADING_ROTATION_MS, true);
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-12 text-center dark:border-slate-800 dark:bg-slate-900"
    >
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-indigo-600 border-t-transparent dark:border-indigo-400 dark:border-t-transparent"
      />
      <p className="font-medium text-slate-900 dark:text-slate-100">{LOADING_MESSAGES[index]}</p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Explaining “{query}” with {explanationProviderLabel(provider ?? '', fromMaterial)}
      </p>
    </div>
  );
}

/** The error states of SPEC.md §8; units and premium refusals offer the upgrade. */
export function ResultError({ error, onRetry }: { error: ExplainError; onRetry: () => void }) {
  const navigate = useNavigate();
  const upgrade = error.kind === 'unitsExhausted' || error.kind === 'premium';
  return (
    <div
      role="alert"
      className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center dark:border-red-900 dark:bg-red-950/40"
    >
      <p className="font-medium text-red-800 dark:text-red-200">{error.message}</p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        {upgrade && <Button onClick={() => navigate(paths.pricing)}>Upgrade Plan</Button>}
        <Button variant="secondary" onClick={onRetry}>
          Try Again
        </Button>
      </div>
    </div>
  );
}
