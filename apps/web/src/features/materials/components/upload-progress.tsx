import type { UploadProgress } from '../api/materials-api.ts';

/** The bar while a PDF is sent, then an indeterminate one while the server reads it. */
export function UploadProgressBar({
  progress,
  onCancel,
}: {
  progress: UploadProgress;
  onCancel?: (() => void) | undefined;
}) {
  const sending = progress.phase === 'sending';
  const label = sending ? `Uploading… ${progress.percent}%` : 'Reading your material…';
  return (
    <div className="space-y-2" aria-live="polite">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="font-medium text-slate-700 dark:text-slate-200">{label}</span>
        {onCancel && sending && (
          <button
            type="button"
            onClick={onCancel}
            className="rounded px-2 py-1 text-sm font-medium text-slate-600 underline hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-slate-300 dark:hover:text-white"
          >
            Cancel
          </button>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={sending ? 'Upload progress' : 'Reading your material'}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(sending ? { 'aria-valuenow': progress.percent } : {})}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className={`h-full rounded-full bg-indigo-600 dark:bg-indigo-400 ${sending ? 'transition-[width]' : 'w-full animate-pulse'}`}
          style={sending ? { width: `${progress.percent}%` } : undefined}
        />
      </div>
    </div>
  );
}
