import { templateLabel } from '@grasp/contract';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import type { DistilledConcept } from '../stores/distill-store.ts';
import { StatusBadge } from './concept-status.tsx';
import { HistoryPreview } from './history-preview.tsx';
import { InlineExplanation } from './inline-explanation.tsx';

const BADGE = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium';

function explainLabel(concept: DistilledConcept, open: boolean): string {
  if (concept.loading) return 'Explaining…';
  if (concept.explanation.status !== 'done') return 'Explain';
  return open ? 'Hide explanation' : 'Show explanation';
}

/** The card's element id, so the learning map can bring a card into view. */
export const conceptCardId = (index: number) => `distilled-concept-${index + 1}`;

/** One distilled concept: its badges, its actions, and its history and explanation inline. */
export function ConceptCard({
  concept,
  index,
  buildsOn = [],
  open,
  onExplain,
  onToggleOpen,
}: {
  concept: DistilledConcept;
  index: number;
  /** The concepts to learn before this one (the map's arrows, in words). */
  buildsOn?: readonly string[];
  /** Whether this card's explanation is the one shown. */
  open: boolean;
  onExplain: (fresh?: boolean) => void;
  onToggleOpen: () => void;
}) {
  const navigate = useNavigate();
  const [historyOpen, setHistoryOpen] = useState(false);
  const titleId = useId();
  const historyId = useId();
  const explanationId = useId();
  const { name, explanation } = concept;
  const done = explanation.status === 'done';

  return (
    <article
      id={conceptCardId(index)}
      aria-labelledby={titleId}
      aria-busy={concept.loading}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      {/* The actions sit beside the name only when it keeps 12rem: a long name is never split. */}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1 basis-48 space-y-2">
          <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
            Concept {index + 1}
          </p>
          <h3
            id={titleId}
            className="text-lg font-semibold break-words text-slate-900 dark:text-slate-100"
          >
            {name}
          </h3>
          <div className="flex flex-wrap gap-2">
            <StatusBadge status={concept.status} />
            <span
              className={`${BADGE} bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200`}
            >
              <span className="sr-only">Style: </span>
              {templateLabel(concept.template)}
            </span>
            {concept.hasHistory && (
              <span
                data-testid="has-history"
                className={`${BADGE} bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200`}
              >
                <span aria-hidden="true">●</span>
                Explained before
              </span>
            )}
          </div>
          {buildsOn.length > 0 && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Builds on {buildsOn.join(', ')}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            // A card still explaining while another is open can be opened to watch it arrive.
            onClick={() => (done || concept.loading ? onToggleOpen() : onExplain())}
            disabled={concept.loading && open}
            aria-expanded={done || concept.loading ? open : undefined}
            aria-controls={open ? explanationId : undefined}
          >
            {concept.loading && (
              <span
                aria-hidden="true"
                className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
              />
            )}
            {explainLabel(concept, open)} <span className="sr-only">{name}</span>
          </Button>
          <Button
            variant="secondary"
            aria-expanded={historyOpen}
            aria-controls={historyOpen ? historyId : undefined}
            onClick={() => setHistoryOpen((v) => !v)}
          >
            {historyOpen ? 'Hide history' : 'History'} <span className="sr-only">of {name}</span>
          </Button>
          <Button
            variant="ghost"
            // Starts with the visible words, so speech users can say what they see.
            aria-label={`Open in dashboard: ${name}`}
            onClick={() => navigate(paths.dashboard, { state: { initialQuery: name } })}
          >
            Open in dashboard
          </Button>
        </div>
      </div>
      {historyOpen && (
        <HistoryPreview
          id={historyId}
          name={name}
          refreshKey={`${concept.hasHistory}-${explanation.status}`}
        />
      )}
      {open && explanation.status !== 'idle' && (
        <div
          id={explanationId}
          className="mt-6 border-t border-slate-200 pt-6 dark:border-slate-800"
        >
          <InlineExplanation
            concept={concept}
            onRetry={() => onExplain()}
            onRegenerate={() => onExplain(true)}
          />
        </div>
      )}
    </article>
  );
}
