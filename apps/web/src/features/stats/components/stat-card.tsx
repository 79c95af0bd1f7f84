import type { ReactNode } from 'react';
import { StrokeIcon } from '../../../components/ui/stroke-icon.tsx';

interface StatCardProps {
  label: string;
  value: ReactNode;
  note: ReactNode;
  accent: string;
  icon: string;
}

/** One figure of the user dashboard; the label names it for screen readers too. */
export function StatCard({ label, value, note, accent, icon }: StatCardProps) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</h2>
        <span className={`inline-flex h-9 w-9 items-center justify-center rounded-lg ${accent}`}>
          <StrokeIcon d={icon} />
        </span>
      </div>
      <p className="mt-3 text-3xl font-bold tracking-tight">{value}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{note}</p>
    </li>
  );
}

export const STAT_ICONS = {
  messages: 'M4 5h16v11H8l-4 4zM8 9h8M8 12h5',
  units: 'M12 3l8 4.5v9L12 21l-8-4.5v-9zM12 12l8-4.5M12 12v9M12 12L4 7.5',
  streak: 'M12 3c1 4 5 5 5 10a5 5 0 0 1-10 0c0-2 1-3.5 2-4.5.5 2 1.5 3 3 3-1-3 0-6 0-8.5z',
} as const;
