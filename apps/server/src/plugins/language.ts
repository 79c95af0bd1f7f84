import type { LanguageId } from '@grasp/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { localizeText, negotiateLanguage } from '../lib/i18n.ts';
import { interfaceLanguageOf } from '../lib/present-user.ts';
import { type Authenticate, bearerToken } from './authenticate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The language the API answers this request in (DESIGN.md §17): the signed-in user's, else
     * the best Accept-Language match among the six, else English.
     */
    languageOf: (request: FastifyRequest) => Promise<LanguageId>;
  }
}

const isApi = (request: FastifyRequest) => request.url.startsWith('/api/');

/** What a request's language is from what is known without a lookup: its session or its header. */
function quickLanguage(request: FastifyRequest): LanguageId {
  return request.auth
    ? interfaceLanguageOf(request.auth.user)
    : negotiateLanguage(request.headers['accept-language']);
}

/**
 * API messages in the request's language, with Content-Language naming it. Services keep
 * returning the contract's sentences and codes; this edge (and the error handler) says them.
 */
export const languagePlugin = fp<{ authenticate: Authenticate }>(
  async (app: FastifyInstance, { authenticate }) => {
    const chosen = new WeakMap<FastifyRequest, Promise<LanguageId>>();

    async function resolve(request: FastifyRequest): Promise<LanguageId> {
      if (request.auth) return interfaceLanguageOf(request.auth.user);
      // A signed-in caller refused before its route read the session (a malformed body).
      const token = bearerToken(request);
      const auth = token ? await authenticate(token).catch(() => null) : null;
      return auth
        ? interfaceLanguageOf(auth.user)
        : negotiateLanguage(request.headers['accept-language']);
    }

    app.decorate('languageOf', (request: FastifyRequest) => {
      let language = chosen.get(request);
      if (!language) {
        language = resolve(request);
        chosen.set(request, language);
      }
      return language;
    });

    // A sentence in a successful answer ({ success, message }): the error handler says the rest.
    // Callback hooks: an async one costs a promise on every answer, most of which have none.
    app.addHook('preSerialization', (request, reply, payload: unknown, done) => {
      if (!isApi(request) || reply.statusCode >= 400 || !hasMessage(payload)) {
        return done(null, payload);
      }
      app.languageOf(request).then((language) => {
        reply.header('content-language', language);
        done(
          null,
          language === 'en'
            ? payload
            : { ...payload, message: localizeText(language, payload.message) },
        );
      }, done);
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      if (isApi(request) && !reply.hasHeader('content-language')) {
        reply.header('content-language', quickLanguage(request));
      }
      done(null, payload);
    });
  },
  { name: 'language', dependencies: ['authenticate'] },
);

function hasMessage(payload: unknown): payload is { message: string } {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as { message?: unknown }).message === 'string'
  );
}
