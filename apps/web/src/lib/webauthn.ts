import {
  PASSKEY_MESSAGES,
  type PasskeyAuthenticationOptions,
  type PasskeyRegistrationOptions,
} from '@grasp/contract';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { ApiError } from './api-client.ts';

/**
 * The browser's WebAuthn ceremonies load with the first passkey, not with the page: nothing here
 * imports @simplewebauthn/browser but this, so /login and /account show the passkey buttons
 * without downloading it.
 */
const library = () => import('@simplewebauthn/browser');

/**
 * True where navigator.credentials can make and use passkeys: @simplewebauthn's own test
 * (browserSupportsWebAuthn), written here so the check does not load the library.
 */
export const passkeysSupported = (): boolean =>
  typeof globalThis.PublicKeyCredential === 'function';

/** navigator.credentials.create() with the server's options; the answer goes back as JSON. */
export async function createPasskey(options: PasskeyRegistrationOptions) {
  const { startRegistration } = await library();
  // The contract keeps transports as plain strings; the browser ignores ones it does not know.
  return startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
}

/** navigator.credentials.get() with the server's options. */
export async function getPasskey(options: PasskeyAuthenticationOptions) {
  const { startAuthentication } = await library();
  return startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
}

/** The person closed the browser's prompt, or let it time out: nothing to alarm anyone about. */
export function passkeyCancelled(error: unknown): boolean {
  // A DOMException, or @simplewebauthn's WebAuthnError carrying its name and a code.
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED';
}

/** What to tell the person when a passkey ceremony or its server call failed. */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (passkeyCancelled(error)) return PASSKEY_MESSAGES.cancelled;
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return PASSKEY_MESSAGES.alreadyOnDevice;
  return PASSKEY_MESSAGES.failed;
}
