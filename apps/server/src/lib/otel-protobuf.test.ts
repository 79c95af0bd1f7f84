import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import {
  type FakeCollector,
  startFakeCollector,
} from '../test/fake-vendors/fake-otlp-collector.ts';
import { startOtel } from './otel.ts';

/** The default protocol: OTLP/HTTP with protobuf bodies, as the exporter encodes them. */
describe('OpenTelemetry traces through OTLP/HTTP (http/protobuf)', () => {
  let collector: FakeCollector;
  let t: TestApp;
  let otel: { shutdown(): Promise<void> };

  beforeAll(async () => {
    collector = await startFakeCollector();
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.url;
    process.env.OTEL_BSP_SCHEDULE_DELAY = '50';
    otel = await startOtel({ protocol: 'http/protobuf', serviceName: 'grasp-proto' });
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
    await otel?.shutdown();
    await collector?.close();
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete process.env.OTEL_BSP_SCHEDULE_DELAY;
  });

  it('posts protobuf to {endpoint}/v1/traces holding the request’s server span', async () => {
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const deadline = Date.now() + 10_000;
    const holds = (text: string) => collector.raw.some((r) => r.body.includes(text));
    while (!holds('GET /api/health')) {
      if (Date.now() > deadline) throw new Error('no span for the request came');
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(collector.raw.every((r) => r.contentType === 'application/x-protobuf')).toBe(true);
    // Strings go into protobuf as they are: the service name and the route's attribute.
    expect(holds('grasp-proto')).toBe(true);
    expect(holds('http.route')).toBe(true);
  });
});
