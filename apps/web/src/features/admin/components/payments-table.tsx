import type { AdminPayment } from '@grasp/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { adminPaths } from '../../../config/admin-paths.ts';
import { rupees } from '../lib/format.ts';
import { PaymentBadge, Pill } from './badges.tsx';
import { DataTable, type tableFeaturesUsed } from './data-table.tsx';
import { PaymentActions } from './payment-actions.tsx';
import { When } from './when.tsx';

const REFUND_LABEL = { PENDING: 'Refund pending', COMPLETED: 'Refunded', FAILED: 'Refund failed' };
const REFUND_TONE = { PENDING: 'wait', COMPLETED: 'plain', FAILED: 'bad' } as const;

const column = createColumnHelper<typeof tableFeaturesUsed, AdminPayment>();

function columns(onChanged: () => void, withUser: boolean) {
  return column.columns([
    column.accessor('createdAt', {
      header: 'Started',
      cell: (c) => <When iso={c.getValue()} />,
    }),
    ...(withUser
      ? [
          column.accessor('username', {
            header: 'Learner',
            cell: (c) => (
              <Link
                to={adminPaths.user(c.row.original.userId)}
                className="font-semibold text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
              >
                {c.getValue()}
              </Link>
            ),
          }),
        ]
      : []),
    column.accessor('amountPaise', {
      header: 'Amount',
      cell: (c) => <span className="tabular-nums">{rupees(c.getValue())}</span>,
    }),
    column.accessor('state', {
      header: 'State',
      cell: (c) => {
        const { refund } = c.row.original;
        return (
          <span className="flex flex-wrap gap-1">
            <PaymentBadge state={c.getValue()} />
            {refund ? (
              <Pill tone={REFUND_TONE[refund.state]}>{REFUND_LABEL[refund.state]}</Pill>
            ) : null}
          </span>
        );
      },
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: (c) => <PaymentActions payment={c.row.original} onChanged={onChanged} />,
    }),
    column.accessor('merchantTransactionId', {
      header: 'Transaction',
      cell: (c) => <span className="font-mono text-xs">{c.getValue()}</span>,
    }),
    column.display({
      id: 'documents',
      header: 'Documents',
      cell: (c) => {
        const p = c.row.original;
        const numbers = [p.invoiceNumber, p.creditNoteNumber].filter(Boolean);
        return numbers.length ? (
          <span className="flex flex-col font-mono text-xs">
            {numbers.map((n) => (
              <span key={n}>{n}</span>
            ))}
          </span>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">—</span>
        );
      },
    }),
  ]);
}

/** Payments with their state, refund, documents and actions. */
export function PaymentsTable({
  payments,
  onChanged,
  withUser = true,
  busy,
}: {
  payments: AdminPayment[];
  onChanged: () => void;
  withUser?: boolean;
  busy?: boolean;
}) {
  // The table wants the same columns object from one render to the next.
  const cols = useMemo(() => columns(onChanged, withUser), [onChanged, withUser]);
  return (
    <DataTable
      label="Payments"
      columns={cols}
      rows={payments}
      rowId={(p) => p.merchantTransactionId}
      busy={busy}
    />
  );
}
