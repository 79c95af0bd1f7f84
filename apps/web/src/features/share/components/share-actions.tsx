import { useState } from 'react';
import { UiIcon } from '../../../components/explanation/icons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { downloadMarkdown } from '../lib/download-markdown.ts';
import { failureMessage } from '../lib/failure-message.ts';
import { shareConcept } from '../lib/share-concept.ts';
import { SHARE_MESSAGES } from '../lib/share-messages.ts';

type Status = { tone: 'error'; text: string } | { tone: 'link'; url: string };

/**
 * Share and Download Markdown, in an explanation's toolbar (a grid, or a wrapping row from sm
 * up): what they have to say takes a row of its own under the buttons.
 */
export function ShareActions({ query, explanationId }: { query: string; explanationId: string }) {
  const [busy, setBusy] = useState<'share' | 'export' | null>(null);
  const [status, setStatus] = useState<Status | null>(null);

  const share = async () => {
    setBusy('share');
    setStatus(null);
    const outcome = await shareConcept(query, explanationId);
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
