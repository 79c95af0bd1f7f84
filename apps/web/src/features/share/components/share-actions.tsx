import {
  DEFAULT_SHARE_VISIBILITY,
  SHARE_VISIBILITIES,
  SHARE_VISIBILITY_HINTS,
  SHARE_VISIBILITY_LABELS,
  type ShareVisibility,
} from '@grasp/contract';
import { useId, useState } from 'react';
import { UiIcon } from '../../../components/explanation/icons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { downloadMarkdown } from '../lib/download-markdown.ts';
import { failureMessage } from '../lib/failure-message.ts';
import { shareConcept } from '../lib/share-concept.ts';
import { SHARE_MESSAGES } from '../lib/share-messages.ts';
import { useShares } from '../stores/share-store.ts';

type Status = { tone: 'error'; text: string } | { tone: 'link'; url: string };

/**
 * Share and Download Markdown, in an explanation's toolbar (a grid, or a wrapping row from sm
 * up): what they have to say takes a row of its own under the buttons.
 */
export function ShareActions({ query, explanationId }: { query: string; explanationId: string }) {
  const [busy, setBusy] = useState<'share' | 'export' | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const link = useShares((s) => s.shares.find((x) => x.explanationId === explanationId));
  // Null until the owner chooses: sharing an existing link must not reset what it is. The
  // dashboard's recent list loads the user's links, so an existing one shows what it is.
  const [chosen, setChosen] = useState<ShareVisibility | null>(null);
  const visibility = link?.visibility ?? chosen ?? DEFAULT_SHARE_VISIBILITY;

  const choiceId = useId();
  const hintId = useId();

  const choose = async (next: ShareVisibility) => {
    setChosen(next);
    if (!link) return;
    setStatus(null);
    try {
      await useShares.getState().linkFor(explanationId, next);
    } catch (error) {
      setStatus({ tone: 'error', text: failureMessage(error, SHARE_MESSAGES.linkFailed) });
    }
  };

  const share = async () => {
    setBusy('share');
    setStatus(null);
    const outcome = await shareConcept(query, explanationId, chosen ?? undefined);
    setBusy(null);
    if (outcome.kind === 'failed') {
      setStatus({ tone: 'error', text: failureMessage(outcome.error, SHARE_MESSAGES.linkFailed) });
    } else if (outcome.kind === 'manual') {
      setStatus({ tone: 'link', url: outcome.url });
    }
  };

  const download = async () => {
    setBusy('export');
    setStatus(null);
    try {
      await downloadMarkdown(explanationId);
    } catch (error) {
      setStatus({ tone: 'error', text: failureMessage(error, SHARE_MESSAGES.exportFailed) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => void share()}
        disabled={busy === 'share'}
        aria-busy={busy === 'share'}
      >
        <UiIcon name="share" className="h-4 w-4" />
        {busy === 'share' ? 'Sharing…' : 'Share'}
      </Button>
      <Button
        variant="secondary"
        // The longest label: a row of its own on a narrow screen.
        className="col-span-2"
        onClick={() => void download()}
        disabled={busy === 'export'}
        aria-busy={busy === 'export'}
      >
        <UiIcon name="download" className="h-4 w-4" />
        {busy === 'export' ? 'Downloading…' : 'Download Markdown'}
      </Button>
      <div className="col-span-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm sm:basis-full">
        <label htmlFor={choiceId} className="font-medium text-slate-700 dark:text-slate-300">
          Who can find the link
        </label>
        <select
          id={choiceId}
          value={visibility}
          aria-describedby={hintId}
          onChange={(event) => void choose(event.target.value as ShareVisibility)}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          {SHARE_VISIBILITIES.map((v) => (
            <option key={v} value={v}>
              {SHARE_VISIBILITY_LABELS[v]}
            </option>
          ))}
        </select>
        <p id={hintId} className="basis-full text-xs text-slate-600 dark:text-slate-400">
          {SHARE_VISIBILITY_HINTS[visibility]}
        </p>
      </div>
      {status?.tone === 'error' && (
        <p role="alert" className="col-span-2 text-sm text-red-700 sm:basis-full dark:text-red-400">
          {status.text}
        </p>
      )}
      {status?.tone === 'link' && (
        <p
          role="status"
          className="col-span-2 text-sm text-slate-700 break-all sm:basis-full dark:text-slate-300"
        >
          Copy this link to share it: <a href={status.url}>{status.url}</a>
        </p>
      )}
    </>
  );
}
