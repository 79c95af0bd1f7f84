import { ADMIN_MESSAGES, PAYMENT_STATUSES, type PaymentStatus } from '@grasp/contract';
import { fetchPayments } from './api/admin-api.ts';
import { PAYMENT_STATE_LABELS } from './components/badges.tsx';
import { FilterSelect } from './components/field-select.tsx';
import { PagedList } from './components/paged-list.tsx';
import { PaymentsTable } from './components/payments-table.tsx';
import { ReadOnlyNote } from './components/read-only-note.tsx';
import { SearchField } from './components/search-field.tsx';
import { useListParams } from './hooks/use-list-params.ts';
import { useLoad } from './hooks/use-load.ts';

const DEFAULTS = { state: '', q: '' };
const STATE_OPTIONS = [
  ['', 'Any state'],
  ...PAYMENT_STATUSES.map((s) => [s, PAYMENT_STATE_LABELS[s]] as const),
] as const;
const isState = (value: string): value is PaymentStatus =>
  (PAYMENT_STATUSES as readonly string[]).includes(value);

/** /admin/payments: every payment, filtered by state, with refund and "Ask PhonePe now". */
export function PaymentsPage() {
  const { values, page, update } = useListParams(DEFAULTS);
  const query = {
    state: isState(values.state) ? values.state : undefined,
    q: values.q || undefined,
    page,
  };
  const payments = useLoad(JSON.stringify(query), (signal) => fetchPayments(query, signal));
  return (
    <section aria-labelledby="admin-title" className="space-y-4">
      <h1 id="admin-title" className="text-2xl font-bold tracking-tight">
        Payments
      </h1>
      <ReadOnlyNote />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FilterSelect
          label="State"
          value={values.state}
          options={STATE_OPTIONS}
          onChange={(state) => update({ state })}
        />
        <SearchField
          label="Search by transaction, username or email"
          value={values.q}
          onSearch={(q) => update({ q })}
        />
      </div>
      <PagedList
        loaded={payments}
        rowsOf={(d) => d.payments}
        loadingLabel="Loading the payments"
        empty={ADMIN_MESSAGES.noPayments}
        onPage={(p) => update({ page: p })}
      >
        {(rows, busy) => <PaymentsTable payments={rows} onChanged={payments.reload} busy={busy} />}
      </PagedList>
    </section>
  );
}
