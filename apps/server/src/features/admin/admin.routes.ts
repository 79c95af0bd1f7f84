import {
  adminAuditQuerySchema,
  adminAuditResponseSchema,
  adminInvoicesQuerySchema,
  adminInvoicesResponseSchema,
  adminMeResponseSchema,
  adminOverviewQuerySchema,
  adminOverviewResponseSchema,
  adminPaymentParamsSchema,
  adminPaymentSchema,
  adminPaymentsQuerySchema,
  adminPaymentsResponseSchema,
  adminPlanRequestSchema,
  adminReasonRequestSchema,
  adminReconcileRequestSchema,
  adminSudoRequestSchema,
  adminUnitsRequestSchema,
  adminUserDetailSchema,
  adminUserParamsSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  errorBodySchema,
  invoiceParamsSchema,
  passkeyChallengeSchema,
  passkeyOptionsRequestSchema,
  RECONCILE_DEFAULT_REASON,
} from '@grasp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth } from '../../plugins/authenticate.ts';
import type { AccountsService } from '../auth/accounts.service.ts';
import { type AdminService, actorOf } from './admin.service.ts';
import { SUDO_PASSKEY_OPTIONS_PATH, SUDO_PATH, staffGuard } from './staff-guard.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

/** The operator's console (DESIGN.md §15); every route is behind the staff guard. */
export const adminRoutes =
  (admin: AdminService, accounts: Pick<AccountsService, 'sudoUntil'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', staffGuard(app.requireUser, accounts));
    const actor = (request: Parameters<typeof currentAuth>[0]) =>
      actorOf(currentAuth(request).user);
    const read = { config: { rateLimit: app.limit(300, '1 minute') } };
    const write = { config: { rateLimit: app.limit(60, '1 minute') } };

    app.get(
      '/api/admin/me',
      {
        schema: {
          tags,
          security,
          summary: 'The staff member and their sudo',
          response: { 200: adminMeResponseSchema, ...errors },
        },
        ...read,
      },
      (request) => {
        const auth = currentAuth(request);
        return admin.me(auth.user, auth.sessionId);
      },
    );

    app.post(
      SUDO_PATH,
      {
        schema: {
          tags,
          security,
          summary: 'Confirms the PIN (or a passkey): this session may make changes for 30 minutes',
          body: adminSudoRequestSchema,
          response: { 204: z.null(), ...errors },
        },
        config: { rateLimit: app.limit(20, '1 minute') },
      },
      async (request, reply) => {
        const auth = currentAuth(request);
        await admin.sudo(auth.user, auth.sessionId, request.body);
        return reply.status(204).send(null);
      },
    );

    app.post(
      SUDO_PASSKEY_OPTIONS_PATH,
      {
        schema: {
          tags,
          security,
          summary: 'A challenge to confirm sudo with one of the caller’s own passkeys',
          body: passkeyOptionsRequestSchema,
          response: { 200: passkeyChallengeSchema, ...errors },
        },
        config: { rateLimit: app.limit(20, '1 minute') },
      },
      (request) => admin.sudoPasskeyOptions(currentAuth(request).user),
    );

    app.get(
      '/api/admin/overview',
      {
        schema: {
          tags,
          security,
          summary: 'Totals and a per-day series of the last N days',
          querystring: adminOverviewQuerySchema,
          response: { 200: adminOverviewResponseSchema, ...errors },
        },
        ...read,
      },
      (request) => admin.overview(request.query.days),
    );

    app.get(
      '/api/admin/users',
      {
        schema: {
          tags,
          security,
          summary: 'Accounts by username, email or mobile; sorted and paged',
          querystring: adminUsersQuerySchema,
          response: { 200: adminUsersResponseSchema, ...errors },
        },
        ...read,
      },
      (request) => admin.users.list(request.query),
    );

    app.get(
      '/api/admin/users/:id',
      {
        schema: {
          tags,
          security,
          summary: 'A learner’s page: plan and use, payments, invoices, sessions, classes',
          params: adminUserParamsSchema,
          response: { 200: adminUserDetailSchema, ...errors },
        },
        ...read,
      },
      (request) => admin.users.detail(request.params.id),
    );

    const userAction = {
      params: adminUserParamsSchema,
      response: { 200: adminUserDetailSchema, ...errors },
    };

    app.post(
      '/api/admin/users/:id/plan',
      {
        schema: {
          tags,
          security,
          summary: 'Moves the learner to a plan, with a fresh cycle',
          body: adminPlanRequestSchema,
          ...userAction,
        },
        ...write,
      },
      (request) =>
        admin.users.setPlan(
          actor(request),
          request.params.id,
          request.body.plan,
          request.body.reason,
        ),
    );

    app.post(
      '/api/admin/users/:id/units',
      {
        schema: {
          tags,
          security,
          summary: 'Grants units for this cycle',
          body: adminUnitsRequestSchema,
          ...userAction,
        },
        ...write,
      },
      (request) =>
        admin.users.grantUnits(
          actor(request),
          request.params.id,
          request.body.units,
          request.body.reason,
        ),
    );

    app.post(
      '/api/admin/users/:id/sessions/revoke',
      {
        schema: {
          tags,
          security,
          summary: 'Ends every session of the learner',
          body: adminReasonRequestSchema,
          ...userAction,
        },
        ...write,
      },
      (request) =>
        admin.users.revokeSessions(actor(request), request.params.id, request.body.reason),
    );

    app.post(
      '/api/admin/users/:id/disable',
      {
        schema: {
          tags,
          security,
          summary: 'Disables the account: no sign-in, its sessions end',
          body: adminReasonRequestSchema,
          ...userAction,
        },
        ...write,
      },
      (request) => admin.users.disable(actor(request), request.params.id, request.body.reason),
    );

    app.post(
      '/api/admin/users/:id/enable',
      {
        schema: {
          tags,
          security,
          summary: 'Enables a disabled account',
          body: adminReasonRequestSchema,
          ...userAction,
        },
        ...write,
      },
      (request) => admin.users.enable(actor(request), request.params.id, request.body.reason),
    );

    app.get(
      '/api/admin/payments',
      {
        schema: {
          tags,
          security,
          summary: 'Payments by state, transaction id, username or email; newest first',
          querystring: adminPaymentsQuerySchema,
          response: { 200: adminPaymentsResponseSchema, ...errors },
        },
        ...read,
      },
      (request) => admin.payments(request.query),
    );

    const paymentAction = {
      params: adminPaymentParamsSchema,
      response: { 200: adminPaymentSchema, ...errors },
    };

    app.post(
      '/api/admin/payments/:id/refund',
      {
        schema: {
          tags,
          security,
          summary: 'Refunds a successful payment in full, once',
          body: adminReasonRequestSchema,
          ...paymentAction,
        },
        ...write,
      },
      (request) => admin.refund(actor(request), request.params.id, request.body.reason),
    );

    app.post(
      '/api/admin/payments/:id/reconcile',
      {
        schema: {
          tags,
          security,
          summary: 'Asks the gateway about the payment (and its refund) now',
          body: adminReconcileRequestSchema,
          ...paymentAction,
        },
        ...write,
      },
      (request) =>
        admin.reconcile(
          actor(request),
          request.params.id,
          request.body.reason ?? RECONCILE_DEFAULT_REASON,
        ),
    );

    app.get(
      '/api/admin/invoices',
      {
        schema: {
          tags,
          security,
          summary: 'Invoices and credit notes, newest first',
          querystring: adminInvoicesQuerySchema,
          response: { 200: adminInvoicesResponseSchema, ...errors },
        },
        ...read,
      },
      (request) => admin.invoices(request.query),
    );

    app.get(
      '/api/admin/invoices/:invoiceId',
      {
        schema: {
          tags,
          security,
          summary: 'An invoice or credit note as printable HTML',
          params: invoiceParamsSchema,
          response: { 200: z.string().describe('The printable page'), ...errors },
        },
        ...read,
      },
      async (request, reply) => {
        const html = await admin.invoicePage(request.params.invoiceId);
        reply.header('Cache-Control', 'private, no-store');
        reply.type('text/html; charset=utf-8');
        return html;
      },
    );

    app.get(
      '/api/admin/audit',
      {
        schema: {
          tags,
          security,
          summary: 'Every staff action, newest first; append-only',
          querystring: adminAuditQuerySchema,
          response: { 200: adminAuditResponseSchema, ...errors },
        },
        ...read,
      },
      (request) => admin.audit(request.query),
    );
  };
