import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/types.ts';
import { unauthorized } from '../lib/errors.ts';

export interface RequestAuth {
  user: UserRow;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user: sets request.auth or answers 401. */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

export type Authenticate = (token: string) => Promise<RequestAuth | null>;

const SCHEME = 'bearer ';

/** The word after "Bearer " (any case), read in place: every protected request asks. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header || header.length <= SCHEME.length) return null;
  if (!header.startsWith('Bearer ') && header.slice(0, SCHEME.length).toLowerCase() !== SCHEME) {
    return null;
  }
  const end = header.indexOf(' ', SCHEME.length);
  const token = end < 0 ? header.slice(SCHEME.length) : header.slice(SCHEME.length, end);
  return token || null;
}

/** Every protected route checks the token AND its server-side session (logout is immediate). */
export const authenticatePlugin = fp<{ authenticate: Authenticate }>(
  async (app: FastifyInstance, options) => {
    app.decorateRequest('auth', null);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      const auth = token ? await options.authenticate(token) : null;
      if (!auth) throw unauthorized();
      request.auth = auth;
    });
  },
  { name: 'authenticate' },
);

/** The signed-in user of a route guarded by requireUser. */
export function currentAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
