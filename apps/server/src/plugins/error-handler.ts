import { ERROR_CODES, ERROR_MESSAGES, type ErrorBody } from '@grasp/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import { isServiceOutage } from '../lib/outage.ts';

function fieldName(context: string | undefined, path: string): string {
  const field = path.replace(/^\//, '').replaceAll('/', '.');
  if (field) return field;
  return context === 'body' ? 'body' : (context ?? 'request');
}

function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  return `${fieldName(error.validationContext, first.instancePath)}: ${first.message ?? 'is invalid'}`;
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
  app.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
    const send = (status: number, body: ErrorBody) => reply.status(status).send(body);
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.warn({ err: error }, error.message);
      if (error.headers) reply.headers(error.headers);
      return send(error.statusCode, { success: false, code: error.code, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return send(400, {
        success: false,
        code: ERROR_CODES.validation,
        message: validationMessage(error),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(status, { success: false, code: codeForStatus(status), message: error.message });
    }
    if (isServiceOutage(error)) request.log.warn({ err: error }, 'backing service unavailable');
    else request.log.error({ err: error }, 'request failed');
    return send(isServiceOutage(error) ? 503 : 500, unexpectedErrorBody(error));
  });
}

/**
 * Fastify's own refusals before routing (a malformed percent-encoding, a path parameter over
 * the length limit) otherwise answer in Fastify's body, echoing the address back.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 400;
  const body: ErrorBody = {
    success: false,
    code: codeForStatus(status),
    message: ERROR_MESSAGES.invalidAddress,
  };
  reply.status(status).send(body);
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
