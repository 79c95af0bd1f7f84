import type { ConceptStatus } from '@grasp/contract';

interface StatusLook {
  label: string;
  /** A shape that says the status without colour. */
  icon: string;
  /** The map node's colours, light and dark. */
  node: string;
  /** The legend's and the card badge's colours. */
  badge: string;
}

/** How each learning status looks, on the map, its legend and the cards alike. */
export const STATUS_LOOKS: Record<ConceptStatus, StatusLook> = {
  new: {
    label: 'New',
    icon: '○',
    node: 'border-slate-400 bg-white text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100',
    badge: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  },
  explained: {
    label: 'Explained',
    icon: '✓',
    node: 'border-sky-600 bg-sky-50 text-sky-950 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-50',
    badge: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  },
  due: {
    label: 'Recap due',
    icon: '↻',
    node: 'border-amber-600 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50',
    badge: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  },
  known: {
    label: 'Known',
    icon: '★',
    node: 'border-emerald-600 bg-emerald-50 text-emerald-950 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-50',
    badge: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  },
};

/** A status as a small badge: icon and words, never colour alone. */
export function StatusBadge({ status }: { status: ConceptStatus }) {
  const look = STATUS_LOOKS[status];
  return (
    <span
      data-testid="concept-status"
      data-status={status}
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ${look.badge}`}
    >
      <span aria-hidden="true">{look.icon}</span>
      <span className="sr-only">Status: </span>
      {look.label}
    </span>
  );
}
