import type { Role } from '@grasp/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { nextAddress, signedInUser } from '../../test/auth-helpers.ts';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface Person {
  token: string;
  id: string;
  username: string;
}

/** Registers, signs in and gives the account a role straight in the database. */
export async function person(
  app: FastifyInstance,
  db: Kysely<DB>,
  username: string,
  role: Role = 'user',
): Promise<Person> {
  const session = await signedInUser(app, db, username);
  if (role !== 'user')
    await db.updateTable('users').set({ role }).where('id', '=', session.user.id).execute();
  return { token: session.token, id: session.user.id, username };
}

export function sudo(app: FastifyInstance, who: Person, pin = '1234') {
  return app.inject({
    method: 'POST',
    url: '/api/admin/sudo',
    headers: bearer(who.token),
    payload: { pin },
    remoteAddress: nextAddress(),
  });
}

export function adminPost(app: FastifyInstance, who: Person | null, url: string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url,
    headers: who ? bearer(who.token) : {},
    payload: payload as Record<string, unknown>,
  });
}

export function adminGet(app: FastifyInstance, who: Person | null, url: string) {
  return app.inject({ method: 'GET', url, headers: who ? bearer(who.token) : {} });
}

export function login(app: FastifyInstance, username: string, pin = '1234') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password: pin },
    remoteAddress: nextAddress(),
  });
}
