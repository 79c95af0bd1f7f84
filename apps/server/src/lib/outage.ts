/**
 * True when an error means a backing service (PostgreSQL, SQLite's file, Redis) is unreachable
 * or refusing work for now, rather than a bug: the caller gets 503 and may simply retry.
 */
export function isServiceOutage(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string' && OUTAGE_CODES.has(code)) return true;
  // PostgreSQL connection exceptions (08…) and operator interventions (57P…).
  if (typeof code === 'string' && /^(08|57P)/.test(code)) return true;
  if (name === 'MaxRetriesPerRequestError') return true;
  return typeof message === 'string' && OUTAGE_MESSAGES.some((m) => message.includes(m));
}

const OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_CANTOPEN',
]);

const OUTAGE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  "Stream isn't writeable",
  'Connection is closed',
  'Client has encountered a connection error',
];
