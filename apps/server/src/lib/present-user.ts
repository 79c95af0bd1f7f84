import { LANGUAGE_IDS, roleSchema, type User } from '@grasp/contract';
import { z } from 'zod';
import type { UserRow } from '../db/types.ts';

/** The only way a user leaves the server: whitelisted fields, never the PIN hash. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    name: row.full_name,
    fullName: row.full_name,
    email: row.email,
    mobile: row.mobile,
    avatar: row.avatar,
    plan: row.plan,
    // The web shows staff the console's entry; a value the schema does not know is a learner's.
    role: roleSchema.catch('user').parse(row.role),
    interfaceLanguage: interfaceLanguageOf(row),
  };
}

const languageOrEnglish = z.enum(LANGUAGE_IDS).catch('en');

/** The user's interface language; a value the contract does not know reads English. */
export function interfaceLanguageOf(
  row: Pick<UserRow, 'interface_language'>,
): User['interfaceLanguage'] {
  return languageOrEnglish.parse(row.interface_language);
}
