import {
  createdPasskeySchema,
  createPasskeyRequestSchema,
  errorBodySchema,
  loginResponseSchema,
  passkeyChallengeSchema,
  passkeyListSchema,
  passkeyOptionsRequestSchema,
  passkeyParamsSchema,
  passkeyRegistrationOptionsRequestSchema,
  passkeyRegistrationOptionsResponseSchema,
  passkeySchema,
  passkeySignInRequestSchema,
  renamePasskeyRequestSchema,
} from '@grasp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth } from '../../plugins/authenticate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { issueDeviceCookie, signInClient } from '../auth/device-cookie.ts';
import type { PasskeysService } from './passkeys.service.ts';

const errors = Object.fromEntries(
  ([400, 401, 403, 404, 409, 429, 503] as const).map((code) => [code, errorBodySchema]),
);
const tags = ['passkeys'];
const security = [{ bearer: [] }];

/** Passkeys (DESIGN.md §14): the signed-in user's list on /account, and signing in with one. */
export const passkeysRoutes =
  (
    passkeys: PasskeysService,
    auth: Pick<AuthService, 'trustDevice' | 'secureCookies'>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/me/passkeys/options',
      {
        schema: {
          tags,
          security,
          summary: 'Options for navigator.credentials.create() to add a passkey; needs the PIN',
          body: passkeyRegistrationOptionsRequestSchema,
          response: { 200: passkeyRegistrationOptionsResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(30, '1 minute') },
      },
      (request) => {
        const { user, sessionId } = currentAuth(request);
        return passkeys.registrationOptions(user, sessionId, request.body.pin);
      },
    );

    app.post(
      '/api/me/passkeys',
      {
        schema: {
          tags,
          security,
          summary: 'Add the passkey the browser created; the account is told by mail',
          body: createPasskeyRequestSchema,
          response: { 201: createdPasskeySchema, ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(30, '1 minute') },
      },
      async (request, reply) => {
        const created = await passkeys.register(currentAuth(request).user, request.body);
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/api/me/passkeys',
      {
        schema: {
          tags,
          security,
          summary: 'The signed-in user’s passkeys, oldest first',
          response: { 200: passkeyListSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(120, '1 minute') },
      },
      (request) => passkeys.list(currentAuth(request).user.id),
    );

    app.patch(
      '/api/me/passkeys/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Rename a passkey',
          params: passkeyParamsSchema,
          body: renamePasskeyRequestSchema,
          response: { 200: passkeySchema, ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(60, '1 minute') },
      },
      (request) =>
        passkeys.rename(currentAuth(request).user.id, request.params.id, request.body.name),
    );

    app.delete(
      '/api/me/passkeys/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Remove a passkey; the account is told by mail',
          params: passkeyParamsSchema,
          response: { 204: z.null(), ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(60, '1 minute') },
      },
      async (request, reply) => {
        await passkeys.remove(currentAuth(request).user, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/passkey/options',
      {
        schema: {
          tags,
          summary: 'A sign-in challenge for any passkey of this site (no username needed)',
          body: passkeyOptionsRequestSchema,
          response: { 200: passkeyChallengeSchema, ...errors },
        },
        // As the PIN login: three tries a minute for each of a class of 40 behind one address.
        config: { rateLimit: app.limit(120, '1 minute') },
      },
      () => passkeys.signInOptions(),
    );

    app.post(
      '/api/auth/passkey',
      {
        schema: {
          tags,
          summary: 'Sign in with a passkey: the same answer as the PIN login',
          body: passkeySignInRequestSchema,
          response: { 200: loginResponseSchema, ...errors },
        },
        // As the PIN login; refusals also spend the address's allowance of failed sign-ins.
        config: { rateLimit: app.limit(120, '1 minute') },
      },
      async (request, reply) => {
        const response = await passkeys.signIn(request.body, request.ip, signInClient(request));
        // The same device cookie as a right PIN: this browser's own wrong PINs count for it alone.
        await issueDeviceCookie(request, reply, auth, response.user.id);
        return response;
      },
    );
  };
