import { ACCOUNT_LABELS } from '@grasp/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { downloadExport } from '../api/export.ts';
import { ActionNote } from './action-note.tsx';
import { Section } from './section.tsx';
import { useAction } from './use-action.ts';

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Hands the browser a file to save, as a link with `download` would. */
function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Everything the account holds, as one zip (DESIGN.md §14). */
export function ExportSection() {
  const { state, run, busy } = useAction();
  const [received, setReceived] = useState(0);

  const start = () => {
    setReceived(0);
    void run(async () => {
      const { blob, filename } = await downloadExport(setReceived);
      save(blob, filename);
      return `Your data is saved as ${filename} (${size(blob.size)}).`;
    });
  };

  return (
    <Section
      title={ACCOUNT_LABELS.export}
      intro="One zip file: your profile and settings, every explanation with its follow-ups, quiz results and sources, your recaps, materials, classes, payments and invoices."
    >
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={start} disabled={busy} aria-describedby="export-progress">
          {busy ? <Spinner label="Preparing your data" className="h-4 w-4" /> : null}
          {busy ? 'Preparing...' : ACCOUNT_LABELS.download}
        </Button>
        <span id="export-progress" className="text-sm text-slate-600 dark:text-slate-300">
          {busy && received > 0 ? `${size(received)} received` : ''}
        </span>
      </div>
      <div className="mt-3">
        <ActionNote state={state} />
      </div>
    </Section>
  );
}
