import {
  type ColumnDef,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';

/** Sorting is the server's (manualSorting): the table only reports which header was chosen. */
export const tableFeaturesUsed = tableFeatures({ rowSortingFeature });
export type AdminColumn<T extends RowData> = ColumnDef<typeof tableFeaturesUsed, T, unknown>;

interface DataTableProps<T extends RowData> {
  /** Names the table for screen readers and its scrolling region. */
  label: string;
  columns: AdminColumn<T>[];
  rows: T[];
  rowId: (row: T) => string;
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  /** A new page is on its way: the rows shown are the previous answer's. */
  busy?: boolean;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const NO_SORTING: SortingState = [];

/**
 * A list page's table. On a narrow screen it scrolls sideways inside its own region, which
 * takes focus so the arrow keys scroll it.
 */
export function DataTable<T extends RowData>({
  label,
  columns,
  rows,
  rowId,
  sorting = NO_SORTING,
  onSortingChange,
  busy = false,
}: DataTableProps<T>) {
  const table = useTable({
    features: tableFeaturesUsed,
    columns,
    data: rows,
    getRowId: (row) => rowId(row),
    manualSorting: true,
    enableSortingRemoval: false,
    enableSorting: onSortingChange !== undefined,
    state: { sorting },
    onSortingChange: (updater) =>
      onSortingChange?.(typeof updater === 'function' ? updater(sorting) : updater),
  });
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section aria-label={label} tabIndex={0} className="overflow-x-auto">
      <table aria-busy={busy} className="w-full border-collapse text-left text-sm">
        <thead className="bg-slate-50 text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted ? ARIA_SORT[sorted] : undefined}
                    className="px-4 py-2.5 font-semibold whitespace-nowrap"
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-slate-900 dark:hover:text-white"
                      >
                        <table.FlexRender header={header} />
                        <SortMark direction={sorted} />
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody
          className={`divide-y divide-slate-200 dark:divide-slate-800 ${busy ? 'opacity-60' : ''}`}
        >
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="align-top">
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className="px-4 py-3 whitespace-nowrap">
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function SortMark({ direction }: { direction: false | 'asc' | 'desc' }): ReactNode {
  const mark = direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕';
  return (
    <span aria-hidden="true" className={direction ? '' : 'text-slate-400 dark:text-slate-500'}>
      {mark}
    </span>
  );
}
