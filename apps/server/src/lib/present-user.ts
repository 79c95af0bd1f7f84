import type { User } from '@grasp/contract';
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
  };
}
