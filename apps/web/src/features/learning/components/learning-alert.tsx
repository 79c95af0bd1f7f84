import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import type { LearningError } from '../lib/learning-errors.ts';
import { useLearningHost } from './learning-host.ts';

/**
 * The learning UI's one error component. A learning call that failed, with the way forward: Upgrade Plan when units ran out (as the
 * result view does), the AI provider choice when the offline dictionary cannot help (Try again
 * then asks the one chosen), else Try again.
 */
export function LearningAlert({
  error: given,
  onRetry,
}: {
  /** A message alone is a plain failure (the recaps' calls). */
  error: LearningError | string;
  onRetry?: () => void;
}) {
  const error: LearningError =
    typeof given === 'string' ? { kind: 'general', message: given } : given;
  const navigate = useNavigate();
  const { chooseProvider } = useLearningHost();
  const retry = onRetry && error.kind !== 'unitsExhausted';
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm dark:border-red-900 dark:bg-red-950/40"
    >
      <p className="font-medium text-red-800 dark:text-red-200">{error.message}</p>
      <div className="mt-3 flex flex-wrap gap-2 empty:hidden">
        {error.kind === 'unitsExhausted' && (
          <Button onClick={() => navigate(paths.pricing)}>Upgrade Plan</Button>
        )}
        {error.kind === 'needsProvider' && chooseProvider && (
          <Button onClick={chooseProvider}>Choose an AI provider</Button>
        )}
        {retry && (
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        )}
      </div>
    </div>
  );
}
