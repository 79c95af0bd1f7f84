import {
  errorBodySchema,
  LANGUAGE_IDS,
  notificationSettingsResponseSchema,
  notificationSettingsSchema,
  okResponseSchema,
  pushEndpointSchema,
  pushSubscriptionSchema,
  reminderRunSchema,
  vapidKeyResponseSchema,
} from '@grasp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth } from '../../plugins/authenticate.ts';
import type { RemindersService } from './reminders.service.ts';
import { unsubscribePage } from './unsubscribe-page.ts';

const errors = Object.fromEntries(
  ([400, 401, 429, 503] as const).map((code) => [code, errorBodySchema]),
);
const tokenParams = z.object({ token: z.string().trim().min(1).max(200) });
/** The mail's language, carried by its unsubscribe link so the pages speak it too. */
const languageQuery = z.object({ lang: z.enum(LANGUAGE_IDS).optional().catch(undefined) });

/** Reminders (DESIGN.md §11): settings, push subscriptions, and the email's unsubscribe link. */
export const remindersRoutes =
  (
    reminders: RemindersService,
    options: { vapidPublicKey: string; testJobs: boolean },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const user = {
      security: [{ bearer: [] }],
    };
    app.get(
      '/api/me/notifications',
      {
        schema: {
          tags: ['reminders'],
          summary: 'The caller’s reminder settings (off, 18:00, UTC until saved)',
          ...user,
          response: { 200: notificationSettingsResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(120, '1 minute') },
      },
      (request) => reminders.settings(currentAuth(request).user.id),
    );

    app.put(
      '/api/me/notifications',
      {
        schema: {
          tags: ['reminders'],
          summary: 'Save the caller’s reminder settings: channels, local hour and IANA time zone',
          ...user,
          body: notificationSettingsSchema,
          response: { 200: notificationSettingsResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(60, '1 minute') },
      },
      (request) => reminders.saveSettings(currentAuth(request).user.id, request.body),
    );

    app.get(
      '/api/notifications/vapid-key',
      {
        schema: {
          tags: ['reminders'],
          summary: 'The server’s VAPID public key, for PushManager.subscribe',
          response: { 200: vapidKeyResponseSchema },
        },
      },
      () => ({ publicKey: options.vapidPublicKey }),
    );

    app.post(
      '/api/notifications/subscriptions',
      {
        schema: {
          tags: ['reminders'],
          summary: 'Keep this device’s push subscription (the browser’s PushSubscription JSON)',
          ...user,
          body: pushSubscriptionSchema,
          response: { 200: okResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(30, '1 minute') },
      },
      async (request) => {
        await reminders.subscribe(currentAuth(request).user.id, request.body);
        return { success: true as const };
      },
    );

    app.delete(
      '/api/notifications/subscriptions',
      {
        schema: {
          tags: ['reminders'],
          summary: 'Forget this device’s push subscription',
          ...user,
          body: pushEndpointSchema,
          response: { 200: okResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(30, '1 minute') },
      },
      async (request) => {
        await reminders.unsubscribeDevice(currentAuth(request).user.id, request.body.endpoint);
        return { success: true as const };
      },
    );

    // RFC 8058: the one-click POST is form-encoded (`List-Unsubscribe=One-Click`); its body says
    // nothing the link does not, so only this plugin accepts such bodies, and ignores them.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1024 }, (_r, _b, done) =>
        done(null, {}),
      );
    }
    const unsubscribeLimit = { rateLimit: app.limit(30, '1 minute') };

    app.get(
      '/api/notifications/unsubscribe/:token',
      {
        schema: {
          tags: ['reminders'],
          summary: 'The reminder email’s unsubscribe page: a button that turns email reminders off',
          params: tokenParams,
          querystring: languageQuery,
        },
        config: unsubscribeLimit,
      },
      async (request, reply) => {
        reminders.checkUnsubscribeLink(request.params.token);
        const language = request.query.lang ?? (await app.languageOf(request));
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-language', language)
          .send(unsubscribePage.confirm(language, request.url));
      },
    );

    app.post(
      '/api/notifications/unsubscribe/:token',
      {
        schema: {
          tags: ['reminders'],
          summary:
            'One-click unsubscribe (RFC 8058): turns the link’s user’s email reminders off, no sign-in; a forged link is 400',
          params: tokenParams,
          querystring: languageQuery,
        },
        config: unsubscribeLimit,
      },
      async (request, reply) => {
        await reminders.unsubscribeEmail(request.params.token);
        const language = request.query.lang ?? (await app.languageOf(request));
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-language', language)
          .send(unsubscribePage.unsubscribed(language));
      },
    );

    if (options.testJobs) {
      app.post(
        '/api/test/jobs/reminders',
        {
          schema: {
            tags: ['test'],
            summary: 'Test servers only (TEST_CLOCK): run the reminder job now',
            response: { 200: reminderRunSchema },
          },
        },
        () => reminders.runReminders(),
      );
    }
  };
