import fc from 'fast-check';

/** Strings that have broken parsers, databases and templates elsewhere. */
const NOTORIOUS = [
  '',
  ' ',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\u202Egnp.exe',
  '\uD800',
  '𝕏𝔸𝕄',
  'é',
  'ﷺ',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  "' OR '1'='1' --",
  '"; drop table users; --',
  '../../../../etc/passwd',
  '%00',
  '%',
  '%zz',
  '{{7*7}}<%= 7*7 %>#{7*7}',
  '\r\nSet-Cookie: x=1',
  'Admin',
  'ADMIN@EXAMPLE.COM',
];

/** Random text of every kind: ASCII, any code point, graphemes, the notorious ones, huge. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  fc.constantFrom(...NOTORIOUS),
  fc.integer({ min: 201, max: 20_000 }).map((n) => 'x'.repeat(n)),
);

const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 53, -(2 ** 63), 1e308, true, false, null),
);

/** JSON values made of hostile strings and prototype-sounding keys, a few levels deep. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{
  value: unknown;
  list: unknown[];
  record: Record<string, unknown>;
}>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, hostileScalar, tie('list'), tie('record')),
  list: fc.array(tie('value'), { maxLength: 5 }),
  record: fc.dictionary(fc.oneof(fc.string(), fc.constantFrom(...NOTORIOUS)), tie('value'), {
    maxKeys: 5,
  }),
})).value;

/** A minimal JSON Schema, as the OpenAPI document describes a route's input. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}

function sizedString(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.string({
    minLength: schema.minLength ?? 0,
    maxLength: Math.min(schema.maxLength ?? 40, 300),
  });
}

/** Valid-looking text with a NUL or other control character inside, the kind databases refuse. */
function withControlCharacter(schema: JsonSchema): fc.Arbitrary<string> {
  return fc
    .tuple(sizedString(schema), fc.constantFrom('\u0000', '\u0001', '\b', '\u001b', '\u007f'))
    .map(([text, control]) => {
      const middle = Math.floor(text.length / 2);
      return `${text.slice(0, middle)}${control}${text.slice(middle)}`;
    });
}

function plausible(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return fc.oneof(
        { weight: 3, arbitrary: sizedString(schema) },
        { weight: 1, arbitrary: withControlCharacter(schema) },
      );
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'array':
      return fc.array(fromSchema(schema.items ?? {}), { maxLength: 4 });
    case 'object':
      return fc.record(
        Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([key, field]) => [key, fromSchema(field)]),
        ),
        { requiredKeys: schema.required ?? [] },
      );
    default:
      return hostileJson;
  }
}

/**
 * Mostly what the schema asks for, sometimes anything: valid-looking input reaches the services
 * behind validation, hostile input tests the validation itself.
 */
export function fromSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: plausible(schema) },
    { weight: 1, arbitrary: hostileJson },
  );
}

/** Lone surrogates cannot be percent-encoded; a client would send U+FFFD instead. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD');
}

/** Path segments: encoded random text, traversal, bad percent-encoding, very long. */
export function hostileSegment(plausibleValues: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...plausibleValues).map(encodeURIComponent),
    hostileString.map((s) => encodeURIComponent(wellFormed(s))),
    fc.constantFrom(
      '..',
      '.',
      '%2e%2e',
      '%2F',
      'a%2F..%2F..%2Fb',
      '..%2f..%2fetc%2fpasswd',
      '%',
      '%E0%A4%A',
      '%C0%AE',
      '%00',
      '%FF',
      ';',
      'a/b',
      'a%20b',
      '*',
    ),
    fc.integer({ min: 300, max: 8000 }).map((n) => 'a'.repeat(n)),
  );
}

const rawQueryPart = fc.constantFrom(
  '%zz',
  '%',
  '=',
  '&&',
  '__proto__[admin]=1',
  'constructor[prototype][admin]=1',
  'a[]=1&a[]=2',
  'token=1&token=2',
  'token',
  'token=',
);

/** A query string of random and repeated keys, the route's own keys among them. */
export function hostileQuery(knownKeys: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    ...(knownKeys.length ? [fc.constantFrom(...knownKeys)] : []),
    fc.string({ maxLength: 10 }),
  );
  const pair = fc
    .tuple(key, hostileString)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(wellFormed(v))}`);
  return fc.array(fc.oneof(pair, rawQueryPart), { maxLength: 4 }).map((parts) => parts.join('&'));
}

/** Header values a client could send: printable ASCII, sometimes long. */
export const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.stringMatching(/^[\x21-\x7e][\x20-\x7e]{0,80}$/),
  fc.integer({ min: 1000, max: 8000 }).map((n) => 'A'.repeat(n)),
);

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** JWT-shaped strings: unsigned, other algorithms, broken parts, claims of the wrong types. */
export const malformedJwt: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('none', 'HS512', 'RS256', 'ES256', 'HS256', 'none '),
      fc.record({ sub: hostileJson, sid: hostileJson, exp: hostileJson }, { requiredKeys: [] }),
      fc.constantFrom('', 'c2ln', '!!!', 'a'.repeat(600)),
    )
    .map(([alg, claims, signature]) => `${base64url({ alg })}.${base64url(claims)}.${signature}`),
  fc.constantFrom('a.b.c', '..', '.', 'e30.e30.', 'eyJ.eyJ.eyJ', 'bnVsbA.bnVsbA.', 'W10.W10.'),
);
