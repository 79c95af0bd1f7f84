import { type ReactNode, useCallback, useId, useRef } from 'react';
import { MenuIcon } from './nav-icons.tsx';

export const iconButtonClass =
  'inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800';

/**
 * The collapsible menu of small screens (SPEC.md §2): a button and a popover panel under the
 * header. The browser opens and closes it (an outside click, Escape) and tells assistive
 * technology whether it is open, so it works on a public page before the app has started.
 * Entries get `close` so following one folds the menu away.
 */
export function MobileMenu({
  children,
  extra,
}: {
  children: (close: () => void) => ReactNode;
  /** Actions under the entries, outside the navigation landmark (e.g. Upgrade to Pro). */
  extra?: (close: () => void) => ReactNode;
}) {
  const panelId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => {
    if (panelRef.current?.matches(':popover-open')) panelRef.current.hidePopover();
  }, []);
  return (
    <div className="group md:hidden">
      <button type="button" popoverTarget={panelId} aria-label="Menu" className={iconButtonClass}>
        <MenuIcon />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        popover="auto"
        className="fixed inset-x-0 top-16 bottom-auto m-0 h-auto w-full border-b border-slate-200 bg-white px-4 pt-2 pb-4 text-slate-900 shadow-lg dark:border-slate-800 dark:bg-slate-950 dark:text-slate-100"
      >
        <nav aria-label="Main" className="flex flex-col gap-1">
          {children(close)}
        </nav>
        {extra?.(close)}
      </div>
    </div>
  );
}

/** Classes of one entry, in the bar (`inline`) or in the mobile panel. */
export function navEntryClass(active: boolean, inline: boolean): string {
  const shape = inline ? 'rounded-lg px-3 py-2 text-sm' : 'rounded-lg px-3 py-2.5 text-base';
  const tone = active
    ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200'
    : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';
  return `${shape} font-medium whitespace-nowrap ${tone}`;
}
