import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { errorBodySchema } from '@grasp/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenSigner } from '../../features/auth/tokens.ts';
import { nextAddress, signedInUser } from '../auth-helpers.ts';
import { buildTestApp, TEST_SECRETS, type TestApp } from '../build-test-app.ts';
import { TEST_DATABASES } from '../databases.ts';
import { fakeProvider } from '../fake-provider.ts';
import { type ApiRoute, apiRoutes, servedRoutes, undocumentedApiRoutes } from './api-routes.ts';
import {
  fromSchema,
  headerValue,
  hostileJson,
  hostileQuery,
  hostileSegment,
  hostileString,
  malformedJwt,
} from './hostile-input.ts';

/** Per route and database; the whole file stays well under a minute on a busy machine. */
const RUNS_PER_ROUTE = 40;
/** CI replays one seed so a red build stays red; FC_SEED replays a seed printed by a failure. */
const SEED = process.env.FC_SEED
  ? Number(process.env.FC_SEED)
  : process.env.CI === 'true'
    ? 20_260_801
    : undefined;

const OWN_NAME = 'Prop';

/** Routes that answer a person's browser with HTML pages; their 404 is a page too. */
const PAGE_ROUTES = new Set(['/api/payment/sandbox/checkout/:transactionId', '/s/:shareId']);

const discovery = await buildTestApp('sqlite');
const ROUTES = await apiRoutes(discovery.app);
const SERVED = servedRoutes(discovery.app);
await discovery.close();

type Authorization =
  | { kind: 'none' }
  | { kind: 'own'; format: string }
  | { kind: 'raw'; value: string }
  | { kind: 'signed'; ownUser: boolean; sessionId: string; userId: string };

interface HostileRequest {
  method: string;
  url: string;
  authorization: Authorization;
  headers: Record<string, string>;
  payload: string | undefined;
}

const authorization: fc.Arbitrary<Authorization> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('own' as const),
      format: fc.oneof(
        { weight: 6, arbitrary: fc.constant('Bearer %s') },
        {
          weight: 1,
          arbitrary: fc.constantFrom('bearer %s', 'Bearer  %s', 'Bearer %s x', 'Bearer %sx', '%s'),
        },
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('raw' as const),
      value: fc.oneof(
        malformedJwt.map((token) => `Bearer ${token}`),
        headerValue.map((value) => `Bearer ${value}`),
        headerValue,
        fc.constantFrom('Bearer', 'Bearer ', 'Basic YTpi', 'Bearer null', 'Bearer undefined'),
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('signed' as const),
      ownUser: fc.boolean(),
      sessionId: hostileString,
      userId: hostileString,
    }),
  },
);

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      'application/jsonx',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/octet-stream',
      '*/*',
      ';',
    ),
  },
  { weight: 1, arbitrary: headerValue },
);

const optionalHeaders = fc.record(
  {
    accept: fc.oneof(
      fc.constantFrom('application/json', 'text/event-stream', '*/*', 'text/html'),
      headerValue,
    ),
    'accept-encoding': fc.constantFrom('gzip', 'deflate', 'br', 'identity', '*', 'gzip;q=x'),
    origin: fc.constantFrom('https://evil.example', 'http://localhost:3000', 'null'),
    'access-control-request-method': fc.constantFrom('GET', 'POST', 'DELETE'),
    'x-verify': headerValue,
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip', '::1, 10.0.0.1'),
    cookie: headerValue,
  },
  { requiredKeys: [] },
);

const malformedJson = fc.constantFrom(
  '{',
  '{"query":',
  '[1,]',
  "{'query':'x'}",
  '{"a":1}garbage',
  '\uFEFF{}',
  'NaN',
  '',
  'null',
  '"just a string"',
  '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"query":"${'x'.repeat(70 * 1024)}"}`,
);

function payloadFor(route: ApiRoute): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 5,
      arbitrary: fromSchema(route.body ?? {}).map((value) => JSON.stringify(value) ?? 'null'),
    },
    { weight: 2, arbitrary: hostileJson.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: malformedJson },
    { weight: 1, arbitrary: hostileString },
  );
}

function urlFor(route: ApiRoute): fc.Arbitrary<string> {
  const plausible = [OWN_NAME, OWN_NAME.toUpperCase(), 'Gravity', 'TXN1234567890'];
  const segments = Object.fromEntries(
    Object.keys(route.pathParams).map((name) => [name, hostileSegment(plausible)]),
  );
  return fc.tuple(fc.record(segments), hostileQuery(route.queryKeys)).map(([params, query]) => {
    const path = route.path.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? '');
    return query ? `${path}?${query}` : path;
  });
}

