import { type ReactNode, use, useEffect, useRef, useState } from 'react';
import { conceptCardId } from './components/concept-card.tsx';
import { ConceptList } from './components/concept-list.tsx';
import { DistillAlert } from './components/distill-alert.tsx';
import { DistillingOverlay } from './components/distilling-overlay.tsx';
import { LearningMapPanel } from './components/learning-map-panel.tsx';
import { SubjectForm } from './components/subject-form.tsx';
import { DistillActionsContext } from './distill-actions.ts';
import { type DistillState, useDistillStore } from './stores/distill-store.ts';

/** /distiller: break a subject into concepts and explain each one inline (SPEC.md §2). */
export function DistillerPage({
  materialArea,
}: {
  /** The learner's own material to distil instead (the app composes the materials feature in). */
  materialArea?: (state: DistillState) => ReactNode;
} = {}) {
  const state = useDistillStore();
  const { subject, material, distilling, error, concepts, prerequisites, openConcept } = state;
  const Actions = use(DistillActionsContext);
  const { distill, cancel, explain, toggleOpen, show, clearError } = useDistillStore.getState();
  const [text, setText] = useState(subject);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const wasDistilling = useRef(false);

  // When the overlay closes, focus goes where the news is: the results, the error or the field.
  useEffect(() => {
    if (wasDistilling.current && !distilling) {
      const target = error ? alertRef.current : headingRef.current;
      (target ?? inputRef.current)?.focus();
    }
    wasDistilling.current = distilling;
  }, [distilling, error]);

  const validation = error?.kind === 'validation' ? error.message : null;

  /** A click on the map: explains the concept as its card would, and brings the card into view. */
  const showFromMap = (name: string) => {
    show(name);
    const index = concepts.findIndex((c) => c.name === name);
    document.getElementById(conceptCardId(index))?.scrollIntoView?.({ block: 'start' });
  };

  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="mb-6 text-3xl font-bold tracking-tight">Concept Distiller</h1>
      <div className="space-y-8">
        <p className="max-w-3xl text-slate-600 dark:text-slate-400">
          Type a subject or a statement. Grasp breaks it into the smaller concepts it is built from,
          foundational first, and explains each one in about two minutes.
        </p>
        <SubjectForm
          value={text}
          onChange={(value) => {
            setText(value);
            if (validation) clearError();
          }}
          onSubmit={() => void distill(text)}
          disabled={distilling}
          error={validation}
          inputRef={inputRef}
        />
        {materialArea?.(state)}
        {error && error.kind !== 'validation' && <DistillAlert error={error} alertRef={alertRef} />}
        {Actions && concepts.length > 0 && (
          <Actions subject={subject} concepts={concepts.map((c) => c.name)} />
        )}
        {concepts.length > 0 && (
          <div className="grid grid-cols-1 gap-8 xl:grid-cols-[minmax(0,1fr)_28rem] xl:items-start">
            <ConceptList
              subject={subject}
              fromMaterial={material !== null}
              concepts={concepts}
              prerequisites={prerequisites}
              openConcept={openConcept}
              onExplain={(name, fresh) => void explain(name, fresh)}
              onToggleOpen={toggleOpen}
              headingRef={headingRef}
            />
            <div className="xl:sticky xl:top-20">
              <LearningMapPanel
                concepts={concepts}
                prerequisites={prerequisites}
                onSelect={showFromMap}
              />
            </div>
          </div>
        )}
      </div>
      {distilling && (
        <DistillingOverlay subject={material?.title ?? text.trim()} onCancel={cancel} />
      )}
    </main>
  );
}
