import { RE_EXPLAIN_APPROACH_LABELS } from '@grasp/contract';
import { MarkdownText } from '../../../components/markdown/markdown-text.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { sameSection, useLearningEntry } from '../stores/learning-store.ts';
import { LearningIcon } from './icons.tsx';

function useRetold(explanationId: string, section: string) {
  const entry = useLearningEntry(explanationId);
  return {
    retold: entry.reExplanations.filter((r) => sameSection(r.section, section)),
    loading: Object.entries(entry.retelling).some(
      ([title, state]) => state.status === 'loading' && sameSection(title, section),
    ),
  };
}

/** The visible mark on a section's card once it has been explained another way. */
export function RevisitedBadge({
  explanationId,
  section,
}: {
  explanationId: string;
  section: string;
}) {
  const { retold } = useRetold(explanationId, section);
  if (retold.length === 0) return null;
  return (
    <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
      <LearningIcon name="refresh" className="h-3 w-3" />
      Revisited
    </span>
  );
}

/** Inside a section's card: the part told again, under the way it was first told. */
export function SectionRetelling({
  explanationId,
  section,
}: {
  explanationId: string;
  section: string;
}) {
  const { retold, loading } = useRetold(explanationId, section);
  if (retold.length === 0 && !loading) return null;
  return (
    <div className="mt-4 space-y-3">
      {retold.map((r) => (
        <section
          key={`${r.approach}\n${r.answer}`}
          aria-label={`${section}, explained another way`}
          className="rounded-lg border-l-4 border-amber-400 bg-amber-50 p-3 text-sm text-slate-800 dark:border-amber-500 dark:bg-amber-950/40 dark:text-slate-200"
        >
          <p className="mb-1 text-xs font-semibold tracking-wide text-amber-900 uppercase dark:text-amber-200">
            Explained another way · {RE_EXPLAIN_APPROACH_LABELS[r.approach]}
          </p>
          <MarkdownText>{r.answer}</MarkdownText>
        </section>
      ))}
      {loading && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Spinner className="h-3 w-3">Explaining this part another way…</Spinner>
        </p>
      )}
    </div>
  );
}
