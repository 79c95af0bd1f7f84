import type { ExplanationRecord } from '@grasp/contract';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import type { UserRow } from '../../db/types.ts';
import { userRow } from '../../test/user-row.ts';
import { createExportService, EXPORT_PAGE, type ExportSources } from './export.service.ts';

const user = userRow('u1', 'Ada') as unknown as UserRow;

/** A learner with `count` explanations; what each source does can be changed per test. */
function sourcesOf(count: number, change: Partial<ExportSources> = {}) {
  const ids = Array.from({ length: count }, (_, i) => `e${i}`);
  const pages: number[] = [];
  let reading = 0;
  let mostAtOnce = 0;
  const sources: ExportSources = {
    explain: {
      explanationsOf: async () =>
        ids.map((id, i) => ({ id, concept_name: `Concept ${i}`, created_at: '' })),
    },
    learning: {
      records: async (_userId: string, wanted: readonly string[]) => {
        pages.push(wanted.length);
        mostAtOnce = Math.max(mostAtOnce, ++reading);
        await new Promise((resolve) => setTimeout(resolve, 1));
        reading--;
        return new Map(
          wanted.map((id): [string, ExplanationRecord] => [
            id,
            { explanationId: id, query: `Concept ${id.slice(1)}` } as ExplanationRecord,
          ]),
        );
      },
    },
    share: { markdownOf: (record: ExplanationRecord) => `# ${record.query}\n` },
    recaps: { cardsOf: async () => [] },
    materials: { list: async () => ({ materials: [] }), readingOrder: async () => [] },
    classes: { list: async () => ({ classes: [] }) },
    billing: {
      invoices: { list: async () => [], page: async () => '', payments: async () => [] },
    },
    reminders: { settings: async () => ({}) },
    ...change,
  } as unknown as ExportSources;
  return { sources, pages, mostAtOnce: () => mostAtOnce };
}

function exportService(sources: ExportSources, log = { warn: vi.fn() }) {
  return createExportService({
    clock: { now: () => new Date('2026-05-01T10:00:00Z') },
    windows: () => ({
      take: async () => ({ taken: true, id: 'x' }),
      giveBack: async () => undefined,
      peek: async () => ({ count: 0, retryAfterMs: 0 }),
    }),
    scale: 1,
    sources,
    log,
  });
}

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

describe('the export zip', () => {
  it('reads a long history a page at a time, the next page while one is written', async () => {
    const count = 2 * EXPORT_PAGE + 50;
    const { sources, pages, mostAtOnce } = sourcesOf(count);
    const { filename, stream } = await exportService(sources).exportOf(user);
    expect(filename).toBe('grasp-export-2026-05-01.zip');
    const entries = unzipSync(await bytesOf(stream));
    const explanations = Object.keys(entries).filter((n) => n.startsWith('explanations/'));
    expect(explanations).toHaveLength(count);
    for (const i of [0, EXPORT_PAGE - 1, EXPORT_PAGE, count - 1]) {
      const name = `explanations/${String(i + 1).padStart(4, '0')}-concept-${i}.md`;
      expect(strFromU8(entries[name] as Uint8Array)).toBe(`# Concept ${i}\n`);
    }
    expect(pages).toEqual([EXPORT_PAGE, EXPORT_PAGE, 50]);
    expect(mostAtOnce()).toBeLessThanOrEqual(2);
  });

  it('notes an explanation deleted while the zip was written', async () => {
    const { sources } = sourcesOf(3, {
      learning: {
        records: async (_userId: string, wanted: readonly string[]) =>
          new Map(
            wanted
              .filter((id) => id !== 'e1')
              .map((id) => [id, { query: `Concept ${id.slice(1)}` } as ExplanationRecord]),
          ),
      },
    });
    const { stream } = await exportService(sources).exportOf(user);
    const entries = unzipSync(await bytesOf(stream));
    expect(strFromU8(entries['explanations/0002-concept-1.md'] as Uint8Array)).toContain(
      'Deleted while this export was made.',
    );
    expect(strFromU8(entries['explanations/0003-concept-2.md'] as Uint8Array)).toBe(
      '# Concept 2\n',
    );
  });

  it('ends the download with an error when an entry cannot be read, instead of hanging', async () => {
    const log = { warn: vi.fn() };
    const { sources } = sourcesOf(EXPORT_PAGE + 1, {
      recaps: { cardsOf: () => Promise.reject(new Error('database went away')) },
    } as Partial<ExportSources>);
    const { stream } = await exportService(sources, log).exportOf(user);
    await expect(bytesOf(stream)).rejects.toThrow('database went away');
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ entry: 'recaps.json' }),
      'export entry could not be read',
    );
  });

  it('ends the download with an error when a page of explanations cannot be read', async () => {
    const { sources } = sourcesOf(2 * EXPORT_PAGE, {
      learning: {
        records: async (_userId: string, wanted: readonly string[]) => {
          if (wanted[0] === `e${EXPORT_PAGE}`) throw new Error('page failed');
          return new Map(wanted.map((id) => [id, { query: id } as ExplanationRecord]));
        },
      },
    });
    const { stream } = await exportService(sources).exportOf(user);
    await expect(bytesOf(stream)).rejects.toThrow('page failed');
  });
});
