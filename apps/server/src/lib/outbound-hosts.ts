import ipaddr from 'ipaddr.js';

/**
 * Host rules for requests to addresses others choose: `host` (its scheme's default port),
 * `host:port`, or `*` standing for a part of one DNS label (`*.push.services.mozilla.com`).
 */
export interface HostRule {
  /** The host name, lower case, with `*` for any letters, digits or hyphens within a label. */
  pattern: RegExp;
  /** The port, or null for the scheme's default. */
  port: number | null;
}

const DEFAULT_PORTS: Record<string, number> = { 'https:': 443, 'http:': 80 };

/** Parses `host`, `host:port` or `[v6]:port`; null for anything else (a path, a scheme). */
export function parseHostRule(entry: string): HostRule | null {
  const text = entry.trim().toLowerCase();
  if (!/^(\[[0-9a-f:.]+\]|[a-z0-9*.-]+)(:\d{1,5})?$/.test(text)) return null;
  const placeholder = 'wildcard0';
  let url: URL;
  try {
    url = new URL(`https://${text.replaceAll('*', placeholder)}`);
  } catch {
    return null;
  }
  if (url.pathname !== '/' || url.username || url.search) return null;
  const escaped = url.hostname.replace(/[.[\]]/g, '\\$&').replaceAll(placeholder, '[a-z0-9-]+');
  const explicitPort = /:(\d+)$/.exec(text)?.[1];
  return {
    pattern: new RegExp(`^${escaped}$`),
    // URL drops 443 for https:, so the port is read from the text.
    port: explicitPort ? Number(explicitPort) : null,
  };
}

/** The rules of a list, throwing on the first entry that is not a host. */
export function parseHostRules(entries: readonly string[]): HostRule[] {
  return entries.map((entry) => {
    const rule = parseHostRule(entry);
    if (!rule) throw new Error(`"${entry}" is not a host or host:port`);
    return rule;
  });
}

/** True when some rule names this host on this port (`''`: the protocol's default). */
export function hostMatches(
  rules: readonly HostRule[],
  hostname: string,
  port: string | number,
  protocol: string,
): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const defaultPort = DEFAULT_PORTS[protocol] ?? 0;
  const actual = port === '' ? defaultPort : Number(port);
  return rules.some(
    (r) =>
      r.pattern.test(name.includes(':') ? `[${name}]` : name) && (r.port ?? defaultPort) === actual,
  );
}

/** True when a URL's host and port are named by a rule. */
export function urlMatches(rules: readonly HostRule[], url: URL): boolean {
  return hostMatches(rules, url.hostname, url.port, url.protocol);
}

/**
 * True for an address of the public internet: not loopback, private, link-local (the cloud
 * metadata service at 169.254.169.254), carrier-grade NAT, unique-local, multicast or reserved;
 * an IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}
