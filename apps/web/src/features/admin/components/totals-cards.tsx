import type { AdminOverviewResponse, PaymentStatus } from '@grasp/contract';
import { count, rupees, usd } from '../lib/format.ts';
import { PAYMENT_STATE_LABELS } from './badges.tsx';
import { card } from './states.tsx';

function Total({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <li className={`${card} min-w-0 p-3 sm:p-4`}>
      <h2 className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</h2>
      <p className="mt-1 text-lg font-bold tracking-tight tabular-nums sm:text-2xl">{value}</p>
      {note ? (
        <p className="mt-1 text-xs break-words text-slate-600 sm:text-sm dark:text-slate-300">
          {note}
        </p>
      ) : null}
    </li>
  );
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const top = (counts: Record<string, number>, label = (key: string) => key) =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([key, n]) => `${label(key)} ${count(n)}`)
    .join(' · ');
const stateLabel = (key: string) => PAYMENT_STATE_LABELS[key as PaymentStatus] ?? key;

/** The period's totals, one card each. */
export function TotalsCards({ totals }: { totals: AdminOverviewResponse['totals'] }) {
  const { revenue } = totals;
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Total
        label="Learners"
        value={count(totals.learners)}
        note={`${count(totals.signUps)} signed up in the period`}
      />
      <Total label="Active learners" value={count(totals.activeLearners)} />
      <Total
        label="Explanations"
        value={count(totals.explanations)}
        note={top(totals.explanationsByProvider) || undefined}
      />
      <Total label="Units used" value={count(totals.unitsUsed)} />
      <Total
        label="Revenue (gross)"
        value={rupees(revenue.grossPaise)}
        note={`GST ${rupees(revenue.gstPaise)} · refunds ${rupees(revenue.refundsPaise)}`}
      />
      <Total
        label="Payments"
        value={count(sum(totals.paymentsByState))}
        note={top(totals.paymentsByState, stateLabel) || undefined}
      />
      <Total
        label="AI cost (estimated)"
        value={usd(totals.estimatedCostUsd)}
        note={`${count(totals.aiCalls)} calls · ${count(totals.inputTokens + totals.outputTokens)} tokens`}
      />
      <Total label="5xx answers" value={count(totals.errors5xx)} />
    </ul>
  );
}
