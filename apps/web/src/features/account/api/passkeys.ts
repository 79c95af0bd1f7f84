import {
  type CreatedPasskey,
  createdPasskeySchema,
  type Passkey,
  type PasskeyRegistrationOptions,
  passkeyListSchema,
  passkeyRegistrationOptionsResponseSchema,
  passkeySchema,
} from '@grasp/contract';
import { apiParsed, apiRequest } from '../../../lib/api-client.ts';

const PASSKEYS_PATH = '/api/me/passkeys';
const passkeyPath = (id: string) => `${PASSKEYS_PATH}/${encodeURIComponent(id)}`;

/** GET /api/me/passkeys */
export async function fetchPasskeys(): Promise<Passkey[]> {
  return (await apiParsed(passkeyListSchema, PASSKEYS_PATH)).passkeys;
}

/**
 * POST /api/me/passkeys/options: what navigator.credentials.create() needs, given for the PIN.
 * A wrong PIN answers 401: a form error here, not a reason to sign the learner out.
 */
export async function fetchRegistrationOptions(pin: string): Promise<PasskeyRegistrationOptions> {
  const body = await apiParsed(
    passkeyRegistrationOptionsResponseSchema,
    `${PASSKEYS_PATH}/options`,
    { body: { pin }, skipUnauthorizedHandler: true },
  );
  return body.options;
}

/** POST /api/me/passkeys: the browser's new credential, and the name to show it by. */
export function savePasskey(response: unknown, name?: string): Promise<CreatedPasskey> {
  return apiParsed(createdPasskeySchema, PASSKEYS_PATH, { body: { response, name } });
}

/** PATCH /api/me/passkeys/{id} */
export function renamePasskey(id: string, name: string): Promise<Passkey> {
  return apiParsed(passkeySchema, passkeyPath(id), { method: 'PATCH', body: { name } });
}

/** DELETE /api/me/passkeys/{id} */
export async function removePasskey(id: string): Promise<void> {
  await apiRequest(passkeyPath(id), { method: 'DELETE' });
}
