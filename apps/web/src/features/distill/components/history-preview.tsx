import {
  ERROR_MESSAGES,
  HISTORY_PREVIEW_LENGTH,
  type HistoryEntry,
  templateLabel,
} from '@grasp/contract';
import { useEffect, useState } from 'react';
import { markdownToPlainText } from '../../../lib/plain-text.ts';
import { fetchConceptHistory } from '../api/concept-history.ts';

type HistoryState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; entries: HistoryEntry[] };

/** The first HISTORY_PREVIEW_LENGTH characters of an answer, as plain text. */
export function previewOf(answer: string): string {
  const text = markdownToPlainText(answer);
  return text.length > HISTORY_PREVIEW_LENGTH
    ? `${text.slice(0, HISTORY_PREVIEW_LENGTH).trimEnd()}…`
    : text;
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const MESSAGE_CLASS = 'text-sm text-slate-600 dark:text-slate-400';

/** The user's earlier explanations of one concept (SPEC.md §4), loaded when opened. */
export function HistoryPreview({
  id,
  name,
  refreshKey,
}: {
  id: string;
  name: string;
  /** Changes when the concept gains an explanation, so an open preview reloads. */
  refreshKey: string;
}) {
  const [state, setState] = useState<HistoryState>({ status: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey only triggers a reload
  useEffect(() => {
    const call = new AbortController();
    setState({ status: 'loading' });
    fetchConceptHistory(name, call.signal).then(
      (entries) => setState({ status: 'ready', entries }),
      () => {
        if (!call.signal.aborted) setState({ status: 'failed' });
      },
    );
    return () => call.abort();
  }, [name, refreshKey]);

  return (
    <section
      id={id}
      aria-label={`Earlier explanations of ${name}`}
      aria-busy={state.status === 'loading'}
      className="mt-4 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60"
    >
      <h4 className="mb-2 text-sm font-semibold text-slate-900 dark:text-slate-100">History</h4>
      <div aria-live="polite">
        {state.status === 'loading' && <p className={MESSAGE_CLASS}>Loading history…</p>}
        {state.status === 'failed' && (
          <p className="text-sm font-medium text-red-700 dark:text-red-300">
            {ERROR_MESSAGES.historyFailed}
          </p>
        )}
        {state.status === 'ready' && state.entries.length === 0 && (
          <p className={MESSAGE_CLASS}>{ERROR_MESSAGES.historyEmpty}</p>
        )}
        {state.status === 'ready' && state.entries.length > 0 && (
          <ol className="space-y-3">
            {state.entries.map((entry) => (
              <li
                key={`${entry.created_date}-${entry.concept_description}`}
                className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
              >
                <p className="text-xs font-medium text-slate-500 dark:text-slate-400">
                  {templateLabel(entry.concept_description)} ·{' '}
                  <time dateTime={entry.created_date}>{formatDate(entry.created_date)}</time>
                </p>
                <p className="mt-1 text-sm break-words text-slate-800 dark:text-slate-200">
                  {previewOf(entry.ai_answer)}
                </p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
