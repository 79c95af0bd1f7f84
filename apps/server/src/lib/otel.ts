import { createRequire, syncBuiltinESMExports } from 'node:module';
import type { Span, TracerProvider } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-node';
import { installTracing, type Tracing } from './tracing.ts';

/**
 * OpenTelemetry traces, OTLP over HTTP (DESIGN.md §19). Started only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (main.ts); every package is imported from inside, since the
 * bundle would hoist static imports to its top and load them in every server. The
 * exporters and the batch processor read the standard OTEL_* variables themselves (endpoint,
 * headers, OTEL_BSP_SCHEDULE_DELAY); the protocol picks the exporter.
 */
export interface OtelOptions {
  protocol: 'http/protobuf' | 'http/json';
  serviceName: string;
}

async function exporterFor(protocol: OtelOptions['protocol']): Promise<SpanExporter> {
  if (protocol === 'http/json') {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    return new OTLPTraceExporter();
  }
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
  return new OTLPTraceExporter();
}

interface Instrumentation {
  setTracerProvider(provider: TracerProvider): void;
  enable(): void;
  disable(): void;
}

/** Made once a process: a start after a shutdown (tests) points them at the new provider. */
let instrumentations: Instrumentation[] | null = null;

/**
 * Patches node:http and node:https for server and client spans (traceparent sent on), and makes
 * the patched functions what `import { request } from 'node:http'` binds to: ES module imports of
 * built-ins keep the functions they first saw until told to look again. Returns the undoing.
 */
async function instrumentHttp(provider: TracerProvider): Promise<() => void> {
  if (!instrumentations) {
    const { HttpInstrumentation } = await import('@opentelemetry/instrumentation-http');
    const { UndiciInstrumentation } = await import('@opentelemetry/instrumentation-undici');
    instrumentations = [
      new HttpInstrumentation({ enabled: false }),
      new UndiciInstrumentation({ enabled: false }),
    ];
  }
  const active = instrumentations;
  for (const instrumentation of active) {
    instrumentation.setTracerProvider(provider);
    instrumentation.enable();
  }
  const require = createRequire(import.meta.url);
  require('node:http');
  require('node:https');
  syncBuiltinESMExports();
  return () => {
    for (const instrumentation of active) instrumentation.disable();
    syncBuiltinESMExports();
  };
}

export async function startOtel(options: OtelOptions): Promise<{ shutdown(): Promise<void> }> {
  const api = await import('@opentelemetry/api');
  const { SpanKind, SpanStatusCode, trace } = api;
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  const { BatchSpanProcessor, NodeTracerProvider } = await import('@opentelemetry/sdk-trace-node');
  const ended = (span: Span, error?: unknown) => {
    if (error !== undefined) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [new BatchSpanProcessor(await exporterFor(options.protocol))],
  });
  // The async-hooks context manager and W3C trace context propagation.
  provider.register();
  const uninstrument = await instrumentHttp(provider);
  const tracer = trace.getTracer('grasp');

  const tracing: Tracing = {
    enabled: true,
    inSpan: (name, run) =>
      tracer.startActiveSpan(name, async (span) => {
        try {
          const result = await run();
          ended(span);
          return result;
        } catch (error) {
          ended(span, error);
          throw error;
        }
      }),
    traceId: () => trace.getActiveSpan()?.spanContext().traceId,
    route(method, route) {
      const span = trace.getActiveSpan();
      span?.setAttribute('http.route', route);
      span?.updateName(`${method} ${route}`);
    },
    query(system, sql, durationMs) {
      const end = performance.timeOrigin + performance.now();
      const operation = sql.trimStart().split(/\s/, 1)[0]?.toUpperCase() ?? '';
      const span = tracer.startSpan(`${operation} ${system}`, {
        kind: SpanKind.CLIENT,
        startTime: end - durationMs,
        attributes: { 'db.system.name': system, 'db.query.text': sql },
      });
      span.end(end);
    },
  };
  installTracing(tracing);
  return {
    /** Sends what is left, then leaves the process as it was before (tests start it again). */
    async shutdown() {
      installTracing(null);
      uninstrument();
      await provider.shutdown();
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
    },
  };
}
