import type { ReactNode } from 'react';

/**
 * The app's one spinner: a status whose label is read out. With `children` the label is shown
 * beside it (a line such as "Thinking…"); without, it is for screen readers only.
 */
export function Spinner({
  label = 'Loading',
  className = 'h-6 w-6',
  children,
}: {
  label?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className={`${className} shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent`}
      />
      {children ?? <span className="sr-only">{label}</span>}
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-indigo-600">
      <Spinner className="h-8 w-8" />
    </div>
  );
}
