import {
  type User,
  type UserMessage,
  unitsResponseSchema,
  userMessageSchema,
  userStatsResponseSchema,
} from '@grasp/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export interface UserDashboardData {
  totalMessages: number;
  /** null when the plan is unlimited. */
  availableUnits: number | null;
  /** Newest first, as the server sends them. */
  messages: UserMessage[];
  /** Moments of the latest recap reviews: a day with one counts for the streak too. */
  reviewDates: string[];
  /** The user as the server sees them now (the plan may have changed since sign-in). */
  user: User;
}

const statsPath = (kind: 'user-stats' | 'user-messages' | 'units', username: string) =>
  `/api/stats/${kind}/${encodeURIComponent(username)}`;

/** The three stats calls of SPEC.md §7, in parallel; an answer of the wrong shape is an error. */
export async function fetchUserDashboard(
  username: string,
  signal?: AbortSignal,
): Promise<UserDashboardData> {
  const [stats, messages, units] = await Promise.all([
    apiRequest<unknown>(statsPath('user-stats', username), { signal }),
    apiRequest<unknown>(statsPath('user-messages', username), { signal }),
    apiRequest<unknown>(statsPath('units', username), { signal }),
  ]);
  const parsedUnits = unitsResponseSchema.parse(units);
  const parsedStats = userStatsResponseSchema.parse(stats);
  return {
    totalMessages: parsedStats.total_messages,
    reviewDates: parsedStats.review_dates ?? [],
    availableUnits: parsedUnits.available_units,
    messages: userMessageSchema.array().parse(messages),
    user: parsedUnits.user,
  };
}
