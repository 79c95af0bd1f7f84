import type { UnitsResponse } from '@grasp/contract';
import type { UserRow } from '../../db/types.ts';
import { forbidden } from '../../lib/errors.ts';
import { presentUser } from '../../lib/present-user.ts';

/** A `{username}` in a path must be the caller's own (compared case-insensitively). */
export function assertOwnUsername(user: UserRow, username: string): void {
  if (user.username_key !== username.trim().toLowerCase()) throw forbidden();
}

export function createStatsService(deps: {
  availableUnits: (userId: string) => Promise<number | null>;
}) {
  return {
    async units(user: UserRow, username: string): Promise<UnitsResponse> {
      assertOwnUsername(user, username);
      return {
        success: true,
        user: presentUser(user),
        available_units: await deps.availableUnits(user.id),
      };
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
