import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { fakeProvider } from '../../test/fake-provider.ts';
import {
  bearer,
  checkout,
  newPayment,
  type Payer,
  payer,
  TEST_SECRETS,
} from '../billing/payment-test-helpers.ts';

/** The value of one sample of the Prometheus text, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string | number> = {}) {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text
    .split('\n')
    .find(
      (l) =>
        (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) &&
        wanted.every((pair) => l.includes(pair)),
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('Prometheus metrics', () => {
  let t: TestApp;
  let alice: Payer;
  const fake = fakeProvider('remote-openai');
  const offline = fakeProvider('offline');
  const metrics = async (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const explain = (query: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ai/aiResponseGoogle',
      headers: bearer(alice.token),
      payload: { query, template: 'default', provider: 'remote-openai' },
    });

  beforeAll(async () => {
    t = await buildTestApp('sqlite', {
      secrets: TEST_SECRETS,
      providers: [offline.provider, fake.provider],
      env: { RATE_LIMIT_SCALE: '50', METRICS_TOKEN: 'scrape-me-please' },
    });
    alice = await payer(t.app, t.database.db, 'Alice');
  });
  afterAll(() => t.close());

  it('asks for the metrics token when one is configured', async () => {
    expect((await metrics()).statusCode).toBe(401);
    expect((await metrics('wrong')).statusCode).toBe(401);
    const res = await metrics('scrape-me-please');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('grasp_process_resident_memory_bytes');
  });

  it('counts requests by route, provider calls, cache hits, units and payments', async () => {
    expect((await explain('Gravity')).statusCode).toBe(200);
    expect((await explain('Gravity')).json().cached).toBe(true);
    fake.state.mode = 'fail';
    // The model failed: the no-key explainer answered instead, and the unit went back.
    expect((await explain('Entropy')).json().fallback).toBe(true);
    fake.state.mode = 'ok';
    const id = await newPayment(t.app, alice);
    await checkout(t.app, id, 'pay');

    const text = (await metrics('scrape-me-please')).body;
    const route = { route: '/api/ai/aiResponseGoogle', method: 'POST' };
    expect(
      sample(text, 'grasp_http_request_duration_seconds_count', { ...route, status_code: 200 }),
    ).toBe(3);
    const calls = { provider: 'remote-openai' };
    expect(sample(text, 'grasp_provider_calls_total', { ...calls, outcome: 'ok' })).toBe(1);
    expect(sample(text, 'grasp_provider_calls_total', { ...calls, outcome: 'failed' })).toBe(1);
    expect(sample(text, 'grasp_answers_served_total', { source: 'cache' })).toBe(1);
    expect(sample(text, 'grasp_answers_served_total', { source: 'provider' })).toBe(2);
    const checked = 'grasp_answers_checked_total';
    expect(sample(text, checked, { provider: 'remote-openai', outcome: 'pass' })).toBe(1);
    expect(sample(text, checked, { provider: 'offline', outcome: 'pass' })).toBe(1);
    expect(sample(text, 'grasp_units_taken_total')).toBe(2);
    expect(sample(text, 'grasp_units_returned_total')).toBe(1);
    expect(sample(text, 'grasp_payment_transitions_total', { state: 'PAYMENT_PENDING' })).toBe(1);
    expect(sample(text, 'grasp_payment_transitions_total', { state: 'PAYMENT_SUCCESS' })).toBe(1);
    expect(sample(text, 'grasp_payment_transitions_total', { state: 'UPGRADED' })).toBe(1);
  });

  it('labels unknown URLs as unmatched rather than by their raw path', async () => {
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/12345' });
    const text = (await metrics('scrape-me-please')).body;
    expect(text).not.toContain('/api/no-such-thing/12345');
  });
});

describe('Prometheus metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  beforeAll(async () => {
    t = await buildTestApp('sqlite', { env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it('answers this machine only; anyone else, even claiming to forward it, gets 404', async () => {
    for (const address of ['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1']) {
      expect((await from(address)).statusCode, address).toBe(200);
    }
    for (const address of ['203.0.113.5', '10.0.0.7', '::ffff:10.0.0.7', 'fe80::1']) {
      expect((await from(address)).statusCode, address).toBe(404);
    }
    // Through a proxy on this machine, the client it names is who asks.
    expect((await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).statusCode).toBe(404);
    expect((await from('203.0.113.5', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
  });
});
