import { type ReactNode, useId } from 'react';
import { LearningIcon, type LearningIconName } from './icons.tsx';

/** A card of the learning loop under an explanation: the follow-ups, the quiz. */
export function LearningCard({
  icon,
  title,
  children,
}: {
  icon: LearningIconName;
  title: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3
        id={titleId}
        className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-slate-100"
      >
        <LearningIcon name={icon} className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />
        {title}
      </h3>
      {children}
    </section>
  );
}
