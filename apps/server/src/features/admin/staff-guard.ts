import {
  ADMIN_ERROR_CODES,
  ADMIN_MESSAGES,
  ERROR_CODES,
  type Role,
  STAFF_ROLES,
} from '@grasp/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { AccountsService } from '../auth/accounts.service.ts';

export const SUDO_PATH = '/api/admin/sudo';
export const SUDO_PASSKEY_OPTIONS_PATH = '/api/admin/sudo/passkey-options';
/** Confirming who one is may be done by any staff member, sudo or not. */
const CONFIRMING = new Set([SUDO_PATH, SUDO_PASSKEY_OPTIONS_PATH]);

/** The same answer as an address that does not exist: the console is not there for others. */
const hidden = (request: FastifyRequest) =>
  new AppError(
    404,
    ERROR_CODES.notFound,
    `Route ${request.method} ${request.url.split('?')[0]} not found`,
  );

/**
 * Runs first on every /api/admin route (onRequest: before the body is read or validated).
 * Anyone not staff, signed in or not, gets 404; support reads; a change needs an admin whose PIN
 * (or passkey) this session confirmed in the last 30 minutes.
 */
export function staffGuard(
  requireUser: (request: FastifyRequest) => Promise<void>,
  accounts: Pick<AccountsService, 'sudoUntil'>,
) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    try {
      await requireUser(request);
    } catch {
      throw hidden(request);
    }
    const auth = request.auth;
    const role = auth?.user.role as Role | undefined;
    if (!auth || !role || !STAFF_ROLES.includes(role)) throw hidden(request);
    const reads = request.method === 'GET' || request.method === 'HEAD';
    if (reads || CONFIRMING.has(request.routeOptions.url ?? '')) return;
    if (role !== 'admin') {
      throw new AppError(403, ADMIN_ERROR_CODES.forbidden, ADMIN_MESSAGES.forbidden);
    }
    if (!(await accounts.sudoUntil(auth.sessionId))) {
      throw new AppError(403, ADMIN_ERROR_CODES.sudoRequired, ADMIN_MESSAGES.sudoRequired);
    }
  };
}
