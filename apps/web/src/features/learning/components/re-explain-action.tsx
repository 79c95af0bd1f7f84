import { type MouseEvent, type Ref, type RefObject, useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { sectionAnchorId, showSection } from '../lib/section-anchor.ts';
import { sameSection, useLearningEntry, useLearningStore } from '../stores/learning-store.ts';
import { LearningIcon } from './icons.tsx';
import { LearningAlert } from './learning-alert.tsx';
import { useLearningHost } from './learning-host.ts';

/** A link to a section's card; it scrolls there and moves focus to the card. */
export function SectionLink({
  section,
  children,
  ref,
}: {
  section: string;
  children: string;
  ref?: Ref<HTMLAnchorElement>;
}) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    showSection(section);
  };
  return (
    <a
      ref={ref}
      href={`#${sectionAnchorId(section)}`}
      onClick={follow}
      className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
    >
      {children}
    </a>
  );
}

/**
 * "Explain this part another way" for a missed question's section. The new telling appears in
 * that section's card, which is then marked Revisited; this links to it. One unit.
 */
export function ReExplainAction({
  explanationId,
  section,
  linked = true,
}: {
  explanationId: string;
  section: string;
  /** Whether to link to the card once retold; false where a link to it is already beside. */
  linked?: boolean;
}) {
  const entry = useLearningEntry(explanationId);
  const reExplain = useLearningStore((s) => s.reExplain);
  const { provider } = useLearningHost();
  const retell = () => void reExplain(explanationId, section, provider?.());
  const retold = entry.reExplanations.some((r) => sameSection(r.section, section));
  const state = Object.entries(entry.retelling).find(([title]) => sameSection(title, section))?.[1];
  // The button leaves once the part is retold: focus, if it was there, goes on to what replaces
  // it (the link to the card, or the note), never to the page's body.
  const button = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLElement>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    if (retold && hadFocus.current) next.current?.focus();
  }, [retold]);
  const retellHere = () => {
    hadFocus.current = document.activeElement === button.current;
    if (state?.status !== 'loading') retell();
  };

  if (retold && !linked) {
    return (
      <p
        ref={next as RefObject<HTMLParagraphElement | null>}
        tabIndex={-1}
        className="inline-flex items-center gap-1 rounded-md bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/60 dark:text-amber-100"
      >
        <LearningIcon name="refresh" className="h-3 w-3" />
        Revisited: explained another way in its card
      </p>
    );
  }
  if (retold) {
    return (
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700 dark:text-slate-300">
        <LearningIcon name="refresh" className="h-4 w-4 text-amber-700 dark:text-amber-300" />
        Explained another way in its card.
        <SectionLink section={section} ref={next as RefObject<HTMLAnchorElement | null>}>
          {`Go to “${section}”`}
        </SectionLink>
      </p>
    );
  }
  const loading = state?.status === 'loading';
  return (
    <div className="space-y-2">
      {/* Not disabled while loading: a disabled button drops the keyboard's focus. */}
      <Button
        ref={button}
        variant="secondary"
        aria-disabled={loading || undefined}
        onClick={retellHere}
      >
        <LearningIcon name="refresh" />
        {loading ? 'Explaining another way…' : 'Explain this part another way'}
      </Button>
      {state?.status === 'failed' && state.error && (
        <LearningAlert error={state.error} onRetry={retellHere} />
      )}
    </div>
  );
}
