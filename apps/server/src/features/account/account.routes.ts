import {
  changeEmailRequestSchema,
  changePinRequestSchema,
  confirmEmailRequestSchema,
  deleteAccountRequestSchema,
  errorBodySchema,
  forgotPinRequestSchema,
  messageResponseSchema,
  resetPinRequestSchema,
  sessionParamsSchema,
  sessionsResponseSchema,
  updateProfileRequestSchema,
  userResponseSchema,
} from '@grasp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth } from '../../plugins/authenticate.ts';
import type { AccountService } from './account.service.ts';
import type { DeletionService } from './deletion.service.ts';
import type { ExportService } from './export.service.ts';

const errors = Object.fromEntries(
  ([400, 401, 404, 409, 429, 503] as const).map((code) => [code, errorBodySchema]),
);
const tags = ['account'];
const signedIn = { security: [{ bearer: [] }] };

/** Recovery, changes and sessions of the learner's account (DESIGN.md §14). */
export const accountRoutes =
  ({
    account,
    exports,
    deletion,
  }: {
    account: AccountService;
    exports: ExportService;
    deletion: DeletionService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/auth/forgot-pin',
      {
        schema: {
          tags,
          summary: 'Mail a link to choose a new PIN; the same answer whether the account exists',
          body: forgotPinRequestSchema,
          response: { 202: messageResponseSchema, ...errors },
        },
        // Per address; each account also gets at most 3 such mails an hour, whoever asks.
        config: { rateLimit: app.limit(30, '15 minutes') },
      },
      async (request, reply) => {
        const body = await account.forgotPin(request.body.identifier);
        return reply.status(202).send(body);
      },
    );

    app.post(
      '/api/auth/reset-pin',
      {
        schema: {
          tags,
          summary: 'Choose a new PIN with a mailed link: every session ends, nobody is signed in',
          body: resetPinRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
        // The token is 256 random bits: this bounds load only.
        config: { rateLimit: app.limit(60, '15 minutes') },
      },
      (request) => account.resetPin(request.body.token, request.body.pin, request.body.confirm_pin),
    );

    app.post(
      '/api/auth/confirm-email',
      {
        schema: {
          tags,
          summary: 'Confirm a new email address with the link mailed to it',
          body: confirmEmailRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
        config: { rateLimit: app.limit(60, '15 minutes') },
      },
      (request) => account.confirmEmail(request.body.token),
    );

    app.put(
      '/api/me/pin',
      {
        schema: {
          tags,
          ...signedIn,
          summary: 'Change the PIN (the current one required); the other sessions end',
          body: changePinRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(20, '15 minutes') },
      },
      (request) => {
        const { currentPin, pin, confirm_pin } = request.body;
        return account.changePin(currentAuth(request), currentPin, pin, confirm_pin);
      },
    );

    app.put(
      '/api/me/email',
      {
        schema: {
          tags,
          ...signedIn,
          summary: 'Ask to change the email: a link goes to the new address, a notice to the old',
          body: changeEmailRequestSchema,
          response: { 202: messageResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(10, '1 hour') },
      },
      async (request, reply) => {
        const { pin, email } = request.body;
        return reply.status(202).send(await account.changeEmail(currentAuth(request), pin, email));
      },
    );

    app.get(
      '/api/me',
      {
        schema: {
          tags,
          ...signedIn,
          summary: 'The signed-in user, with the interface language',
          response: { 200: userResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(120, '1 minute') },
      },
      (request) => account.me(currentAuth(request)),
    );

    app.patch(
      '/api/me',
      {
        schema: {
          tags,
          ...signedIn,
          summary: 'Change the name, the mobile number and/or the interface language',
          body: updateProfileRequestSchema,
          response: { 200: userResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(30, '15 minutes') },
      },
      (request) => account.updateProfile(currentAuth(request), request.body),
    );

    app.get(
      '/api/me/sessions',
      {
        schema: {
          tags,
          ...signedIn,
          summary: 'The account’s live sessions, this one marked',
          response: { 200: sessionsResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(120, '1 minute') },
      },
      (request) => account.sessions(currentAuth(request)),
    );

    app.delete(
      '/api/me/sessions/:id',
      {
        schema: {
          tags,
          ...signedIn,
          summary: 'End one session (refused at once everywhere); another account’s is 404',
          params: sessionParamsSchema,
          response: { 204: z.null(), ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(60, '1 minute') },
      },
      async (request, reply) => {
        await account.endSession(currentAuth(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/api/me/sessions',
      {
        schema: {
          tags,
          ...signedIn,
          summary: 'End every session but this one',
          response: { 204: z.null(), ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(30, '1 minute') },
      },
      async (request, reply) => {
        await account.endOtherSessions(currentAuth(request));
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/me/export',
      {
        schema: {
          tags,
          ...signedIn,
          summary:
            'Everything the account holds as one zip: account.json, explanations/*.md, recaps.json, materials/*.txt, classes.json, payments.json, invoices/*.html',
          response: { 200: z.any().describe('application/zip'), ...errors },
        },
        preHandler: app.requireUser,
        // Each export is also counted per account: at most 3 an hour.
        config: { rateLimit: app.limitPerUser(10, '1 hour') },
      },
      async (request, reply) => {
        const { filename, stream } = await exports.exportOf(currentAuth(request).user);
        return reply
          .header('Content-Type', 'application/zip')
          .header('Content-Disposition', `attachment; filename="${filename}"`)
          .header('Cache-Control', 'no-store')
          .send(stream);
      },
    );

    app.delete(
      '/api/me',
      {
        schema: {
          tags,
          ...signedIn,
          summary:
            'Delete the account with its PIN: everything personal goes at once; payments and invoices stay, anonymous',
          body: deleteAccountRequestSchema,
          response: { 204: z.null(), ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(10, '15 minutes') },
      },
      async (request, reply) => {
        await deletion.deleteAccount(currentAuth(request), request.body.pin);
        return reply.status(204).send(null);
      },
    );
  };
