import { z } from 'zod';
import { LANGUAGE_IDS } from './languages.ts';
import { VALIDATION_MESSAGES } from './messages.ts';
import { userSchema } from './user.ts';

/** Usernames: what may appear after "@" in the profile menu. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,30}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MOBILE_PATTERN = /^\d{10}$/;
export const PIN_PATTERN = /^\d{4}$/;

export const AUTH_MESSAGES = {
  invalidUsername: 'Username must be 3-30 letters, digits, dots, hyphens or underscores',
  usernameTaken: 'That username is already taken',
  emailTaken: 'An account with that email already exists',
  registered: 'Registration successful! Please check your email to verify your account.',
  loginSuccess: 'Login successful',
  emailNotVerified: 'Please verify your email before signing in. Check your inbox for the link.',
  locked: (seconds: number) =>
    `Too many failed attempts. Please try again in ${formatWait(seconds)}.`,
  /** The per-address registration ceiling (a school's worth an hour) is reached. */
  registrationsPaused: (seconds: number) =>
    `Too many new accounts from your network. Please try again in ${formatWait(seconds)}.`,
  /** Too many wrong PINs from one address, over whichever accounts. */
  signInsPaused: (seconds: number) =>
    `Too many failed sign-ins from your network. Please try again in ${formatWait(seconds)}.`,
  /** Too many verification mails to one address, whoever asked. */
  resendsPaused: (seconds: number) =>
    `Too many verification emails to this address. Please try again in ${formatWait(seconds)}.`,
  loggedOut: 'You have been signed out',
  verified: 'Your email has been verified. You can now sign in.',
  alreadyVerified: 'Your email is already verified. You can sign in.',
  verificationExpired: 'This verification link has expired. Please request a new one.',
  verificationUnknown: 'This verification link is not valid.',
  resendSent: 'If an unverified account uses that address, a new verification link is on its way.',
  sessionExpired: 'Your session has expired. Please sign in again.',
} as const;

/** The signed-in user's profile menu, in its order: the first item takes the focus. */
export const PROFILE_MENU_LABELS = {
  classes: 'Classes',
  reminders: 'Reminders',
  account: 'Account',
  signOut: 'Sign out',
} as const;

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Registration payload of SPEC.md §3. Fields are plain strings here: the service checks the
 * rules of SPEC.md §5 in their order so the API answers with the same messages as the form.
 */
export const registerRequestSchema = z.object({
  username: z.string().max(100).default(''),
  email: z.string().max(254).default(''),
  mobile: z.string().max(20).default(''),
  pin: z.string().max(10).default(''),
  confirm_pin: z.string().max(10).default(''),
  fullName: z.string().max(100).default(''),
  turnstileToken: z.string().max(20_000).default('').describe('The captcha widget payload'),
  planType: z.enum(['free', 'pro', 'Free', 'Pro']).default('free'),
  acceptTerms: z
    .boolean()
    .optional()
    .describe('The web form sends true; the server requires it when sent'),
  interfaceLanguage: z
    .enum(LANGUAGE_IDS)
    .optional()
    .describe('The page’s language by default; the verification mail comes in it (else en)'),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const messageResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const loginRequestSchema = z.object({
  username: z.string().max(254).default('').describe('Username or email, any case'),
  password: z.string().max(10).default('').describe('The 4-digit PIN'),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  user: userSchema,
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const captchaChallengeSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('altcha'),
    challenge: z.record(z.string(), z.unknown()).describe('An altcha-lib challenge object'),
  }),
  z.object({ provider: z.literal('turnstile'), siteKey: z.string() }),
]);
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

export const verifyCaptchaRequestSchema = z.object({ token: z.string().max(20_000) });
export const verifyCaptchaResponseSchema = z.object({ success: z.boolean() });

export const verifyEmailQuerySchema = z.object({ token: z.string().max(200).default('') });

export const resendVerificationRequestSchema = z.object({ email: z.string().max(254) });

export const unitsResponseSchema = z.object({
  success: z.literal(true),
  user: userSchema,
  available_units: z.number().int().nullable().describe('null when the plan is unlimited'),
});
export type UnitsResponse = z.infer<typeof unitsResponseSchema>;

export const usernameParamsSchema = z.object({ username: z.string().min(1).max(254) });

export interface RegistrationInput {
  acceptTerms: boolean;
  captchaToken: string;
  username: string;
  email: string;
  mobile: string;
  pin: string;
  confirmPin: string;
  fullName: string;
}

/**
 * The registration rules of SPEC.md §5 in their order, then the username shape; the form and
 * the server both run this, so both answer with the same first message.
 */
export function registrationProblem(input: RegistrationInput): string | null {
  const fields = [
    input.username,
    input.email,
    input.mobile,
    input.pin,
    input.confirmPin,
    input.fullName,
  ];
  if (!input.acceptTerms) return VALIDATION_MESSAGES.acceptTerms;
  if (!input.captchaToken) return VALIDATION_MESSAGES.captchaRequired;
  if (fields.some((value) => !value.trim())) return VALIDATION_MESSAGES.fillAllFields;
  if (input.pin !== input.confirmPin) return VALIDATION_MESSAGES.pinsDoNotMatch;
  if (!EMAIL_PATTERN.test(input.email.trim())) return VALIDATION_MESSAGES.invalidEmail;
  if (!MOBILE_PATTERN.test(input.mobile.trim())) return VALIDATION_MESSAGES.invalidMobile;
  if (!PIN_PATTERN.test(input.pin)) return VALIDATION_MESSAGES.invalidPin;
  if (!USERNAME_PATTERN.test(input.username.trim())) return AUTH_MESSAGES.invalidUsername;
  return null;
}
