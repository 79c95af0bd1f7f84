import { ADMIN_OVERVIEW_DEFAULT_DAYS } from '@grasp/contract';
import { lazy, Suspense } from 'react';
import { fetchOverview } from './api/admin-api.ts';
import { AiUsageTable } from './components/ai-usage-table.tsx';
import { PERIODS, PeriodPicker } from './components/period-picker.tsx';
import { Failed, Loading } from './components/states.tsx';
import { TotalsCards } from './components/totals-cards.tsx';
import { useListParams } from './hooks/use-list-params.ts';
import { useLoad } from './hooks/use-load.ts';

// The charting library comes with the charts, not with the console's other pages.
const OverviewCharts = lazy(() =>
  import('./components/overview-charts.tsx').then((m) => ({ default: m.OverviewCharts })),
);

const DEFAULTS = { days: String(ADMIN_OVERVIEW_DEFAULT_DAYS) };

/** /admin: the last 7, 30 or 90 days in totals and per-day charts. */
export function OverviewPage() {
  const { values, update } = useListParams(DEFAULTS);
  const asked = Number(values.days);
  const days = (PERIODS as readonly number[]).includes(asked) ? asked : ADMIN_OVERVIEW_DEFAULT_DAYS;
  const overview = useLoad(`overview:${days}`, (signal) => fetchOverview(days, signal));
  const data = overview.data;

  return (
    <section aria-labelledby="admin-title" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="admin-title" className="text-2xl font-bold tracking-tight">
            Overview
          </h1>
          {data ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {data.from} to {data.to} (UTC)
            </p>
          ) : null}
        </div>
        <PeriodPicker days={days} onChange={(n) => update({ days: n })} />
      </div>
      {overview.status === 'error' ? (
        <Failed message={overview.error?.message} retry={overview.reload} />
      ) : !data || data.days !== days ? (
        <Loading label="Loading the overview" />
      ) : (
        <>
          <TotalsCards totals={data.totals} />
          <Suspense fallback={<Loading label="Loading the charts" />}>
            <OverviewCharts overview={data} />
          </Suspense>
          <AiUsageTable rows={data.totals.ai} />
        </>
      )}
    </section>
  );
}
