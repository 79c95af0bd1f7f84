import { isIP } from 'node:net';
import { z } from 'zod';
import { aiPricesSchema } from '../features/admin/ai-prices.ts';
import { parseHostRule } from '../lib/outbound-hosts.ts';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const optionalUrl = optionalString.pipe(z.url().optional());

function aiPricesOk(json: string): boolean {
  try {
    return aiPricesSchema.safeParse(JSON.parse(json)).success;
  } catch {
    return false;
  }
}

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR, or one of proxy-addr's named ranges. */
function isTrustedProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY for Fastify. Fastify 5.12 ignores a bare hop count (a client reaching the server
 * directly could spoof that many hops), so a count becomes the equivalent function: documented
 * for servers only their proxies reach; addresses and CIDRs check the proxy itself.
 */
export function fastifyTrustProxy(
  value: Config['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

/** TRUST_PROXY's text as Fastify's trustProxy takes it; null when it is none of those. */
function parseTrustProxy(value: string): boolean | number | string[] | null {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isTrustedProxyEntry) ? entries : null;
}

/** Every environment variable the server reads, validated once at start-up. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** Loopback by default: `npm start` serves this machine only (and so may run the sandbox). */
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: optionalUrl,
  /** The WebAuthn RP ID passkeys are bound to: PUBLIC_URL's host, or a domain it belongs to. */
  PASSKEY_RP_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/, 'must be a domain name, e.g. example.com')
      .optional(),
  ),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^(postgres(ql)?:\/\/|sqlite:|file:)/, 'must start with postgres://, sqlite: or file:')
      .optional(),
  ),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis://')
      .optional(),
  ),
  /** Namespaces every Redis key, so several deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,40}$/, 'letters, digits and : . - _ only')
    .default('grasp:'),
  /** Default: info, or silent under NODE_ENV=test. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ALTCHA_HMAC_KEY: optionalString.pipe(
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  /** Web Push VAPID keys (base64url, as web-push generates them); generated on first start. */
  VAPID_PUBLIC_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
      .optional(),
  ),
  /** Push services besides the known ones, `host` or `host:port`; they may be on private addresses. */
  PUSH_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().refine((h) => parseHostRule(h) !== null, 'each must be host or host:port'),
      ),
    ),
  TURNSTILE_SITE_KEY: optionalString,
  TURNSTILE_SECRET_KEY: optionalString,
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be smtp://…')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Grasp <no-reply@grasp.local>'),
  SUPPORT_EMAIL: z.email().default('support@grasp.local'),
  SUPPORT_PHONE: z.string().default('+91 98765 43210'),
  DEFAULT_AI_PROVIDER: optionalString,
  GOOGLE_GENERATIVE_AI_API_KEY: optionalString,
  GOOGLE_BASE_URL: optionalUrl,
  GOOGLE_MODEL: z.string().default('gemini-2.5-flash'),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalUrl,
  ANTHROPIC_MODEL: z.string().default('claude-3-5-haiku-latest'),
  OLLAMA_BASE_URL: optionalUrl,
  OLLAMA_MODEL: z.string().default('llama3.2'),
  /** USD per million tokens by model, JSON (features/admin/ai-prices.ts); merged over the defaults. */
  AI_PRICES: optionalString.pipe(
    z
      .string()
      .refine((v) => aiPricesOk(v), 'must be JSON like {"gpt-4o-mini":{"input":0.15,"output":0.6}}')
      .optional(),
  ),
  /** off: explanations are not grounded in Wikipedia (no request leaves for it). */
  SOURCES: z.enum(['on', 'off']).default('on'),
  /** Where Wikipedia is reached; `{lang}` stands for the explanation's language code. */
  WIKIPEDIA_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL, with {lang} for the language')
    .default('https://{lang}.wikipedia.org'),
  PAYMENT_GATEWAY: z.enum(['sandbox', 'phonepe', 'phonepe-v1']).default('sandbox'),
  /** allow: serve the sandbox (anyone can "pay") on a PUBLIC_URL others can reach. */
  SANDBOX_PAYMENTS: optionalString.pipe(z.enum(['allow']).optional()),
  PHONEPE_CLIENT_ID: optionalString,
  PHONEPE_CLIENT_SECRET: optionalString,
  PHONEPE_CLIENT_VERSION: optionalString,
  PHONEPE_ENV: z.enum(['sandbox', 'production']).default('production'),
  PHONEPE_WEBHOOK_USERNAME: optionalString,
  PHONEPE_WEBHOOK_PASSWORD: optionalString,
  /** The seller on tax invoices (DESIGN.md §12); required with PAYMENT_GATEWAY=phonepe. */
  SELLER_NAME: optionalString,
  SELLER_ADDRESS: optionalString,
  SELLER_GSTIN: optionalString.pipe(
    z
      .string()
      .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'must be a 15-character GSTIN')
      .optional(),
  ),
  SELLER_STATE: optionalString,
  PHONEPE_MERCHANT_ID: optionalString,
  PHONEPE_SALT_KEY: optionalString,
  PHONEPE_SALT_INDEX: optionalString,
  PHONEPE_BASE_URL: optionalUrl,
  /** When set, /metrics asks for `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: optionalString,
  /** OpenTelemetry traces go to {endpoint}/v1/traces when set; unset, nothing of it is loaded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(['http/protobuf', 'http/json']).default('http/protobuf'),
  OTEL_SERVICE_NAME: optionalString.pipe(z.string().default('grasp')),
  /** Read by the SDK's batch processor itself; checked here so a typo stops the start. */
  OTEL_BSP_SCHEDULE_DELAY: z.coerce.number<string | undefined>().int().min(0).optional(),
  RATE_LIMIT_SCALE: z.coerce.number().min(1).max(100_000).default(1),
  /** As Fastify's trustProxy: a hop count, addresses/CIDRs, or true (every hop; spoofable). */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed === null) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be false, a hop count (1 for one proxy), comma-separated addresses or CIDRs (or loopback, linklocal, uniquelocal), or true',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Tests only: POST /api/test/clock moves the server's clock. Refused in production. */
  TEST_CLOCK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  PUBLIC_URL: string;
  databaseUrl: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** localhost, 127.0.0.0/8 or ::1: a server only this machine reaches. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** A listening address only this machine reaches: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

