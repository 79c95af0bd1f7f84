import { type ReactNode, useId, useState } from 'react';
import { UiIcon } from '../../../components/explanation/icons.tsx';
import type { RecentConcept } from '../stores/concept-store.ts';

const shortDateTime = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'short',
  timeStyle: 'short',
});

/**
 * The collapsible "Recently Viewed Concepts" list; an item re-runs its search. `itemAction`
 * puts a control beside an item (the share feature's "Stop sharing").
 */
export function RecentConcepts({
  items,
  onSearch,
  disabled = false,
  itemAction,
}: {
  items: readonly RecentConcept[];
  onSearch: (query: string) => void;
  disabled?: boolean;
  itemAction?: (item: RecentConcept) => ReactNode;
}) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  if (items.length === 0) return null;
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 print:hidden dark:border-slate-800 dark:bg-slate-900">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between text-left text-lg font-semibold text-slate-900 dark:text-slate-100"
        >
          Recently Viewed Concepts
          <UiIcon
            name="chevronDown"
            className={`h-5 w-5 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      <ul
        id={listId}
        hidden={!open}
        className="mt-3 divide-y divide-slate-100 dark:divide-slate-800"
      >
        {items.map((item) => (
          <li key={item.id} className="flex items-center gap-2">
            <button
              type="button"
              disabled={disabled}
              onClick={() => onSearch(item.query)}
              className="flex min-w-0 flex-1 items-center justify-between gap-3 rounded-md px-2 py-2 text-left hover:bg-slate-50 disabled:opacity-60 dark:hover:bg-slate-800"
            >
              <span className="min-w-0 truncate font-medium text-slate-800 dark:text-slate-200">
                {item.query}
              </span>
              <time
                dateTime={new Date(item.timestamp).toISOString()}
                className="shrink-0 text-xs text-slate-500 dark:text-slate-400"
              >
                {shortDateTime.format(item.timestamp)}
              </time>
            </button>
            {itemAction?.(item)}
          </li>
        ))}
      </ul>
    </section>
  );
}
