import { normalizeIP } from '@fastify/rate-limit';

/**
 * A client's address as every per-address limit counts it: an IPv6 address stands for its /64,
 * which one subscriber usually holds whole (the rate-limit plugin keys its counters the same way).
 */
export const addressKey = (ip: string): string => normalizeIP(ip, 64);
