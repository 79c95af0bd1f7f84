import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

describe('public site config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', {
      env: { SUPPORT_EMAIL: 'help@grasp.test', SUPPORT_PHONE: '+91 90000 11111' },
    });
  });
  afterAll(() => t.close());

  it('answers the configured support email and phone, cacheable, to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config/public' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      supportEmail: 'help@grasp.test',
      supportPhone: '+91 90000 11111',
    });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });
});
