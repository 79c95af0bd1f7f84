import { ERROR_CODES, VALIDATION_MESSAGES } from '@grasp/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
}

function dottedPath(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * The field of the first string holding U+0000 (named as validation errors name fields), or
 * null. Walks with its own stack and builds no paths on the way: a 64 KiB body can nest
 * thousands of levels deep.
 */
function fieldWithNul(input: unknown, context: string): string | null {
  const pending: Visit[] = [{ value: input, key: context, parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value } = visit;
    if (typeof value === 'string' && value.includes('\u0000')) {
      return dottedPath(visit) || context;
    }
    if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        pending.push({ value: inner, key, parent: visit });
      }
    }
  }
  return null;
}

/**
 * Whether any string in the input holds U+0000: the question of every request, asked without
 * the walk's bookkeeping (a pair and a visit per value), which only a refusal needs.
 */
function holdsNul(input: unknown): boolean {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (typeof value === 'object' && value !== null) {
      for (const key in value) pending.push((value as Record<string, unknown>)[key]);
    }
  }
  return false;
}

const fieldWithNulIn = (input: unknown, context: string) =>
  holdsNul(input) ? fieldWithNul(input, context) : null;

/**
 * PostgreSQL cannot store U+0000 in text and fails the whole query, so a NUL anywhere in the
 * body, query or path is refused as bad input on every route, whichever database is behind.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  // A callback hook: an async one costs a promise per request on every route.
  app.addHook('preValidation', (request, _reply, done) => {
    const field =
      fieldWithNulIn(request.params, 'params') ??
      fieldWithNulIn(request.query, 'query') ??
      fieldWithNulIn(request.body, 'body');
    if (!field) return done();
    done(
      new AppError(
        400,
        ERROR_CODES.validation,
        `${field}: ${VALIDATION_MESSAGES.nulCharacter}`,
        undefined,
        {
          key: 'server.fieldMessage',
          values: { field, message: { key: 'validation.nulCharacter' } },
        },
      ),
    );
  });
}
