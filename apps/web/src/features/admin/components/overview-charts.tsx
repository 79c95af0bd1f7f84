import type { AdminOverviewResponse, OverviewDay, PaymentStatus } from '@grasp/contract';
import type { ReactNode } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { count, rupees, shortDay, usd } from '../lib/format.ts';
import { PAYMENT_STATE_LABELS } from './badges.tsx';
import { card } from './states.tsx';

const PALETTE = ['#6366f1', '#10b981', '#f59e0b', '#f43f5e', '#0ea5e9', '#8b5cf6', '#94a3b8'];
const color = (i: number) => PALETTE[i % PALETTE.length];

interface Series {
  key: string;
  label: string;
  value: (day: OverviewDay) => number;
  color?: string;
}

/** Payment states in the colours their badges use: paid green, waiting amber, failed red. */
const STATE_COLORS: Record<string, string> = {
  PAYMENT_SUCCESS: '#10b981',
  PAYMENT_PENDING: '#f59e0b',
  PAYMENT_ERROR: '#f43f5e',
  PAYMENT_DECLINED: '#e11d48',
  PAYMENT_CANCELLED: '#94a3b8',
  TIMED_OUT: '#64748b',
};
const stateLabel = (key: string) => PAYMENT_STATE_LABELS[key as PaymentStatus] ?? key;

type Format = (n: number) => string;

const keysOf = (days: OverviewDay[], pick: (day: OverviewDay) => Record<string, number>) =>
  [...new Set(days.flatMap((d) => Object.keys(pick(d))))].sort();

const byKey = (pick: (day: OverviewDay) => Record<string, number>, keys: string[]): Series[] =>
  keys.map((key) => ({ key, label: key, value: (d) => pick(d)[key] ?? 0 }));

