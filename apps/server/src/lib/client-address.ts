import { normalizeIP } from '@fastify/rate-limit';

/**
 * A client's address as every per-address limit counts it: an IPv6 address stands for its /64,
 * which one subscriber usually holds whole (the rate-limit plugin keys its counters the same way).
 */
export const addressKey = (ip: string): string => normalizeIP(ip, 64);

/** 127.0.0.0/8 or ::1, also as an IPv4-mapped IPv6 address (a dual-stack socket's form). */
export function isLoopbackAddress(ip: string | undefined): boolean {
  if (!ip) return false;
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4 === '::1' || /^127(\.\d{1,3}){3}$/.test(v4);
}