function hostileRequest(route: ApiRoute): fc.Arbitrary<HostileRequest> {
  const otherMethod = fc.constantFrom('HEAD', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS');
  return fc
    .record({
      method: fc.oneof(
        { weight: 8, arbitrary: fc.constant(route.method) },
        { weight: 1, arbitrary: otherMethod },
      ),
      url: urlFor(route),
      authorization,
      contentType: fc.option(contentType, { freq: 5 }),
      headers: optionalHeaders,
      payload: payloadFor(route),
    })
    .map(({ contentType, headers, ...request }) => ({
      ...request,
      headers: contentType === null ? headers : { ...headers, 'content-type': contentType },
    }));
}

/** The body as the client reads it, whatever compression it asked for. */
function bodyText(res: LightMyRequestResponse): string {
  const raw = res.rawPayload;
  switch (res.headers['content-encoding']) {
    case 'gzip':
      return gunzipSync(raw).toString('utf8');
    case 'deflate':
      return inflateSync(raw).toString('utf8');
    case 'br':
      return brotliDecompressSync(raw).toString('utf8');
    default:
      return raw.toString('utf8');
  }
}

/** Never a 5xx, and every refusal from /api in the one error body of DESIGN.md §4. */
function expectSafeAnswer(route: ApiRoute, request: HostileRequest, res: LightMyRequestResponse) {
  const text = bodyText(res);
  const seen = `${request.method} ${request.url.slice(0, 300)} -> ${res.statusCode} ${text.slice(0, 300)}`;
  expect(res.statusCode, seen).toBeLessThan(500);
  if (res.statusCode < 400 || request.method === 'HEAD') return;
  const contentType = String(res.headers['content-type'] ?? '');
  if (PAGE_ROUTES.has(route.path) && contentType.startsWith('text/html')) return;
  expect(contentType, seen).toMatch(/^application\/json/);
  const body = errorBodySchema.strict().safeParse(JSON.parse(text));
  expect(body.success, seen).toBe(true);
  if (!body.success) return;
  expect(body.data.code, seen).toMatch(/^[A-Z][A-Z0-9_]*$/);
  expect(body.data.message.trim(), seen).not.toBe('');
  expect(body.data.message, seen).not.toMatch(/\n\s+at /);
}

describe('route discovery', () => {
  it('finds the endpoints in the app’s own OpenAPI document', () => {
    const found = ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'GET /api/stats/units/:username',
        'POST /api/ai/aiResponseGoogle',
      ]),
    );
  });

  it('leaves no served API route out of the document, so none escapes the properties', () => {
    expect(SERVED.length).toBeGreaterThan(ROUTES.length);
    expect(undocumentedApiRoutes(SERVED, ROUTES)).toEqual([]);
  });
});

describe.each(TEST_DATABASES)('hostile input on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  const signer = createTokenSigner(TEST_SECRETS.jwtSecret);

  const signIn = async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: OWN_NAME, password: '1234' },
      remoteAddress: nextAddress(),
    });
    token = login.json<{ token: string }>().token;
  };

  const authorizationHeader = async (auth: Authorization): Promise<string | undefined> => {
    switch (auth.kind) {
      case 'none':
        return undefined;
      case 'own':
        return auth.format.replace('%s', token);
      case 'raw':
        return auth.value;
      case 'signed': {
        const claims = { userId: auth.ownUser ? userId : auth.userId, sessionId: auth.sessionId };
        return `Bearer ${await signer.sign(claims, new Date())}`;
      }
    }
  };

  const send = async (request: HostileRequest) => {
    const auth = await authorizationHeader(request.authorization);
    const res = await t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: auth === undefined ? request.headers : { ...request.headers, authorization: auth },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
      remoteAddress: nextAddress(),
    });
    // Logging out with the test's own token ends its session; later runs need a live one.
    if (request.url === '/api/auth/logout' && res.statusCode === 200) await signIn();
    return res;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      providers: [fakeProvider('offline').provider, fakeProvider('remote-openai').provider],
      // Limits would turn most runs into 429s and hide what the route itself does.
      env: { RATE_LIMIT_SCALE: '100000' },
    });
    const session = await signedInUser(t.app, t.database.db, OWN_NAME);
    token = session.token;
    userId = session.user.id;
  });
  afterAll(() => t.close());

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s never fails with a 5xx and refuses in the error body',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(hostileRequest(route), async (request) => {
          expectSafeAnswer(route, request, await send(request));
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED },
      );
    },
  );

  it('is still up and unpolluted after all of it', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
