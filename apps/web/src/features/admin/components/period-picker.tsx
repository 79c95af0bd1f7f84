export const PERIODS = [7, 30, 90] as const;

/** 7, 30 or 90 days: a group of toggle buttons, the chosen one pressed. */
export function PeriodPicker({
  days,
  onChange,
}: {
  days: number;
  onChange: (days: number) => void;
}) {
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">Period</legend>
      <div className="inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-700">
        {PERIODS.map((n) => (
          <button
            key={n}
            type="button"
            aria-pressed={days === n}
            onClick={() => onChange(n)}
            className={`rounded-md px-3 py-1.5 text-sm font-semibold ${
              days === n
                ? 'bg-indigo-600 text-white'
                : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
            }`}
          >
            {n} days
          </button>
        ))}
      </div>
    </fieldset>
  );
}
