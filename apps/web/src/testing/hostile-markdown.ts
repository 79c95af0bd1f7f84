import fc from 'fast-check';

/** Schemes a link may try, the allowed ones among them, spelled the ways browsers forgive. */
const SCHEMES = [
  'http',
  'https',
  'HTTPS',
  'mailto',
  'irc',
  'ircs',
  'xmpp',
  'javascript',
  'JaVaScRiPt',
  ' javascript',
  'java\tscript',
  'java\nscript',
  '\u0001javascript',
  'javascript\u0000',
  'vbscript',
  'data',
  'file',
  'blob',
  'ftp',
  'chrome',
  'about',
  'intent',
  '&#106;avascript',
  'javascript&#58',
  'javascript&colon;',
  '%6Aavascript',
];

/** What comes after the scheme: payloads, hosts, entities and broken escapes. */
const TAILS = [
  'alert(1)',
  '//example.org/a?b=c#d',
  '//%0aalert(1)',
  'text/html;base64,PHNjcmlwdD4=',
  'a@b.org',
  '&#58;alert(1)',
  ':alert(1)',
  '',
];

export const hostileUrl: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.constantFrom(...SCHEMES), fc.constantFrom(':', '&#58;', '&colon;', '%3A', ' :'))
    .chain(([scheme, colon]) =>
      fc.oneof(fc.constantFrom(...TAILS), fc.string()).map((tail) => `${scheme}${colon}${tail}`),
    ),
  fc.constantFrom('/pricing', '#top', '?q=1', 'relative/page:x', '//evil.example', '\\\\evil'),
  fc.string({ unit: 'grapheme-ascii', maxLength: 30 }),
);

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    'Gravity',
    '🌍 Key Principles',
    '🎉',
    '(0-30 seconds)',
    '(30 – 60 secs)',
    '(99999-1 s)',
    '**bold**',
    '**',
    '',
  ),
);

const RAW_HTML = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src=x>',
  '<style>*{}</style>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<details open ontoggle=alert(1)>',
  '<!-- comment -->',
  '<p style="background:url(javascript:alert(1))">x</p>',
];

/** One markdown construct: links of every kind, raw HTML, headings, lists, fences, plain text. */
const fragment: fc.Arbitrary<string> = fc.oneof(
  text,
  fc.tuple(text, hostileUrl).map(([label, url]) => `[${label}](${url})`),
  fc.tuple(text, hostileUrl).map(([label, url]) => `[${label}](<${url}> "title")`),
  hostileUrl.map((url) => `<${url}>`),
  fc.tuple(text, hostileUrl).map(([label, url]) => `[${label}][r]\n\n[r]: ${url}\n`),
  fc.tuple(text, hostileUrl).map(([label, url]) => `![${label}](${url})`),
  fc.constantFrom(...RAW_HTML),
  fc.tuple(fc.constantFrom('#', '##', '###', '####'), text).map(([hashes, t]) => `${hashes} ${t}`),
  fc.tuple(fc.constantFrom('-', '*', '1.', '+'), text).map(([bullet, t]) => `${bullet} ${t}`),
  text.map((t) => `**${t}**`),
  fc.constantFrom('```', '```graph', '~~~', '```js', '> quote', '---', '`code`', '***', '\\'),
);

/** Markdown built from hostile pieces, joined by the separators that change how it parses. */
export const hostileMarkdown: fc.Arbitrary<string> = fc
  .array(fc.tuple(fragment, fc.constantFrom('', ' ', '\n', '\n\n', '\r\n', '\t')), {
    maxLength: 25,
  })
  .map((parts) => parts.map(([piece, separator]) => piece + separator).join(''));

/** The scheme a browser would follow for an href, resolving relative links against our origin. */
export function followedScheme(href: string): string | null {
  try {
    return new URL(href, 'https://grasp.example/').protocol.slice(0, -1);
  } catch {
    // An address the browser cannot parse goes nowhere.
    return null;
  }
}

/** CI replays one seed so a red build stays red; FC_SEED replays a seed printed by a failure. */
export const propertySeed = process.env.FC_SEED
  ? Number(process.env.FC_SEED)
  : process.env.CI === 'true'
    ? 20_260_801
    : undefined;
