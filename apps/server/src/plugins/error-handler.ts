import { ERROR_CODES, ERROR_MESSAGES, type ErrorBody, type LanguageId } from '@grasp/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import { keyOfText, localizeText, negotiateLanguage, translate } from '../lib/i18n.ts';
import { isServiceOutage } from '../lib/outage.ts';

function fieldName(context: string | undefined, path: string): string {
  const field = path.replace(/^\//, '').replaceAll('/', '.');
  if (field) return field;
  return context === 'body' ? 'body' : (context ?? 'request');
}

function validationMessage(error: FastifyError, language: LanguageId): string {
  const first = error.validation?.[0];
  if (!first) return localizeText(language, error.message);
  const field = fieldName(error.validationContext, first.instancePath);
  const message = first.message ?? 'is invalid';
  if (language === 'en') return `${field}: ${message}`;
  // The contract's own rule messages are translated; a schema library's wording is not ours.
  const key = keyOfText(message);
  return key
    ? translate(language, 'server.fieldMessage', { field, message: translate(language, key) })
    : translate(language, 'server.invalidField', { field });
}

/** An AppError's message in the language: its own key and values, else its English sentence. */
export function appErrorMessage(error: AppError, language: LanguageId): string {
  if (error.messageRef && language !== 'en')
    return translate(language, error.messageRef.key, error.messageRef.values);
  return localizeText(language, error.message);
}

function codeForStatus(status: number): string {
  if (status === 404) return ERROR_CODES.notFound;
  if (status === 401) return ERROR_CODES.unauthorized;
  if (status === 403) return ERROR_CODES.forbidden;
  if (status === 429) return ERROR_CODES.rateLimited;
  return ERROR_CODES.validation;
}

/** One error body for every failure; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | AppError>(async (error, request, reply) => {
    // Answered in the request's language (DESIGN.md §17); the code never changes.
    const language = app.hasDecorator('languageOf') ? await app.languageOf(request) : 'en';
    reply.header('content-language', language);
    const send = (status: number, body: ErrorBody) => reply.status(status).send(body);
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.warn({ err: error }, error.message);
      if (error.headers) reply.headers(error.headers);
      return send(error.statusCode, {
        success: false,
        code: error.code,
        message: appErrorMessage(error, language),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return send(400, {
        success: false,
        code: ERROR_CODES.validation,
        message: validationMessage(error, language),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(status, {
        success: false,
        code: codeForStatus(status),
        message: localizeText(language, error.message),
      });
    }
    if (isServiceOutage(error)) request.log.warn({ err: error }, 'backing service unavailable');
    else request.log.error({ err: error }, 'request failed');
    const body = unexpectedErrorBody(error);
    return send(isServiceOutage(error) ? 503 : 500, {
      ...body,
      message: localizeText(language, body.message),
    });
  });
}

/**
 * Fastify's own refusals before routing (a malformed percent-encoding, a path parameter over
 * the length limit) otherwise answer in Fastify's body, echoing the address back.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 400;
  // Before routing there is no session to read: the header decides.
  const language = negotiateLanguage(request.headers['accept-language']);
  const body: ErrorBody = {
    success: false,
    code: codeForStatus(status),
    message: localizeText(language, ERROR_MESSAGES.invalidAddress),
  };
  reply.status(status).header('content-language', language).send(body);
}

/** The body for an error that is not an AppError: an outage the caller may retry, or a bug. */
export function unexpectedErrorBody(error: unknown): ErrorBody {
  if (isServiceOutage(error)) {
    return {
      success: false,
      code: ERROR_CODES.serviceUnavailable,
      message: ERROR_MESSAGES.serviceUnavailable,
    };
  }
  return {
    success: false,
    code: ERROR_CODES.internal,
    message: ERROR_MESSAGES.internalServerError,
  };
}
