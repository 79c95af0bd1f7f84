import type { RefObject } from 'react';
import type { DistilledConcept, Prerequisite } from '../stores/distill-store.ts';
import { ConceptCard } from './concept-card.tsx';

/** The distilled concepts, foundational first, as cards. */
export function ConceptList({
  subject,
  fromMaterial = false,
  concepts,
  prerequisites = [],
  openConcept,
  onExplain,
  onToggleOpen,
  headingRef,
}: {
  subject: string;
  /** The concepts came from the learner's own material, titled `subject`. */
  fromMaterial?: boolean;
  concepts: readonly DistilledConcept[];
  prerequisites?: readonly Prerequisite[];
  openConcept: string | null;
  onExplain: (name: string, fresh?: boolean) => void;
  onToggleOpen: (name: string) => void;
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <section aria-labelledby="distilled-title" className="space-y-4">
      <div>
        <h2
          id="distilled-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight break-words text-slate-900 focus:outline-none dark:text-slate-100"
        >
          Concepts in {fromMaterial ? 'your material ' : ''}“{subject}”
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {concepts.length} {concepts.length === 1 ? 'concept' : 'concepts'}, from foundational to
          advanced. Explain each in two minutes
          {fromMaterial ? ', from your own pages' : ''}.
        </p>
      </div>
      <ol className="space-y-4">
        {concepts.map((concept, index) => (
          <li key={concept.name}>
            <ConceptCard
              concept={concept}
              index={index}
              buildsOn={prerequisites.filter((p) => p.to === concept.name).map((p) => p.from)}
              open={openConcept === concept.name}
              onExplain={(fresh) => onExplain(concept.name, fresh)}
              onToggleOpen={() => onToggleOpen(concept.name)}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}
