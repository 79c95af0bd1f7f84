import type { RefObject } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import type { DistillError } from '../lib/distill-errors.ts';

/** A failed distillation (SPEC.md §8); exhausted units offer the upgrade. */
export function DistillAlert({
  error,
  alertRef,
}: {
  error: DistillError;
  alertRef?: RefObject<HTMLDivElement | null>;
}) {
  const navigate = useNavigate();
  return (
    <div
      ref={alertRef}
      role="alert"
      tabIndex={-1}
      className="rounded-2xl border border-red-200 bg-red-50 p-5 focus:outline-none dark:border-red-900 dark:bg-red-950/40"
    >
      <p className="font-medium text-red-800 dark:text-red-200">{error.message}</p>
      {error.detail && error.detail !== error.message && (
        <p className="mt-1 text-sm text-red-700 dark:text-red-300">{error.detail}</p>
      )}
      {error.kind === 'unitsExhausted' && (
        <Button className="mt-4" onClick={() => navigate(paths.pricing)}>
          Upgrade Plan
        </Button>
      )}
    </div>
  );
}
