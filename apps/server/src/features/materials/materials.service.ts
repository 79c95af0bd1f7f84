import {
  MATERIAL_ERROR_CODES,
  MATERIAL_MESSAGES,
  MATERIAL_TITLE_MAX_LENGTH,
  type Material,
  type MaterialList,
  type MaterialTextRequest,
  materialLimit,
  materialLimitMessage,
} from '@grasp/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseKind } from '../../db/database.ts';
import type { DB, UserRow } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import * as repo from './materials.repository.ts';
import { type PassageDraft, searchWords, splitIntoPassages } from './passages.ts';
import type { PdfReader } from './pdf-text.ts';

export interface MaterialsDeps {
  db: Kysely<DB>;
  kind: DatabaseKind;
  clock: Clock;
  pdf: PdfReader;
}

/** An uploaded PDF as the route received it. */
export interface PdfUpload {
  bytes: Uint8Array;
  filename?: string;
}

/** A passage as explanations cite it. */
export type Passage = repo.FoundPassage;

const TITLE_WORDS = 8;

export const materialNotFound = () =>
  new AppError(404, MATERIAL_ERROR_CODES.notFound, MATERIAL_MESSAGES.notFound);

function shortTitle(text: string): string {
  const words = text.trim().split(/\s+/).slice(0, TITLE_WORDS).join(' ');
  return words.slice(0, MATERIAL_TITLE_MAX_LENGTH) || 'Untitled';
}

/** "chapter-3_cells.pdf" → "chapter 3 cells". */
function titleOfFile(filename: string | undefined): string | undefined {
  const base = (filename ?? '')
    .replace(/\.pdf$/i, '')
    .replace(/[_-]+/g, ' ')
    .trim();
  return base ? base.slice(0, MATERIAL_TITLE_MAX_LENGTH) : undefined;
}

const toMaterial = (row: { id: string; title: string; pages: number | null; chars: number }) => ({
  materialId: row.id,
  title: row.title,
  ...(row.pages ? { pages: row.pages } : {}),
  chars: row.chars,
});

export function createMaterialsService(deps: MaterialsDeps) {
  const { db, kind, clock, pdf } = deps;

  const atLimit = (plan: string) =>
    new AppError(403, MATERIAL_ERROR_CODES.limit, materialLimitMessage(plan));

  /** Refuses a learner at their plan's limit before anything of theirs is received or read. */
  async function ensureRoom(user: UserRow): Promise<void> {
    const limit = materialLimit(user.plan);
    if (limit !== null && (await repo.countMaterials(db, user.id)) >= limit) {
      throw atLimit(user.plan);
    }
  }

  /**
   * Stores the material and its passages in one transaction: all of it or nothing, and nothing
   * for an owner who deleted the account while the PDF was read (401, as their session is gone).
   */
  async function store(
    user: UserRow,
    title: string,
    pages: number | null,
    passages: PassageDraft[],
  ): Promise<Material> {
    const chars = passages.reduce((sum, p) => sum + p.text.length, 0);
    const material = {
      id: newId(),
      userId: user.id,
      title,
      pages,
      chars,
      createdAt: clock.now().toISOString(),
    };
    await db.transaction().execute(async (tx) => {
      if (!(await repo.ownerStillHere(tx, kind, user.id))) throw unauthorized();
      const limit = materialLimit(user.plan);
      if (limit !== null && (await repo.countMaterials(tx, user.id)) >= limit) {
        throw atLimit(user.plan);
      }
      await repo.insertMaterial(tx, material, passages);
    });
    return toMaterial(material);
  }

  async function ownMaterial(userId: string, materialId: string) {
    const row = await repo.materialOf(db, userId, materialId);
    if (!row) throw materialNotFound();
    return row;
  }

  return {
    /** Account deletion's step: the user's materials and their passages go. */
    forgetUser: (tx: Kysely<DB> | Transaction<DB>, userId: string) =>
      repo.deleteMaterialsOf(tx, kind, userId),

    /**
     * Adds a PDF: the quota, then a place among the readers (one per learner; 503 when none is
     * left), are taken before the upload is received; the reading itself runs in a process of
     * its own.
     */
    async addPdf(user: UserRow, receive: () => Promise<PdfUpload>): Promise<Material> {
      await ensureRoom(user);
      const place = pdf.reserve(user.id);
      try {
        const upload = await receive();
        const { pages, passages } = await place.read(upload.bytes);
        const title = titleOfFile(upload.filename) ?? shortTitle(passages[0]?.text ?? '');
        return await store(user, title, pages, passages);
      } finally {
        place.release();
      }
    },

    async addText(user: UserRow, input: MaterialTextRequest): Promise<Material> {
      const passages = splitIntoPassages([input.text], false);
      return store(user, input.title?.trim() || shortTitle(input.text), null, passages);
    },

    async list(user: UserRow): Promise<MaterialList> {
      const rows = await repo.listMaterials(db, user.id);
      return {
        materials: rows.map((r) => ({ ...toMaterial(r), createdAt: r.created_at })),
        limit: materialLimit(user.plan),
      };
    },

    /** How many materials a learner keeps (the operator's console). */
    countOf: (userId: string) => repo.countMaterials(db, userId),

    /** Stops the PDF reading processes (the app closing). */
    close: () => pdf.close(),

    async remove(userId: string, materialId: string): Promise<void> {
      const deleted = await db
        .transaction()
        .execute((tx) => repo.deleteMaterial(tx, userId, materialId));
      if (!deleted) throw materialNotFound();
    },

    /** The caller's material by id; 404 for anyone else's (explain and distill ask first). */
    async materialOf(userId: string, materialId: string): Promise<Material> {
      return toMaterial(await ownMaterial(userId, materialId));
    },

    /** The material's passages about a concept, best first. */
    async passagesAbout(
      userId: string,
      materialId: string,
      concept: string,
      limit = 5,
    ): Promise<Passage[]> {
      await ownMaterial(userId, materialId);
      return repo.searchPassages(db, kind, materialId, searchWords(concept), limit);
    },

    /** The material's first passages in reading order, for picking its key terms. */
    async readingOrder(userId: string, materialId: string, limit = 2000): Promise<Passage[]> {
      await ownMaterial(userId, materialId);
      return repo.passagesOf(db, materialId, limit);
    },
  };
}
export type MaterialsService = ReturnType<typeof createMaterialsService>;