/**
 * The sandbox hands out Pro and invoices to anyone who presses "pay": never by accident. Where
 * the server listens counts as much as its PUBLIC_URL: a localhost URL on 0.0.0.0 is public.
 */
function checkSandboxPayments(e: Env, publicUrl: string): void {
  if (e.PAYMENT_GATEWAY !== 'sandbox' || e.SANDBOX_PAYMENTS === 'allow') return;
  if (isLoopbackUrl(publicUrl) && isLoopbackHost(e.HOST)) return;
  throw new ConfigError(
    `Invalid configuration:\n  PAYMENT_GATEWAY: sandbox (the default) lets anyone "pay" for Pro; it serves only when both PUBLIC_URL (it is ${publicUrl}) and HOST (it is ${e.HOST}) are loopback addresses, or SANDBOX_PAYMENTS=allow is set. Set PAYMENT_GATEWAY=phonepe for real payments, or SANDBOX_PAYMENTS=allow for a public trial`,
  );
}

/** WebAuthn's rule: the RP ID is the page's host or a domain it belongs to; browsers refuse others. */
function passkeyRpId(e: Env, publicUrl: string): string | undefined {
  const host = new URL(publicUrl).hostname;
  const rpId = e.PASSKEY_RP_ID?.toLowerCase();
  if (rpId && rpId !== host && !host.endsWith(`.${rpId}`)) {
    throw new ConfigError(
      `Invalid configuration:\n  PASSKEY_RP_ID: must be ${host} (PUBLIC_URL's host) or a domain it belongs to`,
    );
  }
  return rpId;
}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function parseEnv(env: NodeJS.ProcessEnv): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.TEST_CLOCK && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  TEST_CLOCK: moves the server’s clock, for tests only; it needs NODE_ENV=test or development',
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither (a pair is generated on first start)',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  checkSandboxPayments(e, publicUrl);
  const rpId = passkeyRpId(e, publicUrl);
  return { ...e, PUBLIC_URL: publicUrl, PASSKEY_RP_ID: rpId, databaseUrl: e.DATABASE_URL };
}
