import {
  AUTH_MESSAGES,
  captchaChallengeSchema,
  errorBodySchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  registerRequestSchema,
  resendVerificationRequestSchema,
  verifyCaptchaRequestSchema,
  verifyCaptchaResponseSchema,
  verifyEmailQuerySchema,
} from '@grasp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth } from '../../plugins/authenticate.ts';
import type { AuthService } from './auth.service.ts';
import { setDeviceCookie, signInClient } from './device-cookie.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
const tags = ['auth'];

export const authRoutes =
  (auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/auth/captcha',
      {
        schema: {
          tags,
          summary: 'A fresh captcha challenge',
          response: { 200: captchaChallengeSchema, 429: errorBodySchema },
        },
        // A class of 40 opening the form at once, each fetching a challenge or three.
        config: { rateLimit: app.limit(200, '1 minute') },
      },
      (request) => auth.captchaChallenge(request.ip),
    );

    app.post(
      '/api/auth/verify-captcha',
      {
        schema: {
          tags,
          body: verifyCaptchaRequestSchema,
          response: { 200: verifyCaptchaResponseSchema },
        },
        config: { rateLimit: app.limit(200, '1 minute') },
      },
      async (request) => ({ success: await auth.checkCaptcha(request.body.token, request.ip) }),
    );

    app.post(
      '/api/auth/register',
      {
        schema: {
          tags,
          body: registerRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
        // Only a flood of requests meets this; the allowance that matters counts successful
        // registrations only (address-limits.ts), so refused forms cost a class nothing.
        config: { rateLimit: app.limit(600, '10 minutes') },
      },
      // Without a language of its own, the account takes the one the form was read in.
      async (request) =>
        auth.register(
          {
            ...request.body,
            interfaceLanguage: request.body.interfaceLanguage ?? (await app.languageOf(request)),
          },
          request.ip,
        ),
    );

    app.post(
      '/api/auth/login',
      {
        schema: {
          tags,
          summary: 'Sign in with username or email and the PIN',
          body: loginRequestSchema,
          response: { 200: loginResponseSchema, ...errors },
        },
        // Three tries a minute for each of a class of 40; wrong PINs have their own, tighter
        // per-address allowance (address-limits.ts) and each account its back-off.
        config: { rateLimit: app.limit(120, '1 minute') },
      },
      async (request, reply) => {
        const { body } = request;
        const signedIn = await auth.login(
          body.username,
          body.password,
          request.ip,
          signInClient(request),
        );
        setDeviceCookie(reply, signedIn.deviceId, auth.secureCookies);
        return signedIn.response;
      },
    );

    app.post(
      '/api/auth/logout',
      {
        schema: {
          tags,
          security: [{ bearer: [] }],
          response: { 200: messageResponseSchema, 401: errorBodySchema },
        },
        preHandler: app.requireUser,
      },
      async (request) => {
        await auth.logout(currentAuth(request).sessionId);
        return { success: true, message: AUTH_MESSAGES.loggedOut };
      },
    );

    app.get(
      '/api/auth/verify-email',
      {
        schema: {
          tags,
          querystring: verifyEmailQuerySchema,
          response: { 200: messageResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
        },
        // The token is 256 random bits: this bounds load only, so a class can verify at once.
        config: { rateLimit: app.limit(120, '1 minute') },
      },
      (request) => auth.verifyEmail(request.query.token),
    );

    app.post(
      '/api/auth/resend-verification',
      {
        schema: {
          tags,
          body: resendVerificationRequestSchema,
          response: { 200: messageResponseSchema, 429: errorBodySchema },
        },
        // Per address, enough for a class; each inbox has its own hourly allowance.
        config: { rateLimit: app.limit(60, '15 minutes') },
      },
      (request) => auth.resendVerification(request.body.email),
    );
  };
