import type { LanguageId } from '../languages.ts';
import bn from './catalogs/bn/server.json' with { type: 'json' };
import en from './catalogs/en/server.json' with { type: 'json' };
import hi from './catalogs/hi/server.json' with { type: 'json' };
import mr from './catalogs/mr/server.json' with { type: 'json' };
import ta from './catalogs/ta/server.json' with { type: 'json' };
import te from './catalogs/te/server.json' with { type: 'json' };

/**
 * The server's words (DESIGN.md §17): API messages, mails and pushes, one ICU MessageFormat
 * catalog per locale. Not exported from index.ts, so no web page carries all six; the web may
 * read the same keys (`<group>.<name>` for a contract constant such as
 * VALIDATION_MESSAGES.invalidEmail → `validation.invalidEmail`).
 */
export type ServerMessageKey = keyof typeof en;
export type ServerCatalog = Readonly<Record<ServerMessageKey, string>>;

/** The contract's message constants whose entries the catalogs hold under `<group>.<name>`. */
export const SERVER_MESSAGE_GROUPS = {
  validation: 'VALIDATION_MESSAGES',
  error: 'ERROR_MESSAGES',
  auth: 'AUTH_MESSAGES',
  account: 'ACCOUNT_MESSAGES',
  admin: 'ADMIN_MESSAGES',
  classes: 'CLASS_MESSAGES',
  materials: 'MATERIAL_MESSAGES',
  passkeys: 'PASSKEY_MESSAGES',
  recaps: 'RECAP_MESSAGES',
  reminders: 'REMINDER_MESSAGES',
  payment: 'paymentMessages',
} as const;

/** A locale missing a key fails the typecheck here, and catalogs.test.ts checks the rest. */
export const SERVER_CATALOGS: Readonly<Record<LanguageId, ServerCatalog>> = {
  en,
  hi,
  bn,
  mr,
  ta,
  te,
};
