import type { AiUsageRow } from '@grasp/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { count, usd } from '../lib/format.ts';
import { DataTable, type tableFeaturesUsed } from './data-table.tsx';
import { card, Empty } from './states.tsx';

const column = createColumnHelper<typeof tableFeaturesUsed, AiUsageRow>();
const numeric = (n: number) => <span className="tabular-nums">{count(n)}</span>;
const COLUMNS = column.columns([
  column.accessor('provider', { header: 'Provider' }),
  column.accessor('model', { header: 'Model', cell: (c) => <code>{c.getValue()}</code> }),
  column.accessor('calls', { header: 'Calls', cell: (c) => numeric(c.getValue()) }),
  column.accessor('inputTokens', { header: 'Input tokens', cell: (c) => numeric(c.getValue()) }),
  column.accessor('outputTokens', { header: 'Output tokens', cell: (c) => numeric(c.getValue()) }),
  column.accessor('estimatedCostUsd', {
    header: 'Estimated cost',
    cell: (c) => <span className="tabular-nums">{usd(c.getValue())}</span>,
  }),
]);

/** AI calls by provider and model, most expensive first (the server's order). */
export function AiUsageTable({ rows }: { rows: AiUsageRow[] }) {
  return (
    <section aria-labelledby="ai-usage" className={card}>
      <h2 id="ai-usage" className="px-4 pt-4 pb-2 font-semibold">
        AI calls by provider and model
      </h2>
      {rows.length === 0 ? (
        <Empty>No AI calls in this period.</Empty>
      ) : (
        <DataTable
          label="AI calls by provider and model"
          columns={COLUMNS}
          rows={rows}
          rowId={(r) => `${r.provider}/${r.model}`}
        />
      )}
    </section>
  );
}
