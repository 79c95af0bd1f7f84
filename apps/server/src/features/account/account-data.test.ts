import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { fakeProvider } from '../../test/fake-provider.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { recordingMailer } from '../../test/recording-mailer.ts';
import { EXPORT_PAGE } from './export.service.ts';

/** Tables that hold a person's rows by one of these columns. */
const PERSONAL_COLUMNS = ['user_id', 'teacher_id'];
/** Kept for the GST period (CGST s.36), tied to the anonymous account row. */
const KEPT_BY_LAW = new Set(['payments', 'refunds', 'invoices']);

describe.each(TEST_DATABASES)('taking and deleting one’s data on %s', (kind) => {
  let t: TestApp;
  const clock = manualClock(new Date().toISOString());
  const mailer = recordingMailer();
  let invoices = 0;
  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
      remoteAddress: nextAddress(),
    });

  /** A learner with something in every feature; answers their id and token. */
  async function busyLearner(name: string) {
    const { token, user } = await signedInUser(t.app, t.database.db, name, '1234');
    const db = t.database.db;
    await db.updateTable('users').set({ plan: 'enterprise' }).where('id', '=', user.id).execute();
    const explained = await call(token, 'POST', '/api/ai/aiResponseGoogle', {
      query: 'Tides & Moons',
      provider: 'remote-openai',
    });
    const explanationId = explained.json().explanationId as string;
    await call(token, 'POST', '/api/ai/follow-up', {
      explanationId,
      question: 'Why two tides a day?',
      provider: 'remote-openai',
    });
    const share = await call(token, 'POST', '/api/share', { explanationId });
    await call(token, 'POST', '/api/materials', {
      title: 'My notes',
      text: 'Tides follow the moon.',
    });
    await call(token, 'POST', '/api/classes', { name: 'Physics 9B' });
    await call(token, 'PUT', '/api/me/notifications', {
      email: true,
      push: false,
      hour: 18,
      timezone: 'Asia/Kolkata',
    });
    await call(token, 'GET', '/api/learning/recaps');
    const now = new Date().toISOString();
    await db
      .insertInto('push_subscriptions')
      .values({
        id: `push-${name}`,
        user_id: user.id,
        endpoint: `https://fcm.googleapis.com/${name}`,
        p256dh: 'k',
        auth: 'a',
        created_at: now,
      })
      .execute();
    await db
      .insertInto('payments')
      .values({
        merchant_transaction_id: `MT-${name}`,
        user_id: user.id,
        gateway: 'sandbox',
        product_id: 'pro',
        amount_paise: 9900,
        state: 'SUCCESS',
        gateway_transaction_id: null,
        upgraded_at: now,
        created_at: now,
        updated_at: now,
        buyer_state: null,
      })
      .execute();
    await db
      .insertInto('invoices')
      .values({
        id: `inv_${name}`,
        financial_year: '2026-27',
        sequence: ++invoices,
        invoice_number: `GRASP/2026-27/${name}`,
        merchant_transaction_id: `MT-${name}`,
        user_id: user.id,
        buyer_name: `${name} Tester`,
        buyer_email: `${name.toLowerCase()}@example.com`,
        buyer_state: null,
        seller_json: JSON.stringify({
          name: 'Seller',
          address: 'Addr',
          gstin: '29ABCDE1234F1Z5',
          stateCode: '29',
        }),
        taxable_paise: 8390,
        cgst_paise: 755,
        sgst_paise: 755,
        igst_paise: 0,
        total_paise: 9900,
        issued_at: now,
      })
      .execute();
    return { token, userId: user.id, explanationId, shareId: share.json().shareId as string };
  }

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      clock,
      mailer,
      providers: [fakeProvider('offline').provider, fakeProvider('remote-openai').provider],
    });
  });
  afterAll(() => t.close());

  it('exports everything as a zip of the documented entries, at most 3 an hour', async () => {
    const { token } = await busyLearner('Zoe');
    const res = await call(token, 'GET', '/api/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="grasp-export-/);
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(entries);
    expect(names).toEqual(
      expect.arrayContaining([
        'account.json',
        'recaps.json',
        'classes.json',
        'payments.json',
        'explanations/0001-tides-moons.md',
        'materials/0001-my-notes.txt',
        'invoices/GRASP-2026-27-Zoe.html',
      ]),
    );
    const account = JSON.parse(strFromU8(entries['account.json'] as Uint8Array));
    expect(account.profile).toMatchObject({ username: 'Zoe', email: 'zoe@example.com' });
    expect(account.settings.reminders).toMatchObject({ email: true, timezone: 'Asia/Kolkata' });
    expect(JSON.stringify(account)).not.toContain('argon2');
    const markdown = strFromU8(entries['explanations/0001-tides-moons.md'] as Uint8Array);
    expect(markdown).toContain('# Tides & Moons');
    expect(markdown).toContain('Why two tides a day?');
    expect(strFromU8(entries['materials/0001-my-notes.txt'] as Uint8Array)).toContain(
      'Tides follow the moon.',
    );
    expect(strFromU8(entries['classes.json'] as Uint8Array)).toContain('Physics 9B');
    expect(strFromU8(entries['invoices/GRASP-2026-27-Zoe.html'] as Uint8Array)).toContain(
      'GRASP/2026-27/Zoe',
    );
    expect((await call(token, 'GET', '/api/me/export')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/api/me/export')).statusCode).toBe(200);
    const fourth = await call(token, 'GET', '/api/me/export');
    expect(fourth.statusCode).toBe(429);
    clock.advance(60 * 60 * 1000 + 1000);
    expect((await call(token, 'GET', '/api/me/export')).statusCode).toBe(200);
  });

  it('exports a history longer than a page, each explanation with its own follow-ups and quiz', async () => {
    const { token, userId, explanationId } = await busyLearner('Vik');
    const db = t.database.db;
    const { answer_id: answerId } = await db
      .selectFrom('explanations')
      .select('answer_id')
      .where('id', '=', explanationId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('quiz_sets')
      .values({
        answer_id: answerId,
        questions_json: JSON.stringify(
          [1, 2, 3].map((n) => ({
            questionId: `q${n}`,
            section: 'Core',
            prompt: `Question ${n}?`,
            options: ['a', 'b', 'c', 'd'],
            correctChoice: 0,
            why: 'Because.',
          })),
        ),
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.column('answer_id').doNothing())
      .execute();
    // Two and a half pages after the first explanation, each a second apart, oldest first.
    const count = 2 * EXPORT_PAGE + EXPORT_PAGE / 2;
    const start = Date.parse('2000-01-01T00:00:00.000Z');
    const ids = Array.from({ length: count }, (_, i) => `vik-${String(i).padStart(4, '0')}`);
    const at = (i: number, plus = 0) => new Date(start + i * 1000 + plus).toISOString();
    await db
      .insertInto('explanations')
      .values(
        ids.map((id, i) => ({
          id,
          user_id: userId,
          concept_name: `Concept ${i}`,
          query_key: `concept ${i}`,
          template: 'default',
          difficulty: 'beginner',
          provider: 'offline',
          answer_id: answerId,
          created_at: at(i),
        })),
      )
      .execute();
    await db
      .insertInto('follow_ups')
      .values(
        ids.flatMap((id, i) =>
          [1, 2].map((n) => ({
            id: `${id}-f${n}`,
            explanation_id: id,
            question_key: `q${n}`,
            question: `Question ${n} about concept ${i}?`,
            answer: `Answer ${n} for concept ${i}.`,
            created_at: at(i, n),
          })),
        ),
      )
      .execute();
    const quizzed = ids.filter((_, i) => i % 7 === 0);
    await db
      .insertInto('quiz_attempts')
      .values(
        quizzed.map((id) => ({
          id: `${id}-quiz`,
          explanation_id: id,
          user_id: userId,
          answer_id: answerId,
          created_at: at(0),
        })),
      )
      .execute();
    await db
      .insertInto('quiz_answers')
      .values(
        quizzed.flatMap((id) =>
          [1, 2].map((n) => ({
            attempt_id: `${id}-quiz`,
            question_id: `q${n}`,
            choice: n === 1 ? 0 : 1,
            correct: n === 1 ? 1 : 0,
            created_at: at(0),
          })),
        ),
      )
      .execute();

    const res = await call(token, 'GET', '/api/me/export');
    expect(res.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    const explanations = Object.keys(entries)
      .filter((name) => name.startsWith('explanations/'))
      .sort();
    // The learner's own explanation is newer than the seeded ones: it comes last.
    expect(explanations).toHaveLength(count + 1);
    for (const i of [0, EXPORT_PAGE - 1, EXPORT_PAGE, 2 * EXPORT_PAGE + 7, count - 1]) {
      const name = explanations[i] as string;
      expect(name).toBe(`explanations/${String(i + 1).padStart(4, '0')}-concept-${i}.md`);
      const markdown = strFromU8(entries[name] as Uint8Array);
      expect(markdown).toContain(`# Concept ${i}`);
      expect(markdown).toContain(`Question 1 about concept ${i}?`);
      expect(markdown).toContain(`Answer 2 for concept ${i}.`);
      expect(markdown).not.toContain(`about concept ${i + 1}?`);
      if (i % 7 === 0) expect(markdown).toContain('1 of 2 answered right.');
      else expect(markdown).not.toContain('## Quiz');
    }
  });

  it('refuses an export without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me/export' });
    expect(res.statusCode).toBe(401);
  });

  it('deletes nothing on a wrong PIN (401)', async () => {
    const { token } = await busyLearner('Yan');
    const res = await call(token, 'DELETE', '/api/me', { pin: '0000' });
    expect(res.statusCode).toBe(401);
    expect((await call(token, 'GET', '/api/me/sessions')).statusCode).toBe(200);
  });

  it('deletes everything personal at once; payments and invoices stay, anonymous', async () => {
    const { token, userId, explanationId, shareId } = await busyLearner('Xia');
    const other = await busyLearner('Wen');
    // Xia is a member of Wen's class too.
    const { classes } = (await call(other.token, 'GET', '/api/classes')).json() as {
      classes: { classId: string; joinCode?: string }[];
    };
    const joinCode = classes[0]?.joinCode ?? '';
    expect((await call(token, 'POST', '/api/classes/join', { joinCode })).statusCode).toBe(200);

    const res = await call(token, 'DELETE', '/api/me', { pin: '1234' });
    expect(res.statusCode).toBe(204);
    expect((await call(token, 'GET', '/api/me/sessions')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/s/${shareId}` })).statusCode).toBe(404);
    expect(
      (await call(other.token, 'GET', `/api/ai/explanations/${explanationId}`)).statusCode,
    ).toBe(404);
    expect(mailer.to('xia@example.com').at(-1)?.subject).toMatch(/account was deleted/);

    const db = t.database.db;
    const tables = await personalTables();
    const left: Record<string, number> = {};
    for (const { table, column } of tables) {
      if (KEPT_BY_LAW.has(table)) continue;
      const { count } = await db
        .selectFrom(table as 'users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(sql.ref(column), '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(count) > 0) left[table] = Number(count);
    }
    expect(left).toEqual({});
    const shareRows = await db
      .selectFrom('shares')
      .select('id')
      .where('id', '=', shareId)
      .execute();
    expect(shareRows).toHaveLength(0);
    const followUps = await db
      .selectFrom('follow_ups')
      .select('id')
      .where('explanation_id', '=', explanationId)
      .execute();
    expect(followUps).toHaveLength(0);

    const row = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: '', mobile: '', full_name: '', pin_hash: '' });
    expect(JSON.stringify(row)).not.toMatch(/xia/i);
    expect(
      await db.selectFrom('payments').select('user_id').where('user_id', '=', userId).execute(),
    ).toHaveLength(1);
    const invoice = await db
      .selectFrom('invoices')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ buyer_name: 'Xia Tester', buyer_email: 'xia@example.com' });
    // The teacher keeps the class; Xia is no member of it any more.
    expect((await call(other.token, 'GET', '/api/classes')).json().classes).toHaveLength(1);

    // The name, email and mobile can be registered again, and the old PIN opens nothing.
    const again = await signedInUser(t.app, t.database.db, 'Xia', '4321');
    expect(again.user.id).not.toBe(userId);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: `deleted:${userId}`, password: '1234' },
      remoteAddress: nextAddress(),
    });
    expect(oldLogin.statusCode).toBe(401);
  });

  /** Every table with a column naming a person, read from the database itself. */
  async function personalTables(): Promise<{ table: string; column: string }[]> {
    const db = t.database.db;
    const found: { table: string; column: string }[] = [];
    const tables =
      kind === 'sqlite'
        ? (
            await sql<{
              name: string;
            }>`select name from sqlite_master where type = 'table'`.execute(db)
          ).rows.map((r) => r.name)
        : (
            await sql<{
              name: string;
            }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
              db,
            )
          ).rows.map((r) => r.name);
    for (const table of tables) {
      const columns =
        kind === 'sqlite'
          ? (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db))
              .rows
          : (
              await sql<{
                name: string;
              }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(
                db,
              )
            ).rows;
      for (const { name } of columns) {
        if (PERSONAL_COLUMNS.includes(name)) found.push({ table, column: name });
      }
    }
    expect(found.length).toBeGreaterThan(15);
    return found;
  }
});
