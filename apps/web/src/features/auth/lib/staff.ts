import type { User } from '@grasp/contract';

/**
 * Support and admin open the console (DESIGN.md §15); the server checks again on every call.
 * Compared by name: the contract's role list would bring its schemas into this chunk.
 */
export function isStaff(user: User | null): boolean {
  return user?.role === 'admin' || user?.role === 'support';
}
