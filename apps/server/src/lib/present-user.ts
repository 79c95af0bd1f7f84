import { roleSchema, type User } from '@grasp/contract';
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
  };
}
