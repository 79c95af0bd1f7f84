import { z } from 'zod';
import { LANGUAGE_IDS } from './languages.ts';

/** Staff roles (DESIGN.md §15); `user` is every learner. Here, not in admin.ts: the user has one. */
export const ROLES = ['user', 'support', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** The user as the API shows it (SPEC.md §3); never carries the PIN hash. */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().describe('Display name (the full name)'),
  fullName: z.string(),
  email: z.string(),
  mobile: z.string(),
  avatar: z.string().nullable(),
  plan: z.string().describe('free, pro or enterprise; compare case-insensitively'),
  role: roleSchema
    .optional()
    .describe(
      'Staff (support, admin) see the console’s entry; absent in sessions saved before roles',
    ),
  interfaceLanguage: z
    .enum(LANGUAGE_IDS)
    .describe('The language of pages, API messages, mails and pushes (DESIGN.md §17)'),
});
export type User = z.infer<typeof userSchema>;
