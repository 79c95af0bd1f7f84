import { type MessageResponse, messageResponseSchema } from '@grasp/contract';
import { apiParsed } from '../../../lib/api-client.ts';

/** Asks for a forgotten-PIN link; the answer is the same whether the account exists. */
export const requestPinReset = (identifier: string): Promise<MessageResponse> =>
  apiParsed(messageResponseSchema, '/api/auth/forgot-pin', { body: { identifier } });

export const resetPin = (token: string, pin: string, confirmPin: string) =>
  apiParsed(messageResponseSchema, '/api/auth/reset-pin', {
    body: { token, pin, confirm_pin: confirmPin },
  });

export const confirmEmail = (token: string) =>
  apiParsed(messageResponseSchema, '/api/auth/confirm-email', { body: { token } });
