import { z } from 'zod';

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
});
export type User = z.infer<typeof userSchema>;
