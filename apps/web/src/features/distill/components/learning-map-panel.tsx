import { CONCEPT_STATUSES } from '@grasp/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { DistilledConcept, Prerequisite } from '../stores/distill-store.ts';
import { STATUS_LOOKS } from './concept-status.tsx';

const LearningMap = lazy(() => import('./learning-map.tsx'));

/** True once the element comes near the viewport: React Flow loads only for a map in sight. */
function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        setSeen(true);
        observer.disconnect();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, seen };
}

/** The learning map beside the concept list, with its legend (status by colour, icon and word). */
export function LearningMapPanel({
  concepts,
  prerequisites,
  onSelect,
}: {
  concepts: readonly DistilledConcept[];
  prerequisites: readonly Prerequisite[];
  onSelect: (name: string) => void;
}) {
  const { ref, seen } = useSeen<HTMLDivElement>();
  const waiting = (
    <p className="flex h-full items-center justify-center text-sm text-slate-600 dark:text-slate-400">
      Loading the map…
    </p>
  );
  return (
    <section
      aria-labelledby="learning-map-title"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <h2 id="learning-map-title" className="text-lg font-semibold">
          Learning map
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Foundations on top; each arrow leads from a concept to one that builds on it. Click a
          concept to explain it.
        </p>
      </div>
      <div
        ref={ref}
        className="h-80 overflow-hidden rounded-xl border border-slate-200 sm:h-96 xl:h-[28rem] dark:border-slate-800"
      >
        {seen ? (
          <Suspense fallback={waiting}>
            <LearningMap concepts={concepts} prerequisites={prerequisites} onSelect={onSelect} />
          </Suspense>
        ) : (
          waiting
        )}
      </div>
      <ul aria-label="Legend" className="flex flex-wrap gap-2">
        {CONCEPT_STATUSES.map((status) => {
          const look = STATUS_LOOKS[status];
          return (
            <li
              key={status}
              className={`inline-flex items-center gap-1.5 rounded-full border-2 px-2.5 py-0.5 text-xs font-medium ${look.node}`}
            >
              <span aria-hidden="true">{look.icon}</span>
              {look.label}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
