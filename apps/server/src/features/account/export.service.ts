import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import {
  ACCOUNT_MESSAGES,
  ERROR_CODES,
  EXPORTS_PER_HOUR,
  type ExplanationRecord,
  PRODUCT_NAME,
} from '@grasp/contract';
import { ZipFile } from 'yazl';
import type { UserRow } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { presentUser } from '../../lib/present-user.ts';
import type { SlidingWindows } from '../../lib/sliding-window.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { ClassesService } from '../classes/classes.service.ts';
import type { ExplainService } from '../explain/explain.service.ts';
import type { LearningService } from '../learning/learning.service.ts';
import type { RecapsService } from '../learning/recaps.service.ts';
import type { MaterialsService } from '../materials/materials.service.ts';
import type { RemindersService } from '../reminders/reminders.service.ts';
import type { ShareService } from '../share/share.service.ts';

const HOUR_MS = 60 * 60 * 1000;
/** A material's passages read for an export: a 500-page PDF has far fewer. */
const PASSAGES_READ = 100_000;
/**
 * Explanations read for the zip this many at a time, in four queries a page: one query per
 * explanation and table would be thousands of round trips for a long history, seconds on a
 * database across a network.
 */
export const EXPORT_PAGE = 100;

/** What an export reads, each through its feature's service. */
export interface ExportSources {
  explain: Pick<ExplainService, 'explanationsOf'>;
  learning: Pick<LearningService, 'records'>;
  share: Pick<ShareService, 'markdownOf'>;
  recaps: Pick<RecapsService, 'cardsOf'>;
  materials: Pick<MaterialsService, 'list' | 'readingOrder'>;
  classes: Pick<ClassesService, 'list'>;
  billing: { invoices: Pick<BillingService['invoices'], 'list' | 'page' | 'payments'> };
  reminders: Pick<RemindersService, 'settings'>;
}

/** A zip entry's name: the text's own words, safe in any unzip tool, unique in its folder. */
function entryName(folder: string, index: number, title: string, extension: string): string {
  const slug =
    title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, '-')
      .slice(0, 60)
      .replace(/-+$/, '') || 'untitled';
  return `${folder}/${String(index + 1).padStart(4, '0')}-${slug}.${extension}`;
}

/** What the zip is sent in: a few entries' worth, instead of a write for every header and entry. */
const SEND_BYTES = 64 * 1024;

/**
 * Gathers the zip's many small pieces (a local header, the data and a descriptor for every
 * entry) into writes of SEND_BYTES: a socket write, and a chunk of the chunked encoding, per
 * piece would cost more than the pieces.
 */
function coalesced(): Transform {
  let held: Buffer[] = [];
  let bytes = 0;
  const release = (stream: Transform) => {
    if (bytes === 0) return;
    stream.push(held.length === 1 ? held[0] : Buffer.concat(held, bytes));
    held = [];
    bytes = 0;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      held.push(chunk);
      bytes += chunk.length;
      if (bytes >= SEND_BYTES) release(this);
      done();
    },
    flush(done: TransformCallback) {
      release(this);
      done();
    },
  });
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/**
 * The learner's data as one zip (DESIGN.md §14), streamed: each entry is read from the database
 * only when the zip reaches it and the client has taken what came before, so a long history
 * never sits in memory at once. At most 3 exports an hour.
 */
