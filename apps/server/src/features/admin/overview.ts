import type { AdminOverviewResponse, AiUsageRow, OverviewDay } from '@grasp/contract';
import type { Clock } from '../../lib/clock.ts';
import { METERS } from '../metrics/daily-meter.ts';
import { type AiPrices, estimateCostUsd } from './ai-prices.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const roundUsd = (usd: number) => Math.round(usd * 1_000_000) / 1_000_000;

/** What the overview reads, each through its feature's service. */
export interface OverviewSources {
  learners(): Promise<number>;
  signUpsByDay(from: Date): Promise<{ day: string; count: number }[]>;
  activitySince(from: Date): Promise<{
    byProvider: { day: string; provider: string; count: number }[];
    learnersByDay: { day: string; count: number }[];
    learners: number;
  }>;
  billingDaily(from: Date): Promise<{
    invoiced: { day: string; gross: number; gst: number }[];
    refunded: { day: string; paise: number }[];
    payments: { day: string; state: string; count: number }[];
  }>;
  meters(
    fromDay: string,
    toDay: string,
  ): Promise<{ day: string; metric: string; provider: string; model: string; value: number }[]>;
}

function emptyDay(day: string): OverviewDay {
  return {
    day,
    signUps: 0,
    activeLearners: 0,
    explanations: 0,
    explanationsByProvider: {},
    unitsUsed: 0,
    revenue: { grossPaise: 0, gstPaise: 0, refundsPaise: 0 },
    paymentsByState: {},
    aiCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    estimatedCostUsd: 0,
    errors5xx: 0,
  };
}

const bump = (counts: Record<string, number>, key: string, by: number) => {
  counts[key] = (counts[key] ?? 0) + by;
};

/**
 * The overview of the last `days` UTC days, today included (DESIGN.md §15): one query per
 * source, grouped by day in the database, assembled here into a series with every day present.
 */
export function createOverview(deps: { sources: OverviewSources; prices: AiPrices; clock: Clock }) {
  const { sources, prices } = deps;

  return async function overview(days: number): Promise<AdminOverviewResponse> {
    const today = new Date(deps.clock.now().toISOString().slice(0, 10));
    const from = new Date(today.getTime() - (days - 1) * DAY_MS);
    const series = new Map<string, OverviewDay>();
    for (let i = 0; i < days; i++) {
      const day = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
      series.set(day, emptyDay(day));
    }
    const toDay = today.toISOString().slice(0, 10);
    const [learners, signUps, activity, billing, meters] = await Promise.all([
      sources.learners(),
      sources.signUpsByDay(from),
      sources.activitySince(from),
      sources.billingDaily(from),
      sources.meters(from.toISOString().slice(0, 10), toDay),
    ]);
    const at = (day: string) => series.get(day);

    for (const r of signUps) {
      const d = at(r.day);
      if (d) d.signUps += r.count;
    }
    for (const r of activity.byProvider) {
      const d = at(r.day);
      if (!d) continue;
      d.explanations += r.count;
      bump(d.explanationsByProvider, r.provider, r.count);
    }
    for (const r of activity.learnersByDay) {
      const d = at(r.day);
      if (d) d.activeLearners = r.count;
    }
    for (const r of billing.invoiced) {
      const d = at(r.day);
      if (!d) continue;
      d.revenue.grossPaise += r.gross;
      d.revenue.gstPaise += r.gst;
    }
    for (const r of billing.refunded) {
      const d = at(r.day);
      if (d) d.revenue.refundsPaise += r.paise;
    }
    for (const r of billing.payments) {
      const d = at(r.day);
      if (d) bump(d.paymentsByState, r.state, r.count);
    }

    const models = new Map<string, AiUsageRow>();
    const modelRow = (provider: string, model: string) => {
      const key = `${provider}\u0000${model}`;
      let row = models.get(key);
      if (!row) {
        row = { provider, model, calls: 0, inputTokens: 0, outputTokens: 0, estimatedCostUsd: 0 };
        models.set(key, row);
      }
      return row;
    };
    for (const m of meters) {
      const d = at(m.day);
      if (!d) continue;
      if (m.metric === METERS.units) d.unitsUsed += m.value;
      else if (m.metric === METERS.errors5xx) d.errors5xx += m.value;
      else if (m.metric === METERS.aiCalls) {
        d.aiCalls += m.value;
        modelRow(m.provider, m.model).calls += m.value;
      } else if (m.metric === METERS.aiInput || m.metric === METERS.aiOutput) {
        const input = m.metric === METERS.aiInput;
        const tokens = { inputTokens: input ? m.value : 0, outputTokens: input ? 0 : m.value };
        const cost = estimateCostUsd(prices, m.provider, m.model, tokens);
        if (input) d.inputTokens += m.value;
        else d.outputTokens += m.value;
        d.estimatedCostUsd = roundUsd(d.estimatedCostUsd + cost);
        const row = modelRow(m.provider, m.model);
        row.inputTokens += tokens.inputTokens;
        row.outputTokens += tokens.outputTokens;
        row.estimatedCostUsd = roundUsd(row.estimatedCostUsd + cost);
      }
    }

    const list = [...series.values()];
    const sum = (pick: (d: OverviewDay) => number) => list.reduce((n, d) => n + pick(d), 0);
    const merged = (pick: (d: OverviewDay) => Record<string, number>) => {
      const out: Record<string, number> = {};
      for (const d of list) for (const [k, v] of Object.entries(pick(d))) bump(out, k, v);
      return out;
    };
    return {
      days,
      from: from.toISOString().slice(0, 10),
      to: toDay,
      totals: {
        learners,
        signUps: sum((d) => d.signUps),
        activeLearners: activity.learners,
        explanations: sum((d) => d.explanations),
        explanationsByProvider: merged((d) => d.explanationsByProvider),
        unitsUsed: sum((d) => d.unitsUsed),
        revenue: {
          grossPaise: sum((d) => d.revenue.grossPaise),
          gstPaise: sum((d) => d.revenue.gstPaise),
          refundsPaise: sum((d) => d.revenue.refundsPaise),
        },
        paymentsByState: merged((d) => d.paymentsByState),
        ai: [...models.values()].sort((a, b) => b.estimatedCostUsd - a.estimatedCostUsd),
        aiCalls: sum((d) => d.aiCalls),
        inputTokens: sum((d) => d.inputTokens),
        outputTokens: sum((d) => d.outputTokens),
        estimatedCostUsd: roundUsd(sum((d) => d.estimatedCostUsd)),
        errors5xx: sum((d) => d.errors5xx),
      },
      series: list,
    };
  };
}
