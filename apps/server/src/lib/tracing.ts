/**
 * What the server asks of tracing (DESIGN.md §19), with nothing of OpenTelemetry in it: a no-op
 * until lib/otel.ts, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set, installs the real one.
 */
export interface Tracing {
  readonly enabled: boolean;
  /** `run` inside a child span of the current one; a throw marks the span failed. */
  inSpan<T>(name: string, run: () => Promise<T>): Promise<T>;
  /** The current trace's id, for log lines. */
  traceId(): string | undefined;
  /** Names the current request's server span by its route (`GET /s/:shareId`). */
  route(method: string, route: string): void;
  /** A query that just ran, as a database client span ended now. */
  query(system: 'sqlite' | 'postgresql', sql: string, durationMs: number): void;
}

const off: Tracing = {
  enabled: false,
  inSpan: (_name, run) => run(),
  traceId: () => undefined,
  route: () => undefined,
  query: () => undefined,
};

let current: Tracing = off;

/** The tracing in force: calls cost a property read while it is off. */
export const tracing = (): Tracing => current;

/** The real tracing, or null to turn it off again. */
export function installTracing(installed: Tracing | null): void {
  current = installed ?? off;
}