export function createExportService(deps: {
  clock: Clock;
  windows: SlidingWindows;
  scale: number;
  sources: ExportSources;
  log: { warn(obj: object, msg: string): void };
}) {
  const { sources } = deps;
  const exports = deps.windows('exports', HOUR_MS);
  const limit = Math.ceil(EXPORTS_PER_HOUR * deps.scale);

  /**
   * Adds an entry whose bytes are made when the zip gets to it. An entry that cannot be read
   * ends the download with an error instead of leaving it hanging.
   */
  function lazy(zip: ZipFile, name: string, make: () => Promise<Buffer | string>): void {
    zip.addReadStreamLazy(name, (done) => {
      make().then(
        (data) => done(null, Readable.from([typeof data === 'string' ? Buffer.from(data) : data])),
        (error: unknown) => {
          deps.log.warn({ err: error, entry: name }, 'export entry could not be read');
          (zip.outputStream as Readable).destroy(
            error instanceof Error ? error : new Error(String(error)),
          );
        },
      );
    });
  }

  function explanationMarkdown(record: ExplanationRecord): string {
    const markdown = sources.share.markdownOf(record);
    if (!record.quiz) return markdown;
    const { score, answered } = record.quiz;
    return `${markdown}\n## Quiz\n\n${score} of ${answered} answered right.\n`;
  }

  /**
   * The record of the explanation at an index, read a page at a time as the zip reaches it:
   * the page being written and the next one (read while this one is written) are all that is
   * held, whatever the history's length.
   */
  function pagedRecords(userId: string, ids: readonly string[]) {
    const pages = new Map<number, Promise<Map<string, ExplanationRecord>>>();
    const load = (page: number) => {
      let read = pages.get(page);
      if (!read) {
        read = sources.learning.records(
          userId,
          ids.slice(page * EXPORT_PAGE, (page + 1) * EXPORT_PAGE),
        );
        // Read ahead: its failure is reported when its first entry awaits it.
        read.catch(() => undefined);
        pages.set(page, read);
      }
      return read;
    };
    return async (index: number): Promise<ExplanationRecord | undefined> => {
      const page = Math.floor(index / EXPORT_PAGE);
      // Entries are written in order: the page before is done with.
      pages.delete(page - 1);
      const records = load(page);
      if ((page + 1) * EXPORT_PAGE < ids.length) load(page + 1);
      return (await records).get(ids[index] as string);
    };
  }

  async function addMaterials(zip: ZipFile, user: UserRow): Promise<void> {
    const { materials } = await sources.materials.list(user);
    materials.forEach((material, index) => {
      lazy(zip, entryName('materials', index, material.title, 'txt'), async () => {
        const passages = await sources.materials.readingOrder(
          user.id,
          material.materialId,
          PASSAGES_READ,
        );
        return `${material.title}\n\n${passages.map((p) => p.text).join('\n\n')}\n`;
      });
    });
  }

  return {
    /** The zip's name and stream; 429 past 3 exports in the hour. */
    async exportOf(user: UserRow): Promise<{ filename: string; stream: NodeJS.ReadableStream }> {
      const taken = await exports.take(user.id, limit);
      if (!taken.taken) {
        const minutes = Math.max(1, Math.ceil(taken.retryAfterMs / 60_000));
        throw new AppError(
          429,
          ERROR_CODES.rateLimited,
          ACCOUNT_MESSAGES.exportsPaused(minutes),
          undefined,
          { key: 'account.exportsPaused', values: { minutes } },
        );
      }
      const [explanations, invoices] = await Promise.all([
        sources.explain.explanationsOf(user.id),
        sources.billing.invoices.list(user.id),
      ]);
      const zip = new ZipFile();
      const now = deps.clock.now();
      lazy(zip, 'account.json', async () =>
        json({
          exportedAt: now.toISOString(),
          product: PRODUCT_NAME,
          profile: presentUser(user),
          plan: user.plan,
          emailVerifiedAt: user.email_verified_at,
          createdAt: user.created_at,
          settings: { reminders: await sources.reminders.settings(user.id) },
        }),
      );
      const recordAt = pagedRecords(
        user.id,
        explanations.map((row) => row.id),
      );
      explanations.forEach((row, index) => {
        lazy(zip, entryName('explanations', index, row.concept_name, 'md'), async () => {
          const record = await recordAt(index);
          // Deleted while the zip was being written (the account's own other tab, say).
          return record
            ? explanationMarkdown(record)
            : `# ${row.concept_name}\n\nDeleted while this export was made.\n`;
        });
      });
      lazy(zip, 'recaps.json', async () => json(await sources.recaps.cardsOf(user.id)));
      await addMaterials(zip, user);
      lazy(zip, 'classes.json', async () => json(await sources.classes.list(user.id)));
      lazy(zip, 'payments.json', async () =>
        json(await sources.billing.invoices.payments(user.id)),
      );
      for (const invoice of invoices) {
        const name = `invoices/${invoice.invoiceNumber.replace(/[^\w-]+/g, '-')}.html`;
        lazy(zip, name, () => sources.billing.invoices.page(user.id, invoice.invoiceId));
      }
      zip.end();
      const date = now.toISOString().slice(0, 10);
      // A failed entry destroys the zip's stream, and the pipeline ends the download with it.
      const stream = pipeline(zip.outputStream as Readable, coalesced(), () => undefined);
      return { filename: `grasp-export-${date}.zip`, stream };
    },
  };
}
export type ExportService = ReturnType<typeof createExportService>;
