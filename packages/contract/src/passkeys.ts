import { z } from 'zod';
import { PRODUCT_NAME } from './constants.ts';

/**
 * Passkeys (DESIGN.md §14): WebAuthn credentials as a second way in beside the PIN. The
 * WebAuthn JSON shapes are those of @simplewebauthn (the browser's `toJSON()`), bounded here.
 */

/** A passkey's name: what the learner calls it on /account ("Work laptop"). */
export const PASSKEY_NAME_MAX = 64;
/** Passkeys one account may keep: enough for every device, a bound on the list and the options. */
export const PASSKEYS_PER_ACCOUNT = 20;

export const PASSKEY_MESSAGES = {
  added: 'Passkey added. You can now sign in with it.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
  notFound: 'This passkey was not found.',
  nameRequired: `Please give the passkey a name (up to ${PASSKEY_NAME_MAX} characters).`,
  tooMany: `An account can keep at most ${PASSKEYS_PER_ACCOUNT} passkeys. Remove one first.`,
  alreadyAdded: 'This passkey is already added to an account.',
  /** The browser found one of the account's passkeys on this device (excludeCredentials). */
  alreadyOnDevice: 'This device already has a passkey for your account.',
  /** The challenge is unknown, used or past its few minutes. */
  expired: 'This passkey request has expired. Please try again.',
  /** A signature, origin or counter that does not hold. */
  failed: 'This passkey could not be verified. Please try again.',
  /** A credential the server does not (or no longer) know: removed, or never added here. */
  unknown: `This passkey is not registered with ${PRODUCT_NAME}. Sign in with your PIN, then add it again on your account page.`,
  cancelled: 'The passkey prompt was closed or timed out. Nothing was changed.',
  /** Adding a passkey needs the PIN, as every security change does. */
  pinRequired: 'Type your PIN to add a passkey.',
  unsupported: 'This browser cannot use passkeys.',
  signIn: 'Sign in with a passkey',
  signingIn: 'Waiting for your passkey…',
} as const;

/** The words of the passkeys section on /account. */
export const PASSKEY_LABELS = {
  title: 'Passkeys',
  intro:
    'Sign in with your fingerprint, face or screen lock instead of typing your PIN. Your PIN keeps working.',
  unsupportedHere:
    'This browser cannot add passkeys. Passkeys added on other devices are listed here, and you can remove them.',
  empty: 'No passkeys yet.',
  loading: 'Loading your passkeys',
  loadFailed: 'Your passkeys could not be loaded.',
  retry: 'Try again',
  add: 'Add a passkey',
  adding: 'Waiting for your passkey…',
  pinField: 'Your PIN',
  pinIntro: 'Type your PIN first: a new way in needs it, as every security change does.',
  confirmAdd: 'Continue',
  rename: 'Rename',
  nameField: 'Passkey name',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  remove: 'Remove',
  removing: 'Removing…',
  confirmRemove: (name: string) => `Remove “${name}”? It will no longer sign you in.`,
  confirmRemoveAction: 'Remove passkey',
  keep: 'Keep it',
  added: (date: string) => `Added ${date}`,
  lastUsed: (date: string | null) => (date ? `last used ${date}` : 'never used'),
} as const;

/** The error codes of the passkey routes (besides the shared ones of ERROR_CODES). */
export const PASSKEY_ERROR_CODES = {
  challenge: 'PASSKEY_CHALLENGE',
  failed: 'PASSKEY_FAILED',
  unknown: 'PASSKEY_UNKNOWN',
  exists: 'PASSKEY_EXISTS',
  tooMany: 'PASSKEY_LIMIT',
} as const;

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');

/** A credential id: at most 1023 bytes by the WebAuthn spec, so 1364 base64url characters. */
const credentialId = base64url(1364).min(1);

export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameRequired);

const clientExtensionResults = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= 2048, 'too large')
  .default({});

/** navigator.credentials.create()'s answer, as @simplewebauthn/browser's startRegistration gives it. */
export const registrationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096).min(1),
    attestationObject: base64url(16_384).min(1),
    authenticatorData: base64url(8192).optional(),
    transports: z.array(z.string().max(32)).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});

/** navigator.credentials.get()'s answer, as @simplewebauthn/browser's startAuthentication gives it. */
export const authenticationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096).min(1),
    authenticatorData: base64url(8192).min(1),
    signature: base64url(2048).min(1),
    userHandle: base64url(128).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});
export type PasskeyAuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

const userVerification = z.enum(['required', 'preferred', 'discouraged']);
/** Types are plain strings: the browser ignores values it does not know, and so do we. */
const credentialDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** Options for navigator.credentials.create(), given whole to startRegistration. */
export const registrationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: userVerification.optional(),
    })
    .optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type PasskeyRegistrationOptions = z.infer<typeof registrationOptionsSchema>;

/** Options for navigator.credentials.get(), given whole to startAuthentication. */
export const authenticationOptionsSchema = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: userVerification.optional(),
});
export type PasskeyAuthenticationOptions = z.infer<typeof authenticationOptionsSchema>;

/**
 * Adding a passkey binds an authenticator, so it needs the PIN (NIST SP 800-63B); none or a
 * wrong one is 401, counted as a wrong PIN for the session.
 */
export const passkeyRegistrationOptionsRequestSchema = z
  .object({ pin: z.string().max(10).default('').describe('The account’s PIN') })
  .default({ pin: '' });
export type PasskeyRegistrationOptionsRequest = z.input<
  typeof passkeyRegistrationOptionsRequestSchema
>;

export const passkeyRegistrationOptionsResponseSchema = z.object({
  options: registrationOptionsSchema,
});

export const createPasskeyRequestSchema = z.object({
  response: registrationResponseSchema,
  name: passkeyNameSchema.optional().describe('Defaults to "Passkey N"'),
});
export type CreatePasskeyRequest = z.input<typeof createPasskeyRequestSchema>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  lastUsedAt: z.string().nullable().describe('The last sign-in with it (ISO 8601), or null'),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const createdPasskeySchema = passkeySchema.pick({ id: true, name: true, createdAt: true });
export type CreatedPasskey = z.infer<typeof createdPasskeySchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

export const passkeyParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const renamePasskeyRequestSchema = z.object({ name: passkeyNameSchema });

/** A sign-in challenge: `challengeId` comes back with the response it is answered by. */
export const passkeyChallengeSchema = z.object({
  challengeId: z.string(),
  options: authenticationOptionsSchema,
});
export type PasskeyChallenge = z.infer<typeof passkeyChallengeSchema>;

export const passkeyOptionsRequestSchema = z.object({}).default({});

export const passkeySignInRequestSchema = z.object({
  challengeId: z.string().min(1).max(64),
  response: authenticationResponseSchema,
});
export type PasskeySignInRequest = z.input<typeof passkeySignInRequestSchema>;
