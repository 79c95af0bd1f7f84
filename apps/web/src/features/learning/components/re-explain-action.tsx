import type { MouseEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { sectionAnchorId, showSection } from '../lib/section-anchor.ts';
import { sameSection, useLearningEntry, useLearningStore } from '../stores/learning-store.ts';
import { LearningIcon } from './icons.tsx';
import { LearningAlert } from './learning-alert.tsx';
import { useLearningHost } from './learning-host.ts';

/** A link to a section's card; it scrolls there and moves focus to the card. */
export function SectionLink({ section, children }: { section: string; children: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    showSection(section);
  };
  return (
    <a
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

  if (retold && !linked) {
    return (
      <p className="inline-flex items-center gap-1 rounded-md bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
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
        <SectionLink section={section}>{`Go to “${section}”`}</SectionLink>
      </p>
    );
  }
  const loading = state?.status === 'loading';
  return (
    <div className="space-y-2">
      <Button variant="secondary" disabled={loading} onClick={retell}>
        <LearningIcon name="refresh" />
        {loading ? 'Explaining another way…' : 'Explain this part another way'}
      </Button>
      {state?.status === 'failed' && state.error && (
        <LearningAlert error={state.error} onRetry={retell} />
      )}
    </div>
  );
}
