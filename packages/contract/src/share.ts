import { z } from 'zod';
import type { Glossary } from './explain.ts';
import type { LanguageId } from './languages.ts';
import { explanationIdSchema } from './learning.ts';
import type { Difficulty } from './providers.ts';
import type { Source } from './sources.ts';
import type { TemplateId } from './templates.ts';

/** Sharing and export of an explanation (DESIGN.md §9). */

/** SPEC.md's share text: the system share sheet's, and a share page's description without one. */
export const shareText = (query: string) => `Learn about ${query} in just 2 minutes!`;

/**
 * `unlisted`: anyone with the link may read it, search engines are asked not to index it
 * (the default); `public`: indexable.
 */
export const SHARE_VISIBILITIES = ['unlisted', 'public'] as const;
export type ShareVisibility = (typeof SHARE_VISIBILITIES)[number];
export const DEFAULT_SHARE_VISIBILITY: ShareVisibility = 'unlisted';

/** Where a share's public page lives: `PUBLIC_URL` + this. */
export const sharePath = (shareId: string) => `/s/${shareId}`;

export const shareIdSchema = z.string().trim().min(1).max(64);
export const shareParamsSchema = z.object({ shareId: shareIdSchema });

export const createShareRequestSchema = z.object({
  explanationId: explanationIdSchema.describe('One of the caller’s own explanations'),
  visibility: z
    .enum(SHARE_VISIBILITIES)
    .optional()
    .describe(
      'unlisted (default for a new link: the page asks search engines not to index it) or public; omitted on an existing link, it stays as it was',
    ),
});
export type CreateShareRequest = z.input<typeof createShareRequestSchema>;

export const shareSchema = z.object({
  shareId: z.string().describe('Unguessable id of the link (128 random bits, base64url)'),
  url: z.string().describe('The public page: PUBLIC_URL/s/{shareId}'),
  explanationId: z.string(),
  query: z.string().describe('The concept the shared explanation explains'),
  visibility: z.enum(SHARE_VISIBILITIES),
  createdAt: z.string(),
});
export type Share = z.infer<typeof shareSchema>;

export const sharesResponseSchema = z.object({
  shares: z.array(shareSchema).describe('The caller’s links that still work, newest first'),
});
export type SharesResponse = z.infer<typeof sharesResponseSchema>;

export const revokeShareResponseSchema = z.object({ success: z.literal(true) });

export const EXPORT_FORMATS = ['md'] as const;
export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS).default('md').describe('md: Markdown (the only format so far)'),
});

/**
 * What a share page shows, and all it may show: the sharer is a first name, never a username,
 * email or id. The server builds it; the web app's share renderer turns it into the page.
 */
export interface SharedExplanationView {
  /** The page's own address (canonical and og:url). */
  url: string;
  query: string;
  template: TemplateId;
  difficulty: Difficulty;
  language: LanguageId;
  /** The explanation's markdown. */
  response: string;
  relatedConcepts: string[];
  glossary?: Glossary;
  /** What the text cites as [n], listed under it (DESIGN.md §10). */
  sources: Source[];
  /** The sharer's first name; null when they gave none. */
  sharerFirstName: string | null;
  createdAt: string;
  /** false for an unlisted link: the page carries `noindex`. */
  indexable: boolean;
}
