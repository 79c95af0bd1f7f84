/**
 * Sends the browser to the gateway's checkout. Only http(s) or same-site paths: an answer can
 * never make us run a javascript: URL.
 */
export function leaveSite(url: string): boolean {
  const target = new URL(url, window.location.origin);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
  window.location.assign(target.href);
  return true;
}
