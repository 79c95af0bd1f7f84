import { z } from 'zod';
import { EMAIL_PATTERN, MOBILE_PATTERN, PIN_PATTERN } from './auth.ts';
import { LANGUAGE_IDS } from './languages.ts';
import { VALIDATION_MESSAGES } from './messages.ts';
import { userSchema } from './user.ts';

/** The learner's account (DESIGN.md §14): recovery, changes, sessions, export, deletion. */

/** A forgotten-PIN link is good for this long, once. */
export const PIN_RESET_LIFETIME_MS = 30 * 60 * 1000;
/** A link confirming a new email address is good for this long, once. */
export const EMAIL_CHANGE_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Forgotten-PIN mails one account may receive in an hour, whoever asks. */
export const PIN_RESET_MAILS_PER_HOUR = 3;
/** Exports of one account in an hour: each reads the learner's whole history. */
export const EXPORTS_PER_HOUR = 3;
/** The device cookie (OWASP "device cookies"): a device that signed in before keeps its own budget. */
export const DEVICE_COOKIE = 'grasp_device';

export const ACCOUNT_MESSAGES = {
  resetRequested:
    'If an account uses that username or email, a link to choose a new PIN is on its way. It works for 30 minutes.',
  identifierRequired: 'Please enter your username or email',
  pinReset: 'Your PIN has been changed. Please sign in with the new PIN.',
  invalidToken: 'This link is not valid or has expired. Please ask for a new one.',
  pinChanged: 'Your PIN has been changed. Your other sessions were signed out.',
  wrongPin: 'That PIN is not right',
  emailChangeSent: 'We sent a link to the new address. Your email changes when you open it.',
  emailTaken: 'An account with that email already exists',
  sameEmail: 'That is already your email address',
  emailChanged: 'Your email address has been changed.',
  profileSaved: 'Your profile has been saved.',
  nameRequired: 'Please enter your name',
  nothingToChange: 'Nothing to change',
  sessionNotFound: 'This session was not found.',
  exportsPaused: (minutes: number) =>
    `You have exported your data a few times this hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  deleted: 'Your account has been deleted.',
} as const;

export const ACCOUNT_ERROR_CODES = {
  invalidToken: 'INVALID_TOKEN',
  emailTaken: 'EMAIL_TAKEN',
} as const;

const pin = z.string().max(10).default('').describe('A 4-digit PIN');

export const forgotPinRequestSchema = z.object({
  identifier: z.string().max(254).default('').describe('Username or email, any case'),
});
export type ForgotPinRequest = z.input<typeof forgotPinRequestSchema>;

export const resetPinRequestSchema = z.object({
  token: z.string().max(200).default('').describe('The token of the mailed link'),
  pin,
  confirm_pin: pin,
});
export type ResetPinRequest = z.input<typeof resetPinRequestSchema>;

export const changePinRequestSchema = z.object({
  currentPin: pin.describe('The PIN in use now'),
  pin,
  confirm_pin: pin,
});
export type ChangePinRequest = z.input<typeof changePinRequestSchema>;

export const changeEmailRequestSchema = z.object({
  pin,
  email: z.string().max(254).default('').describe('The new address; it changes once confirmed'),
});
export type ChangeEmailRequest = z.input<typeof changeEmailRequestSchema>;

export const confirmEmailRequestSchema = z.object({
  token: z
    .string()
    .max(200)
    .default('')
    .describe('The token of the link mailed to the new address'),
});

export const updateProfileRequestSchema = z.object({
  fullName: z.string().max(100).optional(),
  mobile: z.string().max(20).optional(),
  interfaceLanguage: z.enum(LANGUAGE_IDS).optional().describe('DESIGN.md §17'),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const userResponseSchema = z.object({ success: z.literal(true), user: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

export const deleteAccountRequestSchema = z.object({ pin });

export const sessionSchema = z.object({
  id: z.string(),
  current: z.boolean().describe('The session making this request'),
  createdAt: z.string(),
  lastSeenAt: z.string().describe('Within a few minutes: it is not written on every request'),
  device: z.string().describe('Browser and system in words, e.g. "Chrome on Android"'),
});
export type AccountSession = z.infer<typeof sessionSchema>;

export const sessionsResponseSchema = z.object({ sessions: z.array(sessionSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

export const sessionParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** A PIN and its confirmation under SPEC.md §5's rules, in their order. */
export function newPinProblem(pinValue: string, confirmPin: string): string | null {
  if (!pinValue || !confirmPin) return VALIDATION_MESSAGES.fillAllFields;
  if (pinValue !== confirmPin) return VALIDATION_MESSAGES.pinsDoNotMatch;
  if (!PIN_PATTERN.test(pinValue)) return VALIDATION_MESSAGES.invalidPin;
  return null;
}

/** The name and mobile rules of registration (SPEC.md §5), for the fields that are sent. */
export function profileProblem(input: UpdateProfileRequest): string | null {
  if (
    input.fullName === undefined &&
    input.mobile === undefined &&
    input.interfaceLanguage === undefined
  )
    return ACCOUNT_MESSAGES.nothingToChange;
  if (input.fullName !== undefined && !input.fullName.trim()) return ACCOUNT_MESSAGES.nameRequired;
  if (input.mobile !== undefined && !MOBILE_PATTERN.test(input.mobile.trim()))
    return VALIDATION_MESSAGES.invalidMobile;
  return null;
}

export function emailProblem(email: string): string | null {
  if (!email.trim()) return VALIDATION_MESSAGES.fillAllFields;
  if (!EMAIL_PATTERN.test(email.trim())) return VALIDATION_MESSAGES.invalidEmail;
  return null;
}

/** The /account page's section titles and actions, named once for the page and its tests. */
export const ACCOUNT_LABELS = {
  title: 'Account',
  profile: 'Profile',
  email: 'Email',
  pin: 'PIN',
  sessions: 'Sessions',
  passkeys: 'Passkeys',
  export: 'Your data',
  deletion: 'Delete account',
  thisDevice: 'This device',
  endSession: 'Sign out',
  endOtherSessions: 'Sign out all other sessions',
  download: 'Download your data',
  deleteAccount: 'Delete my account',
  forgotPin: 'Forgot PIN?',
} as const;
