import {
  messageResponseSchema,
  type UpdateProfileRequest,
  userResponseSchema,
} from '@grasp/contract';
import { apiParsed } from '../../../lib/api-client.ts';

// A wrong PIN answers 401: a form error here, not a reason to sign the learner out.
const pinChecked = { skipUnauthorizedHandler: true } as const;

export const changePin = (currentPin: string, pin: string, confirmPin: string) =>
  apiParsed(messageResponseSchema, '/api/me/pin', {
    method: 'PUT',
    body: { currentPin, pin, confirm_pin: confirmPin },
    ...pinChecked,
  });

export const changeEmail = (pin: string, email: string) =>
  apiParsed(messageResponseSchema, '/api/me/email', {
    method: 'PUT',
    body: { pin, email },
    ...pinChecked,
  });

export const updateProfile = (changes: UpdateProfileRequest) =>
  apiParsed(userResponseSchema, '/api/me', { method: 'PATCH', body: changes });
