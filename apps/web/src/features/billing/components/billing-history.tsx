import { billingMessages, type InvoiceSummary, type PaymentSummary } from '@grasp/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { fetchInvoiceUrl } from '../api/billing-history.ts';
import { useBillingHistory } from '../hooks/use-billing-history.ts';

const day = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });
const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;

const STATUS: Record<PaymentSummary['status'], { label: string; tone: string }> = {
  PAYMENT_SUCCESS: {
    label: 'Paid',
    tone: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
  },
  PAYMENT_PENDING: {
    label: 'Processing',
    tone: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  },
  PAYMENT_ERROR: {
    label: 'Failed',
    tone: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-100',
  },
  PAYMENT_DECLINED: {
    label: 'Declined',
    tone: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-100',
  },
  PAYMENT_CANCELLED: {
    label: 'Cancelled',
    tone: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  },
  TIMED_OUT: {
    label: 'Timed out',
    tone: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  },
};

const REFUND_LABEL = {
  PENDING: 'Refund in progress',
  COMPLETED: 'Refunded',
  FAILED: 'Refund failed',
};

const DOCUMENT = {
  invoice: { label: 'Invoice', opening: 'Opening the invoice' },
  creditNote: { label: 'Credit note', opening: 'Opening the credit note' },
} as const;

/** Opens a printable tax invoice or credit note (both served at the invoice address). */
function DocumentButton({ doc }: { doc: InvoiceSummary }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const kind = DOCUMENT[doc.kind ?? 'invoice'];
  async function open() {
    // Opened at the click, so no popup blocker stops it; filled once the document arrives.
    const tab = window.open('', '_blank');
    setBusy(true);
    setFailed(false);
    try {
      const url = await fetchInvoiceUrl(doc.invoiceId);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch {
      tab?.close();
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="flex items-center gap-2">
      <Button
        variant="secondary"
        className="px-3 py-1 text-sm"
        onClick={() => void open()}
        disabled={busy}
      >
        {busy ? <Spinner label={kind.opening} className="h-4 w-4" /> : null}
        {kind.label} {doc.invoiceNumber}
      </Button>
      {failed ? (
        <span role="alert" className="text-sm text-red-700 dark:text-red-300">
          Could not open it.
        </span>
      ) : null}
    </span>
  );
}

/**
 * "Billing" on /user-dashboard: the user's payments with their tax invoices (DESIGN.md §12) and,
 * beside a refunded one's, its credit note (§15).
 */
export function BillingHistory() {
  const { state, reload } = useBillingHistory();
  return (
    <section
      aria-labelledby="billing-title"
      className="rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="billing-title" className="px-5 pt-5 text-lg font-semibold">
        Billing
      </h2>
      {state.status === 'loading' ? (
        <div className="flex justify-center px-5 py-6 text-indigo-600 dark:text-indigo-400">
          <Spinner label="Loading your payments" className="h-6 w-6" />
        </div>
      ) : state.status === 'error' ? (
        <div role="alert" className="px-5 pt-2 pb-5 text-red-800 dark:text-red-200">
          <p>{billingMessages.loadFailed}</p>
          <Button variant="secondary" className="mt-3" onClick={reload}>
            Try again
          </Button>
        </div>
      ) : state.payments.length === 0 ? (
        <p className="px-5 pt-2 pb-5 text-slate-600 dark:text-slate-300">{billingMessages.empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {state.payments.map((payment) => {
            const status = STATUS[payment.status];
            return (
              <li
                key={payment.merchantTransactionId}
                className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">Pro plan · {rupees(payment.amount)}</span>
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.tone}`}
                    >
                      {status.label}
                    </span>
                    {payment.refund ? (
                      <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                        {REFUND_LABEL[payment.refund]}
                      </span>
                    ) : null}
                  </p>
                  <p className="mt-1 truncate text-sm text-slate-600 dark:text-slate-300">
                    <time dateTime={payment.createdAt}>
                      {day.format(new Date(payment.createdAt))}
                    </time>
                    {' · '}
                    <span className="font-mono text-xs">{payment.merchantTransactionId}</span>
                  </p>
                </div>
                {payment.invoice || payment.creditNote ? (
                  <div className="flex flex-wrap gap-2 sm:justify-end">
                    {payment.invoice ? <DocumentButton doc={payment.invoice} /> : null}
                    {payment.creditNote ? <DocumentButton doc={payment.creditNote} /> : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
