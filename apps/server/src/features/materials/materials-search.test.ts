import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import type { UserRow } from '../../db/types.ts';
import { createTestDatabase, TEST_DATABASES } from '../../test/databases.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { twoPagePdf } from '../../test/material-pdfs.ts';
import { userRow } from '../../test/user-row.ts';
import { createMaterialsService, type MaterialsService } from './materials.service.ts';
import { createPdfReader } from './pdf-text.ts';

describe.each(TEST_DATABASES)('passage search on %s', (kind) => {
  let database: Database;
  let materials: MaterialsService;
  const mina = userRow('u-mina', 'Mina') as UserRow;
  const omar = userRow('u-omar', 'Omar') as UserRow;
  let notes: string;
  let other: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.insertInto('users').values([mina, omar]).execute();
    materials = createMaterialsService({
      db: database.db,
      kind,
      clock: manualClock(),
      pdf: createPdfReader(),
    });
    const bytes = await twoPagePdf();
    notes = (await materials.addPdf(mina, async () => ({ bytes }))).materialId;
    other = (
      await materials.addText(omar, {
        text: 'Chlorophyll is green. Photosynthesis feeds every food chain.',
      })
    ).materialId;
  });
  afterAll(async () => {
    await materials.close();
    await database.close();
  });

  it('finds the passages about a concept with their page, in that material only', async () => {
    const found = await materials.passagesAbout(mina.id, notes, 'Chlorophyll');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ page: 2 });
    expect(found[0]?.text).toContain('absorbs red and blue light');
  });

  it('matches word forms and ignores query syntax and filler words', async () => {
    expect(await materials.passagesAbout(mina.id, notes, 'the plant')).toHaveLength(1);
    expect(await materials.passagesAbout(mina.id, notes, 'thylakoid" OR *')).toHaveLength(1);
    expect(await materials.passagesAbout(mina.id, notes, 'quantum tunnelling')).toEqual([]);
  });

  it('is 404 for anyone else’s material', async () => {
    await expect(materials.passagesAbout(mina.id, other, 'chlorophyll')).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(materials.readingOrder(omar.id, notes)).rejects.toMatchObject({ statusCode: 404 });
  });
});
