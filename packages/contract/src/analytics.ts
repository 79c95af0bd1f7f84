import { z } from 'zod';

export const PAGE_VIEW_PATH_MAX = 300;
export const PAGE_VIEW_REFERRER_MAX = 500;

/**
 * One page view, sent by the SPA on every route change (SPEC.md §2, DESIGN.md §4). First-party
 * only: the path, where the visitor came from and, when a valid token comes with it, the user.
 */
export const pageViewRequestSchema = z.object({
  path: z
    .string()
    .max(PAGE_VIEW_PATH_MAX)
    .regex(/^\/\S*$/, 'must start with / and hold no spaces')
    .describe('The route, e.g. /pricing; a query string or fragment is dropped before storing'),
  referrer: z
    .string()
    .max(PAGE_VIEW_REFERRER_MAX)
    .optional()
    .describe('The previous page (in-app) or the document referrer; stored without its query'),
});
export type PageViewRequest = z.infer<typeof pageViewRequestSchema>;
