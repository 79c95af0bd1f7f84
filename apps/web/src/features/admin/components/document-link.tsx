import type { AdminDocument } from '@grasp/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { fetchDocumentUrl } from '../api/admin-api.ts';
import { useToast } from './toaster.tsx';

const KIND_LABEL = { invoice: 'invoice', creditNote: 'credit note' } as const;

/** Opens an invoice or credit note, printable, in a new tab. */
export function DocumentLink({
  document,
}: {
  document: Pick<AdminDocument, 'id' | 'kind' | 'number'>;
}) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  async function open() {
    // Opened at the click, so no popup blocker stops it; filled once the document arrives.
    const tab = window.open('', '_blank');
    setBusy(true);
    try {
      const url = await fetchDocumentUrl(document.id);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch {
      tab?.close();
      toast('error', `Could not open ${KIND_LABEL[document.kind]} ${document.number}.`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      variant="secondary"
      className="px-2.5 py-1 text-xs"
      onClick={() => void open()}
      disabled={busy}
      aria-label={`Print ${KIND_LABEL[document.kind]} ${document.number}`}
    >
      {busy ? <Spinner label="Opening" className="h-3 w-3" /> : null}
      Print
    </Button>
  );
}
