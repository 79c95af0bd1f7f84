import { z } from 'zod';
import type { PlanId } from './plans.ts';

/** The learner's own material (DESIGN.md §10): a PDF or pasted text to learn from. */
export const MATERIAL_PDF_MAX_BYTES = 10 * 1024 * 1024;
export const MATERIAL_TEXT_MAX_CHARS = 100_000;
export const MATERIAL_TITLE_MAX_LENGTH = 120;
/** A PDF is read up to these: past them the reader stops and says which was reached. */
export const MATERIAL_PDF_MAX_PAGES = 500;
export const MATERIAL_PDF_MAX_CHARS = 2_000_000;
/** How long to wait before trying again when every PDF reader is taken (Retry-After). */
export const MATERIAL_BUSY_RETRY_SECONDS = 30;
/** How long to wait before uploading again while the learner's last PDF is still under way. */
export const MATERIAL_UPLOADING_RETRY_SECONDS = 10;
/** An upload must arrive whole within this; a slower one is cut off (408). */
export const MATERIAL_UPLOAD_SECONDS = 45;

/** How many materials a plan keeps at once; null: no limit. */
export const MATERIAL_LIMITS: Record<PlanId, number | null> = {
  free: 3,
  pro: 100,
  enterprise: null,
};

/** The limit of a plan by its stored name (unknown names count as Free). */
export function materialLimit(plan: string | null | undefined): number | null {
  const id = (plan ?? 'free').trim().toLowerCase() as PlanId;
  return id in MATERIAL_LIMITS ? MATERIAL_LIMITS[id] : MATERIAL_LIMITS.free;
}

export const MATERIAL_ERROR_CODES = {
  limit: 'MATERIAL_LIMIT',
  tooLarge: 'MATERIAL_TOO_LARGE',
  notPdf: 'MATERIAL_NOT_PDF',
  encrypted: 'PDF_ENCRYPTED',
  unreadable: 'PDF_UNREADABLE',
  noText: 'PDF_NO_TEXT',
  tooManyPages: 'PDF_TOO_MANY_PAGES',
  tooMuchText: 'PDF_TOO_MUCH_TEXT',
  tooHeavy: 'PDF_TOO_HEAVY',
  tooMuchData: 'PDF_TOO_MUCH_DATA',
  busy: 'MATERIALS_BUSY',
  uploading: 'MATERIAL_UPLOAD_IN_PROGRESS',
  tooSlow: 'MATERIAL_UPLOAD_TOO_SLOW',
  oneFile: 'MATERIAL_ONE_FILE',
  notFound: 'MATERIAL_NOT_FOUND',
} as const;

export const MATERIAL_MESSAGES = {
  tooLarge: `This file is larger than ${MATERIAL_PDF_MAX_BYTES / 1024 / 1024} MB. Please upload a smaller PDF, or paste the chapter you need.`,
  notPdf: 'Only PDF files can be uploaded. For other documents, paste the text instead.',
  encrypted:
    'This PDF is protected by a password. Please save a copy without the protection and upload that.',
  unreadable: 'This file could not be read as a PDF. It may be damaged; please try another copy.',
  noText:
    'This PDF has no text we can read. It may be a scan: please paste the text instead, or upload a PDF with selectable text.',
  tooManyPages: `This PDF has more than ${MATERIAL_PDF_MAX_PAGES} pages. Please upload the chapters you need (up to ${MATERIAL_PDF_MAX_PAGES} pages), or paste the text.`,
  tooMuchText: `This PDF has more than ${MATERIAL_PDF_MAX_CHARS.toLocaleString('en-US')} characters of text. Please upload the chapters you need, or paste the text.`,
  tooHeavy:
    'This PDF takes too much work to read: it is very long or unusually built. Please upload the chapters you need, or paste the text.',
  tooMuchData:
    'This PDF unpacks into more data than we can read at once: it is very large inside or unusually built. Please upload the chapters you need, or paste the text.',
  uploading:
    'Your last PDF is still being uploaded or read. Please wait for it to finish, then upload the next.',
  tooSlow: `The upload took longer than ${MATERIAL_UPLOAD_SECONDS} seconds. Please try again on a steadier connection, or upload a smaller PDF.`,
  busy: `Many PDFs are being read right now. Please try again in ${MATERIAL_BUSY_RETRY_SECONDS} seconds.`,
  oneFile: 'Please upload one PDF at a time, as the form sends it.',
  emptyText: 'Please paste some text to learn from.',
  textTooLong: `Please keep pasted text to ${MATERIAL_TEXT_MAX_CHARS.toLocaleString('en-US')} characters or fewer.`,
  notFound: 'This material was not found.',
  uploadFailed: 'The material could not be added. Please try again.',
  deleteConfirm:
    'Delete this material? Explanations already made from it are kept, with their excerpts.',
  empty: 'No material yet. Upload a PDF or paste a chapter to learn from it.',
} as const;

/** The message at a plan's limit, with the way up (SPEC.md §9's plans). */
export function materialLimitMessage(plan: string | null | undefined): string {
  const limit = materialLimit(plan) ?? 0;
  const id = (plan ?? 'free').trim().toLowerCase();
  const kept = `You can keep ${limit} materials on the ${id === 'pro' ? 'Pro' : 'Free'} plan.`;
  if (id === 'pro') {
    return `${kept} Delete one to add another, or contact us about Enterprise for no limit.`;
  }
  return `${kept} Delete one to add another, or upgrade to Pro to keep up to ${MATERIAL_LIMITS.pro}.`;
}

export const materialTextRequestSchema = z.object({
  title: z
    .string()
    .trim()
    .max(MATERIAL_TITLE_MAX_LENGTH)
    .optional()
    .describe('A name for the material; default: its first words'),
  text: z
    .string()
    .refine((t) => t.trim().length > 0, MATERIAL_MESSAGES.emptyText)
    .refine((t) => t.length <= MATERIAL_TEXT_MAX_CHARS, MATERIAL_MESSAGES.textTooLong)
    .describe('The pasted text, 1–100,000 characters'),
});
export type MaterialTextRequest = z.input<typeof materialTextRequestSchema>;

export const materialSchema = z.object({
  materialId: z.string(),
  title: z.string(),
  pages: z.number().int().min(1).optional().describe('Pages of the PDF; absent for pasted text'),
  chars: z.number().int().min(1).describe('Characters of text kept'),
});
export type Material = z.infer<typeof materialSchema>;

export const materialListSchema = z.object({
  materials: z.array(materialSchema.extend({ createdAt: z.string() })),
  limit: z.number().int().nullable().describe('How many the caller’s plan keeps; null: no limit'),
});
export type MaterialList = z.infer<typeof materialListSchema>;

/** A material's id as a request names it. */
export const materialIdSchema = z.string().trim().min(1).max(64);
export const materialParamsSchema = z.object({ materialId: materialIdSchema });

/** The material an explanation was made from, named even after the material is deleted. */
export const materialRefSchema = z.object({
  materialId: z.string(),
  title: z.string(),
});
export type MaterialRef = z.infer<typeof materialRefSchema>;

/** "p. 12": how a page is cited beside a source. */
export const pageCitation = (page: number) => `p. ${page}`;
