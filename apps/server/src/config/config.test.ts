import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, fastifyTrustProxy, parseEnv } from './config.ts';
import { loadSecrets } from './secrets.ts';

describe('parseEnv', () => {
  it('needs no configuration at all', () => {
    const config = parseEnv({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    // Listening on loopback only: the sandbox checkout is never on a public interface by default.
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.PAYMENT_GATEWAY).toBe('sandbox');
    expect(config.TEST_CLOCK).toBe(false);
  });

  it('refuses the test clock in production (the default), allows it under test', () => {
    expect(() => parseEnv({ TEST_CLOCK: 'true' })).toThrow(/TEST_CLOCK/);
    expect(() => parseEnv({ TEST_CLOCK: 'true', NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(parseEnv({ TEST_CLOCK: 'true', NODE_ENV: 'test' }).TEST_CLOCK).toBe(true);
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(parseEnv({ PORT: '4100' }).PUBLIC_URL).toBe('http://localhost:4100');
    expect(
      parseEnv({ PUBLIC_URL: 'https://grasp.example/', PAYMENT_GATEWAY: 'phonepe' }).PUBLIC_URL,
    ).toBe('https://grasp.example');
  });

  it('serves the sandbox checkout (anyone can "pay") only on a loopback PUBLIC_URL', () => {
    for (const url of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://127.9.9.9',
      'http://[::1]:3000',
    ]) {
      expect(parseEnv({ PUBLIC_URL: url }).PAYMENT_GATEWAY).toBe('sandbox');
    }
    for (const url of [
      'https://grasp.example',
      'http://10.0.0.5:3000',
      'http://0.0.0.0:3000',
      'http://localhost.grasp.example',
    ]) {
      expect(() => parseEnv({ PUBLIC_URL: url })).toThrow(ConfigError);
      expect(() => parseEnv({ PUBLIC_URL: url })).toThrow(/PAYMENT_GATEWAY.*SANDBOX_PAYMENTS/s);
      expect(() => parseEnv({ PUBLIC_URL: url })).toThrow(/PUBLIC_URL/);
    }
    const allowed = parseEnv({ PUBLIC_URL: 'https://grasp.example', SANDBOX_PAYMENTS: 'allow' });
    expect(allowed.PAYMENT_GATEWAY).toBe('sandbox');
    expect(() =>
      parseEnv({ PUBLIC_URL: 'https://grasp.example', SANDBOX_PAYMENTS: 'yes' }),
    ).toThrow(/SANDBOX_PAYMENTS/);
    // A real gateway needs neither.
    expect(
      parseEnv({ PUBLIC_URL: 'https://grasp.example', PAYMENT_GATEWAY: 'phonepe' }).PAYMENT_GATEWAY,
    ).toBe('phonepe');
  });

  it('serves the sandbox checkout only when the server also listens on loopback (HOST)', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]']) {
      expect(parseEnv({ HOST: host }).PAYMENT_GATEWAY).toBe('sandbox');
    }
    // The shipped Docker image and docker-compose listen on every interface.
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'grasp.example']) {
      expect(() => parseEnv({ HOST: host })).toThrow(ConfigError);
      expect(() => parseEnv({ HOST: host })).toThrow(/HOST/);
      expect(() => parseEnv({ HOST: host })).toThrow(/SANDBOX_PAYMENTS/);
    }
    expect(parseEnv({ HOST: '0.0.0.0', SANDBOX_PAYMENTS: 'allow' }).PAYMENT_GATEWAY).toBe(
      'sandbox',
    );
    expect(
      parseEnv({ HOST: '0.0.0.0', PUBLIC_URL: 'https://grasp.example', PAYMENT_GATEWAY: 'phonepe' })
        .HOST,
    ).toBe('0.0.0.0');
  });

  it('reads PUSH_ALLOWED_HOSTS as hosts and host:ports, none by default', () => {
    expect(parseEnv({}).PUSH_ALLOWED_HOSTS).toEqual([]);
    expect(
      parseEnv({ PUSH_ALLOWED_HOSTS: ' push.example.org, 127.0.0.1:8443 ,[::1]:9000,' })
        .PUSH_ALLOWED_HOSTS,
    ).toEqual(['push.example.org', '127.0.0.1:8443', '[::1]:9000']);
  });

  it('takes TRUST_PROXY as Fastify does: a hop count, addresses and CIDRs, or true', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1, fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
    expect(parseEnv({ TRUST_PROXY: 'loopback,uniquelocal' }).TRUST_PROXY).toEqual([
      'loopback',
      'uniquelocal',
    ]);
    for (const bad of ['yes', '-1', '1.5', '10.0.0.0/33', 'proxy.example', '10.0.0.1,,']) {
      expect(() => parseEnv({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });

  it.each([
    ['1', '203.0.113.9'],
    ['2', '198.51.100.7'],
    ['10.0.0.0/8', '203.0.113.9'],
    ['10.0.0.0/8,203.0.113.9', '198.51.100.7'],
    ['false', '10.0.0.2'],
  ])('TRUST_PROXY=%s: the client is %s', async (value, client) => {
    const app = Fastify({
      trustProxy: fastifyTrustProxy(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY),
    });
    app.get('/ip', (request) => ({ ip: request.ip }));
    const res = await app.inject({
      url: '/ip',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '1.2.3.4, 198.51.100.7, 203.0.113.9' },
    });
    expect(res.json()).toEqual({ ip: client });
    await app.close();
  });

  it('takes the passkey RP ID from PUBLIC_URL’s host, or a domain that host belongs to', () => {
    expect(parseEnv({}).PASSKEY_RP_ID).toBeUndefined();
    const sub = { PUBLIC_URL: 'https://learn.grasp.example', SANDBOX_PAYMENTS: 'allow' };
    expect(parseEnv({ ...sub, PASSKEY_RP_ID: 'Grasp.Example' }).PASSKEY_RP_ID).toBe(
      'grasp.example',
    );
    expect(parseEnv({ ...sub, PASSKEY_RP_ID: 'learn.grasp.example' }).PASSKEY_RP_ID).toBe(
      'learn.grasp.example',
    );
    for (const wrong of [
      'other.example',
      'rasp.example',
      'https://grasp.example',
      'x.learn.grasp.example',
    ]) {
      expect(() => parseEnv({ ...sub, PASSKEY_RP_ID: wrong }), wrong).toThrow(/PASSKEY_RP_ID/);
    }
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ REDIS_URL: '', DATABASE_URL: '' }).REDIS_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['PUBLIC_URL', 'not a url'],
    ['JWT_SECRET', 'short'],
    ['PAYMENT_GATEWAY', 'paypal'],
    ['PUSH_ALLOWED_HOSTS', 'push.example.org,https://x.org/'],
    ['PUSH_ALLOWED_HOSTS', 'push.example.org:99999'],
  ])('refuses a bad %s and names it', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => parseEnv({ [name]: value })).toThrow(name);
  });
});

describe('loadSecrets', () => {
  it('generates secrets once, keeps them private, and reuses them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'grasp-secrets-'));
    const first = loadSecrets(dir, {});
    const file = join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.altchaHmacKey).not.toBe(first.jwtSecret);
    expect(loadSecrets(dir, {})).toEqual(first);
    expect(JSON.parse(readFileSync(file, 'utf8')).JWT_SECRET).toBe(first.jwtSecret);
    // A VAPID pair web-push accepts: a 65-byte uncompressed point and a 32-byte scalar.
    expect(Buffer.from(first.vapidPublicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.vapidPrivateKey, 'base64url')).toHaveLength(32);
  });

  it('takes a VAPID pair from the environment only as a pair', () => {
    const dir = mkdtempSync(join(tmpdir(), 'grasp-secrets-'));
    const pair = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'b'.repeat(43) };
    expect(loadSecrets(dir, pair).vapidPublicKey).toBe(pair.VAPID_PUBLIC_KEY);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(
      'VAPID_PRIVATE_KEY',
    );
  });

  it('prefers secrets given in the environment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'grasp-secrets-'));
    const given = 'x'.repeat(40);
    expect(loadSecrets(dir, { JWT_SECRET: given }).jwtSecret).toBe(given);
  });
});
