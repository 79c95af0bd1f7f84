import { ADMIN_MESSAGES, type AdminDocument, DOCUMENT_KINDS } from '@grasp/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { adminPaths } from '../../config/admin-paths.ts';
import { fetchInvoices } from './api/admin-api.ts';
import { Pill } from './components/badges.tsx';
import { DataTable, type tableFeaturesUsed } from './components/data-table.tsx';
import { DocumentLink } from './components/document-link.tsx';
import { FilterSelect } from './components/field-select.tsx';
import { PagedList } from './components/paged-list.tsx';
import { SearchField } from './components/search-field.tsx';
import { When } from './components/when.tsx';
import { useListParams } from './hooks/use-list-params.ts';
import { useLoad } from './hooks/use-load.ts';
import { rupees } from './lib/format.ts';

const column = createColumnHelper<typeof tableFeaturesUsed, AdminDocument>();
const COLUMNS = column.columns([
  column.accessor('number', {
    header: 'Number',
    cell: (c) => <span className="font-mono text-xs">{c.getValue()}</span>,
  }),
  column.accessor('kind', {
    header: 'Kind',
    cell: (c) =>
      c.getValue() === 'creditNote' ? (
        <Pill tone="wait">Credit note</Pill>
      ) : (
        <Pill tone="plain">Invoice</Pill>
      ),
  }),
  column.accessor('issuedAt', {
    header: 'Issued',
    cell: (c) => <When iso={c.getValue()} />,
  }),
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
  column.accessor('totalPaise', {
    header: 'Total',
    cell: (c) => <span className="tabular-nums">{rupees(c.getValue())}</span>,
  }),
  column.accessor('taxPaise', {
    header: 'GST',
    cell: (c) => <span className="tabular-nums">{rupees(c.getValue())}</span>,
  }),
  column.accessor('merchantTransactionId', {
    header: 'Transaction',
    cell: (c) => <span className="font-mono text-xs">{c.getValue()}</span>,
  }),
  column.display({
    id: 'print',
    header: 'Print',
    cell: (c) => <DocumentLink document={c.row.original} />,
  }),
]);

const DEFAULTS = { kind: '', q: '' };
const KIND_OPTIONS = [
  ['', 'Invoices and credit notes'],
  ['invoice', 'Invoices'],
  ['creditNote', 'Credit notes'],
] as const;
const isKind = (value: string): value is (typeof DOCUMENT_KINDS)[number] =>
  (DOCUMENT_KINDS as readonly string[]).includes(value);

/** /admin/invoices: tax invoices and credit notes, each printable. */
export function InvoicesPage() {
  const { values, page, update } = useListParams(DEFAULTS);
  const query = {
    kind: isKind(values.kind) ? values.kind : undefined,
    q: values.q || undefined,
    page,
  };
  const documents = useLoad(JSON.stringify(query), (signal) => fetchInvoices(query, signal));
  return (
    <section aria-labelledby="admin-title" className="space-y-4">
      <h1 id="admin-title" className="text-2xl font-bold tracking-tight">
        Invoices and credit notes
      </h1>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FilterSelect
          label="Show"
          value={values.kind}
          options={KIND_OPTIONS}
          onChange={(kind) => update({ kind })}
        />
        <SearchField
          label="Search by number or username"
          value={values.q}
          onSearch={(q) => update({ q })}
        />
      </div>
      <PagedList
        loaded={documents}
        rowsOf={(d) => d.documents}
        loadingLabel="Loading the invoices"
        empty={ADMIN_MESSAGES.noInvoices}
        onPage={(p) => update({ page: p })}
      >
        {(rows, busy) => (
          <DataTable
            label="Invoices and credit notes"
            columns={COLUMNS}
            rows={rows}
            rowId={(d) => d.id}
            busy={busy}
          />
        )}
      </PagedList>
    </section>
  );
}
