import { ADMIN_MESSAGES, ADMIN_USER_SORTS, type AdminUserRow } from '@grasp/contract';
import { createColumnHelper, type SortingState } from '@tanstack/react-table';
import { Link } from 'react-router';
import { adminPaths } from '../../config/admin-paths.ts';
import { fetchUsers } from './api/admin-api.ts';
import { PlanBadge, RoleBadge, StatusBadge } from './components/badges.tsx';
import { DataTable, type tableFeaturesUsed } from './components/data-table.tsx';
import { PagedList } from './components/paged-list.tsx';
import { SearchField } from './components/search-field.tsx';
import { When } from './components/when.tsx';
import { useListParams } from './hooks/use-list-params.ts';
import { useLoad } from './hooks/use-load.ts';

const column = createColumnHelper<typeof tableFeaturesUsed, AdminUserRow>();
const COLUMNS = column.columns([
  column.accessor('username', {
    header: 'Username',
    cell: (c) => (
      <Link
        to={adminPaths.user(c.row.original.id)}
        className="font-semibold text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
      >
        {c.getValue()}
      </Link>
    ),
  }),
  column.accessor('fullName', { header: 'Name', enableSorting: false }),
  column.accessor('email', { header: 'Email' }),
  column.accessor('mobile', { header: 'Mobile', enableSorting: false }),
  column.accessor('plan', { header: 'Plan', cell: (c) => <PlanBadge plan={c.getValue()} /> }),
  column.accessor('role', { header: 'Role', cell: (c) => <RoleBadge role={c.getValue()} /> }),
  column.accessor('disabled', {
    header: 'Status',
    enableSorting: false,
    cell: (c) => <StatusBadge disabled={c.getValue()} />,
  }),
  column.accessor('createdAt', {
    header: 'Joined',
    cell: (c) => <When iso={c.getValue()} dayOnly />,
  }),
]);

type Sort = (typeof ADMIN_USER_SORTS)[number];
const DEFAULTS = { q: '', sort: 'createdAt', order: 'desc' };
const isSort = (value: string): value is Sort =>
  (ADMIN_USER_SORTS as readonly string[]).includes(value);

/** /admin/users: every account, searched, sorted and paged by the server. */
export function UsersPage() {
  const { values, page, update } = useListParams(DEFAULTS);
  const sort: Sort = isSort(values.sort) ? values.sort : 'createdAt';
  const order = values.order === 'asc' ? 'asc' : 'desc';
  const query = { q: values.q || undefined, sort, order, page } as const;
  const users = useLoad(JSON.stringify(query), (signal) => fetchUsers(query, signal));
  const sorting: SortingState = [{ id: sort, desc: order === 'desc' }];

  return (
    <section aria-labelledby="admin-title" className="space-y-4">
      <h1 id="admin-title" className="text-2xl font-bold tracking-tight">
        Users
      </h1>
      <SearchField
        label="Search by username, email or mobile"
        value={values.q}
        onSearch={(q) => update({ q })}
      />
      <PagedList
        loaded={users}
        rowsOf={(d) => d.users}
        loadingLabel="Loading the users"
        empty={ADMIN_MESSAGES.noUsers}
        onPage={(p) => update({ page: p })}
      >
        {(rows, busy) => (
          <DataTable
            label="Users"
            columns={COLUMNS}
            rows={rows}
            rowId={(u) => u.id}
            busy={busy}
            sorting={sorting}
            onSortingChange={(next) => {
              const first = next[0];
              if (first && isSort(first.id)) {
                update({ sort: first.id, order: first.desc ? 'desc' : 'asc' });
              }
            }}
          />
        )}
      </PagedList>
    </section>
  );
}
