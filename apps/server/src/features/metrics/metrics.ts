import { Counter, collectDefaultMetrics, Registry } from 'prom-client';
import type { Recorder } from '../../lib/recorder.ts';
import { createRequestDurations } from './request-durations.ts';

/** Prometheus metrics of one instance; a registry of its own, so several apps can share a process. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'grasp_' });
  const registers = [registry];

  const requestDurations = createRequestDurations({
    name: 'grasp_http_request_duration_seconds',
    help: 'HTTP requests by route, method and status: rate from _count, latency from _bucket',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registry,
  });
  const providerCalls = new Counter({
    name: 'grasp_provider_calls_total',
    help: 'Calls to explanation providers by outcome (ok, failed, timeout, unknown_concept, needs_ai_provider)',
    labelNames: ['provider', 'outcome'] as const,
    registers,
  });
  // Counted here and added when scraped: Counter.inc hashes its labels on every answer.
  const served = { cache: 0, provider: 0 };
  new Counter({
    name: 'grasp_answers_served_total',
    help: 'Explanations served, from the shared cache or from a provider (cache hit ratio)',
    labelNames: ['source'] as const,
    registers,
    collect() {
      for (const source of ['cache', 'provider'] as const) {
        if (served[source] > 0) this.inc({ source }, served[source]);
        served[source] = 0;
      }
    },
  });
  const answersChecked = new Counter({
    name: 'grasp_answers_checked_total',
    help: 'Answers checked against the two-minute promise, by provider and outcome (pass, mended, reasked, failed)',
    labelNames: ['provider', 'outcome'] as const,
    registers,
  });
  const unitsTaken = new Counter({
    name: 'grasp_units_taken_total',
    help: 'Units taken from users’ cycles',
    registers,
  });
  const unitsReturned = new Counter({
    name: 'grasp_units_returned_total',
    help: 'Units given back after a failed explanation (spent = taken - returned)',
    registers,
  });
  const payments = new Counter({
    name: 'grasp_payment_transitions_total',
    help: 'Payments entering each state (PAYMENT_PENDING, PAYMENT_SUCCESS, …, UPGRADED)',
    labelNames: ['state'] as const,
    registers,
  });

  const recorder: Recorder = {
    providerCall: (provider, outcome) => providerCalls.inc({ provider, outcome }),
    answerServed: (source) => {
      served[source]++;
    },
    answerChecked: (provider, outcome) => answersChecked.inc({ provider, outcome }),
    unitTaken: () => unitsTaken.inc(),
    unitReturned: () => unitsReturned.inc(),
    paymentState: (state) => payments.inc({ state }),
  };

  return {
    recorder,
    observeRequest(method: string, route: string, statusCode: number, ms: number) {
      requestDurations.observe(method, route, statusCode, ms / 1000);
    },
    contentType: registry.contentType,
    render: () => registry.metrics(),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
