import { randomBytes } from 'node:crypto';
import {
  DEFAULT_SHARE_VISIBILITY,
  type ExplanationRecord,
  type Share,
  type SharedExplanationView,
  type ShareVisibility,
  sharePath,
} from '@grasp/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import { type Clock, millisecondsOf } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Invalidation } from '../../lib/invalidation.ts';
import type { ExplainService } from '../explain/explain.service.ts';
import type { LearningService } from '../learning/learning.service.ts';
import { explanationNotFound } from '../learning/learning-errors.ts';
import { attachmentDisposition, explanationToMarkdown } from './markdown-export.ts';
import * as repo from './share.repository.ts';
import { shareNotFound, sharePagesUnavailable } from './share-errors.ts';
import { createPageCache, type RenderedPage, renderedPage } from './share-page-cache.ts';
import type { SharePageRenderer } from './share-renderer.ts';

export interface ShareDeps {
  db: Kysely<DB>;
  clock: Clock;
  publicUrl: string;
  explanations: Pick<ExplainService, 'explanationOf'>;
  records: Pick<LearningService, 'record'>;
  users: { fullNameOf(userId: string): Promise<string | undefined> };
  /** Null before the web app is built: share pages then answer 503. */
  renderer: SharePageRenderer | null;
  pageCache?: { max: number; ttlMs: number };
  /** Revocations on any instance (lib/invalidation.ts); without it every view reads the row. */
  invalidation?: Invalidation;
}

/** A user's links listed at most: far more than the recent list they serve. */
const MAX_LISTED_SHARES = 200;
const FIRST_NAME_MAX_LENGTH = 40;
/** Longer than an account deletion's transaction takes: a page read before it commits goes too. */
const ANNOUNCE_AGAIN_MS = 5000;

/** 128 random bits, base64url (22 characters): a link nobody can guess or count through. */
export const newShareId = (): string => randomBytes(16).toString('base64url');

/** The first word of a full name, or null: a share page names its sharer by nothing more. */
export function firstNameOf(fullName: string | undefined): string | null {
  const first = fullName?.trim().split(/\s+/u)[0] ?? '';
  return first ? [...first].slice(0, FIRST_NAME_MAX_LENGTH).join('') : null;
}

type ShareRow = NonNullable<Awaited<ReturnType<typeof repo.shareOf>>>;

