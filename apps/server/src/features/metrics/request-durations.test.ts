import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createRequestDurations } from './request-durations.ts';

const name = 'grasp_http_request_duration_seconds';
const help = 'HTTP requests by route, method and status code';
const buckets = [0.005, 0.01, 0.025, 0.1, 1];

describe('the request durations', () => {
  it("read as prom-client's own Histogram of the same requests reads", async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const durations = createRequestDurations({ name, help, buckets, registry: ours });
    const histogram = new Histogram({
      name,
      help,
      buckets,
      labelNames: ['method', 'route', 'status_code'],
      registers: [theirs],
    });
    const requests: [string, string, number, number][] = [
      ['POST', '/api/ai/aiResponseGoogle', 200, 0.004],
      ['POST', '/api/ai/aiResponseGoogle', 200, 0.005],
      ['GET', '/api/health', 200, 0.0001],
      ['POST', '/api/ai/aiResponseGoogle', 502, 0.3],
      ['POST', '/api/ai/aiResponseGoogle', 200, 7],
      ['GET', 'unmatched', 404, 0.02],
      ['POST', '/api/ai/aiResponseGoogle', 200, 0.02],
    ];
    for (const [method, route, status, seconds] of requests) {
      durations.observe(method, route, status, seconds);
      histogram.observe({ method, route, status_code: status }, seconds);
    }
    const text = await ours.metrics();
    expect(text).toContain(
      `${name}_bucket{le="0.005",method="POST",route="/api/ai/aiResponseGoogle",status_code="200"} 2`,
    );
    expect(text).toBe(await theirs.metrics());
  });

  it('reads as nothing before any request', async () => {
    const registry = new Registry();
    createRequestDurations({ name, help, buckets, registry });
    expect(await registry.metrics()).toBe(`# HELP ${name} ${help}\n# TYPE ${name} histogram\n`);
  });
});
