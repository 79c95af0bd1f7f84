/** Link schemes markdown may use (SPEC.md §5, DESIGN.md §5); anything else is dropped. */
export const SAFE_URL_SCHEMES = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'] as const;

/**
 * True for relative links and for the schemes above. A colon that comes after the first `/`,
 * `?` or `#` belongs to a path, query or fragment, so such a link is relative.
 */
export function isSafeUrl(url: string): boolean {
  const value = url.trim();
  const colon = value.indexOf(':');
  if (colon === -1) return true;
  const firstDelimiter = value.search(/[/?#]/);
  if (firstDelimiter !== -1 && firstDelimiter < colon) return true;
  const scheme = value.slice(0, colon).toLowerCase();
  return (SAFE_URL_SCHEMES as readonly string[]).includes(scheme);
}

/** react-markdown's urlTransform: an unsafe URL becomes no attribute at all, so the link is inert. */
export function safeUrlTransform(url: string): string | undefined {
  return isSafeUrl(url) ? url : undefined;
}
