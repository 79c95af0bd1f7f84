import { z } from 'zod';

/** The error body every failing endpoint answers with (DESIGN.md §4). */
export const errorBodySchema = z.object({
  success: z.literal(false),
  code: z.string().describe('UPPER_SNAKE machine-readable code'),
  message: z.string().describe('Human-readable text, safe to show'),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'unused']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** The answer of an action that has nothing else to say. */
export const okResponseSchema = z.object({ success: z.literal(true) });
