import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as OTLP/JSON carries it, with its attributes flattened to plain values. */
export interface CollectedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  serviceName: unknown;
}

interface JsonValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface JsonKeyValue {
  key: string;
  value: JsonValue;
}
interface JsonSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: JsonKeyValue[];
}
interface JsonExport {
  resourceSpans: {
    resource?: { attributes?: JsonKeyValue[] };
    scopeSpans: { spans: JsonSpan[] }[];
  }[];
}

const plainValue = (v: JsonValue): unknown =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue));
const attributesOf = (list: JsonKeyValue[] = []) =>
  Object.fromEntries(list.map((kv) => [kv.key, plainValue(kv.value)]));

/**
 * An OpenTelemetry collector's OTLP/HTTP receiver, as far as traces go: POST /v1/traces answers
 * 200 with an empty ExportTraceServiceResponse. JSON bodies are decoded into spans; protobuf
 * bodies are kept as they came, with their content type.
 */
export async function startFakeCollector() {
  const spans: CollectedSpan[] = [];
  const raw: { contentType: string | undefined; body: Buffer }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      const body = Buffer.concat(chunks);
      const contentType = req.headers['content-type'];
      raw.push({ contentType, body });
      if (contentType?.startsWith('application/json')) {
        const exported = JSON.parse(body.toString('utf8')) as JsonExport;
        for (const resourceSpans of exported.resourceSpans) {
          const resource = attributesOf(resourceSpans.resource?.attributes);
          for (const scope of resourceSpans.scopeSpans) {
            for (const span of scope.spans) {
              spans.push({
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? '',
                name: span.name,
                kind: span.kind,
                attributes: attributesOf(span.attributes),
                serviceName: resource['service.name'],
              });
            }
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else {
        res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    raw,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeCollector = Awaited<ReturnType<typeof startFakeCollector>>;
