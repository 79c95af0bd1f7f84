export function Spinner({
  label = 'Loading',
  className = 'h-6 w-6',
}: {
  label?: string;
  className?: string;
}) {
  return (
    <span role="status" className="inline-flex items-center">
      <span
        aria-hidden="true"
        className={`${className} animate-spin rounded-full border-2 border-current border-t-transparent`}
      />
      <span className="sr-only">{label}</span>
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
