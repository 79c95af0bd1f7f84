import { useState } from 'react';
import { UiIcon } from '../../../components/explanation/icons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { downloadMarkdown } from '../../share/lib/download-markdown.ts';
import { failureMessage } from '../../share/lib/failure-message.ts';
import { SHARE_MESSAGES } from '../../share/lib/share-messages.ts';
import type { NarrationState } from '../hooks/use-narration.ts';
import { shareConcept } from '../lib/share.ts';

const AUDIO_LABEL: Record<NarrationState, string> = {
  idle: 'Audio',
  playing: 'Pause audio',
  paused: 'Resume audio',
};

type Status = { tone: 'error'; text: string } | { tone: 'link'; url: string };

export function ActionBar({
  query,
  explanationId,
  narration,
  onToggleAudio,
  onRegenerate,
  disabled = false,
}: {
  query: string;
  /** The user's record of this explanation: what Share links to and Download exports. */
  explanationId: string;
  narration: NarrationState;
  onToggleAudio: () => void;
  onRegenerate: () => void;
  disabled?: boolean;
}) {
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
    <div className="space-y-2 print:hidden">
      <div
        role="toolbar"
        aria-label="Explanation actions"
        className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap [&>button]:px-3 sm:[&>button]:px-4"
      >
        <Button
          variant="secondary"
          onClick={() => void share()}
          disabled={busy === 'share'}
          aria-busy={busy === 'share'}
        >
          <UiIcon name="share" className="h-4 w-4" />
          {busy === 'share' ? 'Sharing…' : 'Share'}
        </Button>
        <Button variant="secondary" onClick={onToggleAudio} aria-pressed={narration === 'playing'}>
          <UiIcon name={narration === 'playing' ? 'pause' : 'play'} className="h-4 w-4" />
          {AUDIO_LABEL[narration]}
        </Button>
        <Button variant="secondary" onClick={onRegenerate} disabled={disabled}>
          <UiIcon name="sparkles" className="h-4 w-4" />
          Regenerate
        </Button>
        <Button variant="secondary" onClick={() => window.print()}>
          <UiIcon name="printer" className="h-4 w-4" />
          Save as PDF
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
          Download Markdown
        </Button>
      </div>
      {status?.tone === 'error' && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {status.text}
        </p>
      )}
      {status?.tone === 'link' && (
        <p role="status" className="text-sm text-slate-700 break-all dark:text-slate-300">
          Copy this link to share it: <a href={status.url}>{status.url}</a>
        </p>
      )}
    </div>
  );
}
