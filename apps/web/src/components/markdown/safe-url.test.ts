import { describe, expect, it } from 'vitest';
import { isSafeUrl, safeUrlTransform } from './safe-url.ts';

describe('isSafeUrl', () => {
  it.each([
    'http://example.org',
    'https://example.org/a?b=c#d',
    'HTTPS://EXAMPLE.ORG',
    'irc://irc.libera.chat/grasp',
    'ircs://irc.libera.chat/grasp',
    'mailto:help@example.org',
    'xmpp:someone@example.org',
    '/dashboard',
    'relative/page',
    '#section',
    '?q=1',
    'path/with:colon',
    '',
  ])('allows %s', (url) => {
    expect(isSafeUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'vbscript:msgbox',
    'data:text/html;base64,PHNjcmlwdD4=',
    'file:///etc/passwd',
    'java\tscript:alert(1)',
    'ftp://example.org',
  ])('refuses %s', (url) => {
    expect(isSafeUrl(url)).toBe(false);
  });

  it('turns an unsafe URL into no attribute', () => {
    expect(safeUrlTransform('javascript:alert(1)')).toBeUndefined();
    expect(safeUrlTransform('https://ok.example')).toBe('https://ok.example');
  });
});