export function createShareService(deps: ShareDeps) {
  const { db, clock } = deps;
  const cache = createPageCache({
    max: deps.pageCache?.max ?? 200,
    ttlMs: deps.pageCache?.ttlMs ?? 60_000,
    now: millisecondsOf(clock),
  });
  // Many readers opening a link at once (a group chat) wait for one rendering.
  const rendering = new Map<string, Promise<RenderedPage | null>>();

  const toShare = (row: ShareRow): Share => ({
    shareId: row.id,
    url: `${deps.publicUrl}${sharePath(row.id)}`,
    explanationId: row.explanation_id,
    query: row.title,
    visibility: row.visibility as ShareVisibility,
    createdAt: row.created_at,
  });

  async function recordOf(row: ShareRow): Promise<ExplanationRecord | null> {
    try {
      return await deps.records.record(row.user_id, row.explanation_id);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return null;
      throw error;
    }
  }

  const invalidation = deps.invalidation;
  const generation = () => invalidation?.generation() ?? null;
  /** Stale pages go here and everywhere: once now, once after the caller's transaction commits. */
  const announceInTransaction = () => {
    invalidation?.announce();
    setTimeout(() => invalidation?.announce(), ANNOUNCE_AGAIN_MS).unref();
  };

  async function render(
    row: ShareRow,
    version: string,
    confirmedAt: number | null,
  ): Promise<RenderedPage | null> {
    if (!deps.renderer) throw sharePagesUnavailable();
    const [record, fullName] = await Promise.all([
      recordOf(row),
      deps.users.fullNameOf(row.user_id),
    ]);
    if (!record) return null;
    const view: SharedExplanationView = {
      url: `${deps.publicUrl}${sharePath(row.id)}`,
      query: record.query,
      template: record.template,
      difficulty: record.difficulty,
      language: record.language,
      response: record.response,
      relatedConcepts: record.relatedConcepts,
      // Not the follow-ups: questions the sharer asks later are theirs, not the page's.
      ...(record.glossary?.length ? { glossary: record.glossary } : {}),
      sources: record.sources,
      sharerFirstName: firstNameOf(fullName),
      createdAt: record.createdAt,
      indexable: row.visibility === 'public',
    };
    const page = renderedPage(await deps.renderer.render(view), view.indexable);
    cache.set(row.id, version, page, confirmedAt);
    return page;
  }

  async function pageFromRow(
    shareId: string,
    confirmedAt: number | null,
  ): Promise<RenderedPage | null> {
    const row = await repo.shareOf(db, shareId);
    if (!row) {
      cache.delete(shareId);
      return null;
    }
    const version = `${row.explanation_id}|${row.visibility}`;
    const kept = cache.get(shareId, version, confirmedAt);
    if (kept) return kept;
    const key = `${shareId}|${version}`;
    let pending = rendering.get(key);
    if (!pending) {
      pending = render(row, version, confirmedAt).finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  }

  return {
    /** Account deletion's step: the user's links go; their pages are 404 at once. */
    async forgetUser(tx: Kysely<DB> | Transaction<DB>, userId: string): Promise<void> {
      await repo.deleteSharesOf(tx, userId);
      announceInTransaction();
    },

    /** Stops listening for other instances' revocations. */
    close: () => invalidation?.close(),

    /** An explanation record as Markdown (the export's and the download's format). */
    markdownOf: (record: ExplanationRecord) => explanationToMarkdown(record),
    /** The caller's link to one of their explanations: the same link every time it is asked. */
    async share(
      userId: string,
      input: { explanationId: string; visibility?: ShareVisibility | undefined },
    ): Promise<Share> {
      const explanation = await deps.explanations.explanationOf(userId, input.explanationId);
      if (!explanation) throw explanationNotFound();
      const existing = await repo.shareOfExplanation(db, explanation.explanationId);
      if (!existing) {
        await repo.insertShare(db, {
          id: newShareId(),
          explanationId: explanation.explanationId,
          userId,
          title: explanation.query,
          visibility: input.visibility ?? DEFAULT_SHARE_VISIBILITY,
          createdAt: clock.now().toISOString(),
        });
      } else if (input.visibility && input.visibility !== existing.visibility) {
        await repo.setVisibility(db, existing.id, input.visibility);
        invalidation?.announce();
      }
      // Read back: a request sharing the same explanation at the same time may have won.
      const row = await repo.shareOfExplanation(db, explanation.explanationId);
      if (!row) throw explanationNotFound();
      return toShare(row);
    },

    async list(userId: string): Promise<Share[]> {
      return (await repo.sharesOf(db, userId, MAX_LISTED_SHARES)).map(toShare);
    },

    /** Ends a link of the caller's; its page is a 404 from the next request on, everywhere. */
    async revoke(userId: string, shareId: string): Promise<void> {
      if (!(await repo.deleteShare(db, shareId, userId))) throw shareNotFound();
      cache.delete(shareId);
      invalidation?.announce();
    },

    /**
     * The public page of a link, or null when there is no such link (never was, or revoked). The
     * rendering is kept per instance (share-page-cache.ts) and served without a read while no
     * revocation was announced anywhere since its row was read; otherwise the row is read.
     */
    page(shareId: string): RenderedPage | null | Promise<RenderedPage | null> {
      const confirmedAt = generation();
      return cache.trusted(shareId, confirmedAt) ?? pageFromRow(shareId, confirmedAt);
    },

    /** One of the caller's explanations as a Markdown file. */
    async exportMarkdown(
      userId: string,
      explanationId: string,
    ): Promise<{ markdown: string; disposition: string }> {
      const record = await deps.records.record(userId, explanationId);
      return {
        markdown: explanationToMarkdown(record),
        disposition: attachmentDisposition(record.query, 'md'),
      };
    },
  };
}
export type ShareService = ReturnType<typeof createShareService>;