/** The numbers behind a chart, for screen readers and for anyone who wants them exact. */
function DataTable({
  days,
  series,
  format,
}: {
  days: OverviewDay[];
  series: Series[];
  format: Format;
}) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-slate-600 dark:text-slate-300">
        Show the figures
      </summary>
      <div className="mt-2 max-h-64 overflow-auto">
        <table className="w-full min-w-max text-left">
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-4 font-semibold">
                Day
              </th>
              {series.map((s) => (
                <th key={s.key} scope="col" className="py-1 pr-4 font-semibold">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day} className="border-t border-slate-200 dark:border-slate-800">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {shortDay(d.day)}
                </th>
                {series.map((s) => (
                  <td key={s.key} className="py-1 pr-4 tabular-nums">
                    {format(s.value(d))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function ChartCard({
  title,
  days,
  series,
  format = count,
  children,
}: {
  title: string;
  days: OverviewDay[];
  series: Series[];
  format?: Format;
  children: ReactNode;
}) {
  return (
    <figure className={`${card} min-w-0 p-4`}>
      <figcaption className="mb-3 font-semibold">{title}</figcaption>
      {series.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-600 dark:text-slate-300">
          Nothing in this period.
        </p>
      ) : (
        <>
          <div aria-hidden="true">{children}</div>
          <DataTable days={days} series={series} format={format} />
        </>
      )}
    </figure>
  );
}

const CHART_STYLE = { width: '100%', height: 220 };
/** The figures table under each chart is what screen readers and the keyboard use. */
const CHART = { responsive: true, style: CHART_STYLE, accessibilityLayer: false } as const;
const TOOLTIP = {
  contentStyle: {
    background: 'var(--chart-bg)',
    color: 'var(--chart-fg)',
    border: '1px solid var(--chart-border)',
    borderRadius: 8,
  },
  labelStyle: { color: 'var(--chart-fg)' },
};

/** Axes, grid, tooltip and legend every chart shares; the ticks follow the text colour. */
function Frame({ format }: { format: Format }) {
  return [
    <CartesianGrid key="grid" stroke="currentColor" strokeOpacity={0.15} vertical={false} />,
    <XAxis
      key="x"
      dataKey="day"
      tickFormatter={shortDay}
      tick={{ fill: 'currentColor', fontSize: 12 }}
      stroke="currentColor"
      strokeOpacity={0.3}
      minTickGap={16}
    />,
    <YAxis
      key="y"
      tickFormatter={format}
      tick={{ fill: 'currentColor', fontSize: 12 }}
      stroke="currentColor"
      strokeOpacity={0.3}
      width={64}
      allowDecimals={format !== count}
    />,
    <Tooltip
      key="tip"
      {...TOOLTIP}
      labelFormatter={(label) => shortDay(String(label))}
      formatter={(value) => format(Number(value))}
    />,
    <Legend key="legend" wrapperStyle={{ fontSize: 12 }} />,
  ];
}

/** Rows for a chart: the day and each series' value under its key. */
const rowsOf = (days: OverviewDay[], series: Series[]) =>
  days.map((d) => Object.fromEntries([['day', d.day], ...series.map((s) => [s.key, s.value(d)])]));

function Bars({
  days,
  series,
  format = count,
  stacked = false,
}: {
  days: OverviewDay[];
  series: Series[];
  format?: Format;
  stacked?: boolean;
}) {
  return (
    <BarChart {...CHART} data={rowsOf(days, series)}>
      {Frame({ format })}
      {series.map((s, i) => (
        <Bar
          key={s.key}
          dataKey={s.key}
          name={s.label}
          fill={s.color ?? color(i)}
          stackId={stacked ? 'all' : undefined}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}

const rupeesAxis: Format = (paise) => rupees(paise).replace(/\.00$/, '');

/** The overview's per-day charts (Recharts, loaded with this module only). */
export function OverviewCharts({ overview }: { overview: AdminOverviewResponse }) {
  const days = overview.series;
  const learners: Series[] = [
    { key: 'signUps', label: 'Sign-ups', value: (d) => d.signUps },
    { key: 'activeLearners', label: 'Active learners', value: (d) => d.activeLearners },
  ];
  const providers = byKey(
    (d) => d.explanationsByProvider,
    keysOf(days, (d) => d.explanationsByProvider),
  );
  const units: Series[] = [{ key: 'unitsUsed', label: 'Units used', value: (d) => d.unitsUsed }];
  const revenue: Series[] = [
    { key: 'gross', label: 'Gross', value: (d) => d.revenue.grossPaise },
    { key: 'gst', label: 'GST', value: (d) => d.revenue.gstPaise },
    { key: 'refunds', label: 'Refunds', value: (d) => d.revenue.refundsPaise },
  ];
  const states = byKey(
    (d) => d.paymentsByState,
    keysOf(days, (d) => d.paymentsByState),
  ).map((s) => ({ ...s, label: stateLabel(s.key), color: STATE_COLORS[s.key] }));
  const tokens: Series[] = [
    { key: 'inputTokens', label: 'Input tokens', value: (d) => d.inputTokens },
    { key: 'outputTokens', label: 'Output tokens', value: (d) => d.outputTokens },
  ];
  const cost: Series[] = [
    { key: 'cost', label: 'Estimated cost', value: (d) => d.estimatedCostUsd },
  ];
  const errors: Series[] = [{ key: 'errors', label: '5xx answers', value: (d) => d.errors5xx }];

  return (
    <div className="grid gap-4 text-slate-500 [--chart-bg:#fff] [--chart-border:#e2e8f0] [--chart-fg:#0f172a] lg:grid-cols-2 dark:text-slate-400 dark:[--chart-bg:#0f172a] dark:[--chart-border:#334155] dark:[--chart-fg:#f1f5f9] [&_figcaption]:text-slate-900 dark:[&_figcaption]:text-slate-100 [&_table]:text-slate-800 dark:[&_table]:text-slate-200">
      <ChartCard title="Sign-ups and active learners" days={days} series={learners}>
        <LineChart {...CHART} data={rowsOf(days, learners)}>
          {Frame({ format: count })}
          {learners.map((s, i) => (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stroke={color(i)}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ChartCard>
      <ChartCard title="Explanations by provider" days={days} series={providers}>
        <Bars days={days} series={providers} stacked />
      </ChartCard>
      <ChartCard title="Units used" days={days} series={units}>
        <Bars days={days} series={units} />
      </ChartCard>
      <ChartCard
        title="Revenue: gross, GST and refunds"
        days={days}
        series={revenue}
        format={rupees}
      >
        <Bars days={days} series={revenue} format={rupeesAxis} />
      </ChartCard>
      <ChartCard title="Payments by state" days={days} series={states}>
        <Bars days={days} series={states} stacked />
      </ChartCard>
      <ChartCard title="AI tokens" days={days} series={tokens}>
        <Bars days={days} series={tokens} stacked />
      </ChartCard>
      <ChartCard title="Estimated AI cost (USD)" days={days} series={cost} format={usd}>
        <AreaChart {...CHART} data={rowsOf(days, cost)}>
          {Frame({ format: usd })}
          <Area
            dataKey="cost"
            name="Estimated cost"
            stroke={color(5)}
            fill={color(5)}
            fillOpacity={0.25}
            isAnimationActive={false}
          />
        </AreaChart>
      </ChartCard>
      <ChartCard title="Server errors (5xx answers)" days={days} series={errors}>
        <Bars days={days} series={errors} />
      </ChartCard>
    </div>
  );
}
