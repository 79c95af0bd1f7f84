import { ADMIN_MESSAGES, AUDIT_ACTION_LABELS, type AuditEntry } from '@grasp/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { adminPaths } from '../../config/admin-paths.ts';
import { fetchAudit } from './api/admin-api.ts';
import { DataTable, type tableFeaturesUsed } from './components/data-table.tsx';
import { PagedList } from './components/paged-list.tsx';
import { SearchField } from './components/search-field.tsx';
import { When } from './components/when.tsx';
import { useListParams } from './hooks/use-list-params.ts';
import { useLoad } from './hooks/use-load.ts';
import { describeChanges } from './lib/changes.ts';

const link =
  'font-semibold text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';

function Target({ entry }: { entry: AuditEntry }) {
  if (entry.targetType === 'user') {
    return (
      <Link to={adminPaths.user(entry.targetId)} className={link}>
        {entry.targetLabel}
      </Link>
    );
  }
  return (
    <span>
      {entry.targetLabel}
      <span className="block font-mono text-xs text-slate-600 dark:text-slate-300">
        {entry.targetId}
      </span>
    </span>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = describeChanges(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  return (
    <ul className="space-y-0.5">
      {changes.map((c) => (
        <li key={c.field} className="w-64 break-words whitespace-normal">
          <span className="text-slate-600 dark:text-slate-300">{c.field}:</span> {c.before}{' '}
          <span aria-hidden="true">→</span>
          <span className="sr-only">became</span> {c.after}
        </li>
      ))}
    </ul>
  );
}

const column = createColumnHelper<typeof tableFeaturesUsed, AuditEntry>();
const COLUMNS = column.columns([
  column.accessor('at', {
    header: 'When',
    cell: (c) => <When iso={c.getValue()} />,
  }),
  column.accessor('actor', { header: 'Who' }),
  column.accessor('action', { header: 'Action', cell: (c) => AUDIT_ACTION_LABELS[c.getValue()] }),
  column.accessor('targetLabel', {
    header: 'Target',
    cell: (c) => <Target entry={c.row.original} />,
  }),
  column.accessor('reason', {
    header: 'Reason',
    cell: (c) => (
      <span className="block w-56 break-words whitespace-normal">{c.getValue() || '—'}</span>
    ),
  }),
  column.display({
    id: 'change',
    header: 'Before → after',
    cell: (c) => <Changes entry={c.row.original} />,
  }),
]);

const DEFAULTS = { actor: '', target: '' };

/** /admin/audit: every staff action, newest first; nothing here can be changed. */
export function AuditPage() {
  const { values, page, update } = useListParams(DEFAULTS);
  const query = { actor: values.actor || undefined, target: values.target || undefined, page };
  const audit = useLoad(JSON.stringify(query), (signal) => fetchAudit(query, signal));
  return (
    <section aria-labelledby="admin-title" className="space-y-4">
      <h1 id="admin-title" className="text-2xl font-bold tracking-tight">
        Audit log
      </h1>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchField
          label="Who (a staff username, or cli)"
          value={values.actor}
          onSearch={(actor) => update({ actor })}
        />
        <SearchField
          label="Target (username or transaction)"
          value={values.target}
          onSearch={(target) => update({ target })}
        />
      </div>
      <PagedList
        loaded={audit}
        rowsOf={(d) => d.entries}
        loadingLabel="Loading the audit log"
        empty={ADMIN_MESSAGES.noAudit}
        onPage={(p) => update({ page: p })}
      >
        {(rows, busy) => (
          <DataTable
            label="Audit log"
            columns={COLUMNS}
            rows={rows}
            rowId={(e) => e.id}
            busy={busy}
          />
        )}
      </PagedList>
    </section>
  );
}
