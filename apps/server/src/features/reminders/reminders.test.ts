import { REMINDER_MESSAGES } from '@grasp/contract';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../lib/i18n.ts';
import { signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, TEST_SECRETS, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { startFakePushService } from '../../test/fake-vendors/fake-push-service.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { createWebPushSender } from './push-sender.ts';
import { capturingMailer, deviceKeys, reminderUser } from './reminder-fixtures.ts';
import { reminderPush } from './reminder-message.ts';

const LONG_AGO = '2026-10-01T00:00:00.000Z';

describe.each(TEST_DATABASES)('reminders on %s', (kind) => {
  let t: TestApp;
  const clock = manualClock('2026-11-23T12:00:00.000Z');
  const mailer = capturingMailer();
  let push: Awaited<ReturnType<typeof startFakePushService>>;

  beforeAll(async () => {
    push = await startFakePushService();
    t = await buildTestApp(kind, {
      clock,
      mailer,
      pushSender: createWebPushSender({
        publicKey: TEST_SECRETS.vapidPublicKey,
        privateKey: TEST_SECRETS.vapidPrivateKey,
        subject: 'mailto:support@grasp.local',
        allowedHosts: [push.host],
        ca: push.ca,
        deadlineMs: 1000,
      }),
      env: { TEST_CLOCK: 'true' },
    });
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  const runJob = async (at: string) => {
    clock.set(at);
    const res = await t.app.inject({ method: 'POST', url: '/api/test/jobs/reminders' });
    expect(res.statusCode).toBe(200);
    return res.json<{ candidates: number; claimed: number; sent: number; failed: number }>();
  };
  const mailsTo = (name: string) => mailer.sent.filter((m) => m.to === `${name}@example.com`);
  const user = (name: string, s: Parameters<typeof reminderUser>[2]) =>
    reminderUser(t.database.db, name, s);

  it('keeps settings per user, defaulting to off at 18:00, and refuses a made-up zone', async () => {
    clock.set('2026-11-23T12:00:00.000Z');
    const { token } = await signedInUser(t.app, t.database.db, 'settingsUser');
    const headers = { authorization: `Bearer ${token}` };
    const get = () => t.app.inject({ method: 'GET', url: '/api/me/notifications', headers });
    expect((await get()).json()).toEqual({
      email: false,
      push: false,
      hour: 18,
      timezone: 'UTC',
      saved: false,
    });
    const settings = { email: true, push: false, hour: 7, timezone: 'Asia/Kolkata' };
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/me/notifications', headers, payload });
    expect((await put(settings)).statusCode).toBe(200);
    expect((await get()).json()).toEqual({ ...settings, saved: true });
    const badZone = await put({ ...settings, timezone: 'Mars/Olympus_Mons' });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().message).toContain('timezone');
    expect((await put({ ...settings, hour: 24 })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/notifications' })).statusCode).toBe(
      401,
    );
  });

  it('goes at the learner’s local hour in Asia/Kolkata, once that day', async () => {
    await user('kolkata', { timezone: 'Asia/Kolkata', hour: 18, due: 3, dueBy: LONG_AGO });
    await user('newyorkEvening', {
      timezone: 'America/New_York',
      hour: 18,
      due: 3,
      dueBy: LONG_AGO,
    });
    await runJob('2026-11-23T12:20:00.000Z'); // 17:50 in Kolkata
    expect(mailsTo('kolkata')).toHaveLength(0);
    await runJob('2026-11-23T12:35:00.000Z'); // 18:05
    await runJob('2026-11-23T12:50:00.000Z');
    const [mail] = mailsTo('kolkata');
    expect(mailsTo('kolkata')).toHaveLength(1);
    expect(mail?.subject).toBe('3 recaps due');
    expect(mail?.text).toContain('http://localhost:3000/review');
    expect(mail?.html).toContain('href="http://localhost:3000/review"');
    expect(mailsTo('newyorkEvening')).toHaveLength(0); // 07:35 there
  });

  it('follows America/New_York across the end of daylight saving time', async () => {
    await user('newyork', { timezone: 'America/New_York', hour: 9, due: 1, dueBy: LONG_AGO });
    await runJob('2026-10-31T13:10:00.000Z'); // EDT: 09:10
    expect(mailsTo('newyork')).toHaveLength(1);
    expect(mailsTo('newyork')[0]?.subject).toBe('1 recap due');
    await runJob('2026-11-02T13:10:00.000Z'); // EST since Nov 1: 08:10
    expect(mailsTo('newyork')).toHaveLength(1);
    await runJob('2026-11-02T14:10:00.000Z'); // 09:10
    expect(mailsTo('newyork')).toHaveLength(2);
  });

  it('sends nothing when nothing is due', async () => {
    await user('nothingDue', { timezone: 'UTC', hour: 8, due: 0, dueBy: LONG_AGO });
    await user('dueLater', { timezone: 'UTC', hour: 8, due: 2, dueBy: '2026-12-30T00:00:00.000Z' });
    await runJob('2026-11-24T08:05:00.000Z');
    expect(mailsTo('nothingDue')).toHaveLength(0);
    expect(mailsTo('dueLater')).toHaveLength(0);
  });

  it('says when the streak ends today', async () => {
    const id = await user('streaker', { timezone: 'UTC', hour: 10, due: 2, dueBy: LONG_AGO });
    const card = await t.database.db
      .selectFrom('recap_cards')
      .select('id')
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    // Reviews on the 22nd to the 24th, none yet on the 25th: three days end at midnight.
    for (const day of ['2026-11-22', '2026-11-23', '2026-11-24']) {
      await t.database.db
        .insertInto('recap_reviews')
        .values({
          id: `${id}-${day}`,
          card_id: card.id,
          user_id: id,
          rating: 'good',
          reviewed_at: `${day}T19:00:00.000Z`,
          due_before: day,
          due_after: day,
        })
        .execute();
    }
    await runJob('2026-11-25T10:05:00.000Z');
    expect(mailsTo('streaker')[0]?.subject).toBe('Your 3-day streak ends today: 2 recaps due');
  });

  it('writes the reminder, and its unsubscribe pages, in the learner’s language', async () => {
    const id = await user('tamil', { timezone: 'UTC', hour: 9, due: 2, dueBy: LONG_AGO });
    await t.database.db
      .updateTable('users')
      .set({ interface_language: 'ta' })
      .where('id', '=', id)
      .execute();
    await runJob('2026-11-26T09:05:00.000Z');
    const [mail] = mailsTo('tamil');
    expect(mail?.subject).toBe('2 மீள்பார்வைகள் நிலுவையில்');
    expect(mail?.text).toContain(translate('ta', 'reminder.body', { due: 2 }));
    expect(mail?.html).toContain('<html lang="ta">');
    const link = /^<(.+)>$/.exec(mail?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    const url = new URL(link);
    expect(url.searchParams.get('lang')).toBe('ta');
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-language']).toBe('ta');
    expect(page.body).toContain(translate('ta', 'reminder.unsubscribeAction'));
    const done = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.body).toContain(translate('ta', 'reminders.unsubscribed'));
  });

  it('pushes in the learner’s language', () => {
    expect(reminderPush('hi', { due: 1, streak: 4 })).toEqual({
      title: 'आपकी 4 दिन की लगातार पढ़ाई आज टूट जाएगी: 1 रिवीज़न बाकी',
      body: translate('hi', 'reminder.body', { due: 1 }),
      url: '/review',
    });
    expect(reminderPush('en', { due: 3, streak: null }).title).toBe(REMINDER_MESSAGES.dueTitle(3));
  });

  it('unsubscribes in one click without signing in, and sends no more', async () => {
    const id = await user('leaver', { timezone: 'UTC', hour: 11, due: 1, dueBy: LONG_AGO });
    await runJob('2026-11-24T11:05:00.000Z');
    const [mail] = mailsTo('leaver');
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(.+)>$/.exec(mail?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    const path = new URL(link).pathname;
    expect(mail?.text).toContain(link);

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    const oneClick = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const forged = `${path.slice(0, -4)}AAAA`;
    expect((await oneClick(forged)).statusCode).toBe(400);
    const otherUser = path.replace(id, '0190a000-0000-7000-8000-000000000000');
    expect((await oneClick(otherUser)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(400);

    const res = await oneClick(path);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Email reminders are off');
    await runJob('2026-11-25T11:05:00.000Z');
    expect(mailsTo('leaver')).toHaveLength(1);
  });

  it('retries a failed send later that day, and a claim a dead instance left sending, once', async () => {
    await user('unlucky', { timezone: 'UTC', hour: 12, due: 1, dueBy: LONG_AGO });
    mailer.failNext(1);
    expect((await runJob('2026-11-24T12:05:00.000Z')).failed).toBe(1);
    await runJob('2026-11-24T12:10:00.000Z');
    expect(mailsTo('unlucky')).toHaveLength(0);
    await runJob('2026-11-24T12:25:00.000Z');
    await runJob('2026-11-24T12:45:00.000Z');
    expect(mailsTo('unlucky')).toHaveLength(1);

    // Instances that died after claiming: a claim still sending half an hour on is tried once
    // more, unless it was that last try already.
    const leftSending = async (name: string, attempts: number) => {
      const id = await user(name, { timezone: 'UTC', hour: 13, due: 1, dueBy: LONG_AGO });
      await t.database.db
        .insertInto('reminder_claims')
        .values({
          id: `claim-of-a-dead-instance-${name}`,
          user_id: id,
          day: '2026-11-24',
          state: 'sending',
          attempts,
          created_at: '2026-11-24T13:01:00.000Z',
          updated_at: '2026-11-24T13:01:00.000Z',
        })
        .execute();
    };
    await leftSending('crashed', 1);
    await leftSending('crashedAgain', 3);
    await runJob('2026-11-24T13:05:00.000Z');
    await runJob('2026-11-24T13:25:00.000Z');
    expect(mailsTo('crashed')).toHaveLength(0);
    await runJob('2026-11-24T13:35:00.000Z');
    expect(mailsTo('crashed')).toHaveLength(1);
    await runJob('2026-11-24T14:20:00.000Z');
    await runJob('2026-11-24T15:20:00.000Z');
    expect(mailsTo('crashed')).toHaveLength(1);
    expect(mailsTo('crashedAgain')).toHaveLength(0);
  });

  it('pushes with VAPID to each device, and forgets a device the push service says is gone', async () => {
    clock.set('2026-11-24T14:00:00.000Z');
    const { token, user: u } = await signedInUser(t.app, t.database.db, 'pusher');
    const headers = { authorization: `Bearer ${token}` };
    const settings = { email: false, push: true, hour: 15, timezone: 'Europe/London' };
    await t.app.inject({ method: 'PUT', url: '/api/me/notifications', headers, payload: settings });
    for (const device of ['phone', 'old-laptop']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/notifications/subscriptions',
        headers,
        payload: { endpoint: push.endpoint(device), expirationTime: null, keys: deviceKeys() },
      });
      expect(res.statusCode).toBe(200);
    }
    push.answer('old-laptop', 410);
    await t.database.db
      .insertInto('recap_cards')
      .values({
        id: 'pusher-card',
        user_id: u.id,
        concept_key: 'photosynthesis',
        query: 'Photosynthesis',
        explanation_id: 'e',
        answer_id: 'a',
        explained_at: LONG_AGO,
        takeaway: 'Light into sugar.',
        due_at: LONG_AGO,
        fsrs_json: '{}',
        created_at: LONG_AGO,
        updated_at: LONG_AGO,
      })
      .execute();
    const key = await t.app.inject({ method: 'GET', url: '/api/notifications/vapid-key' });
    expect(key.json()).toEqual({ publicKey: TEST_SECRETS.vapidPublicKey });

    await runJob('2026-11-24T15:05:00.000Z');
    const phone = push.deliveries.find((d) => d.path === '/push/phone');
    expect(push.deliveries.map((d) => d.path).sort()).toEqual(['/push/old-laptop', '/push/phone']);
    expect(phone?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(phone?.headers.ttl)).toBeGreaterThan(0);
    expect(phone?.body.length).toBeGreaterThan(16);
    const vapid = /^vapid t=([^,]+), k=(.+)$/.exec(phone?.headers.authorization ?? '');
    expect(vapid?.[2]).toBe(TEST_SECRETS.vapidPublicKey);
    const point = Buffer.from(TEST_SECRETS.vapidPublicKey, 'base64url');
    const publicKey = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const { payload } = await jwtVerify(vapid?.[1] ?? '', publicKey, { audience: push.origin });
    expect(payload.sub).toBe('mailto:support@grasp.local');

    const left = await t.database.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', u.id)
      .execute();
    expect(left.map((r) => r.endpoint)).toEqual([push.endpoint('phone')]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/notifications/subscriptions',
      headers,
      payload: { endpoint: push.endpoint('phone') },
    });
    expect(removed.statusCode).toBe(200);
  });

  const subscriber = async (name: string) => {
    const { token, user: u } = await signedInUser(t.app, t.database.db, name);
    const headers = { authorization: `Bearer ${token}` };
    const subscribe = (endpoint: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/notifications/subscriptions',
        headers,
        payload: { endpoint, expirationTime: null, keys: deviceKeys() },
      });
    return { id: u.id, headers, subscribe };
  };
  const endpointsOf = async (userId: string) =>
    (
      await t.database.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute()
    ).map((r) => r.endpoint);

  it('takes push endpoints only on the known push services or the hosts named for it', async () => {
    clock.set('2026-11-24T09:00:00.000Z');
    const { id, subscribe } = await subscriber('endpointPicker');
    for (const endpoint of [
      'http://127.0.0.1:6379/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::ffff:127.0.0.1]/push',
      'https://localhost/push',
      'https://evil.example/push',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://push.services.mozilla.com.evil.example/x',
      `http://${push.host}/push/plain`,
    ]) {
      const res = await subscribe(endpoint);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message, endpoint).toBe(REMINDER_MESSAGES.pushServiceRefused);
    }
    expect((await subscribe('file:///etc/passwd')).statusCode).toBe(400);
    const fine = [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGx4',
      push.endpoint('named'),
    ];
    for (const endpoint of fine) expect((await subscribe(endpoint)).statusCode, endpoint).toBe(200);
    expect((await endpointsOf(id)).sort()).toEqual([...fine].sort());
  });

  it('forgets a device on its owner’s sign-out only', async () => {
    clock.set('2026-11-24T09:30:00.000Z');
    const owner = await subscriber('deviceOwner');
    const other = await subscriber('deviceStranger');
    const endpoint = push.endpoint('owners-phone');
    expect((await owner.subscribe(endpoint)).statusCode).toBe(200);
    const forget = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/notifications/subscriptions',
        headers,
        payload: { endpoint },
      });
    expect((await forget({})).statusCode).toBe(401);
    expect((await forget(other.headers)).statusCode).toBe(200);
    expect(await endpointsOf(owner.id)).toEqual([endpoint]);
    expect((await forget(owner.headers)).statusCode).toBe(200);
    expect(await endpointsOf(owner.id)).toEqual([]);
  });

  it('keeps at most ten devices a learner: the oldest goes', async () => {
    const { id, subscribe } = await subscriber('manyDevices');
    for (let i = 0; i < 12; i++) {
      clock.set(new Date(Date.parse('2026-11-24T10:00:00.000Z') + i * 1000).toISOString());
      expect((await subscribe(push.endpoint(`many-${i}`))).statusCode).toBe(200);
    }
    // Subscribing again makes a device the newest.
    clock.set('2026-11-24T10:01:00.000Z');
    await subscribe(push.endpoint('many-2'));
    clock.set('2026-11-24T10:02:00.000Z');
    await subscribe(push.endpoint('many-12'));
    expect(await endpointsOf(id)).toEqual(
      [4, 5, 6, 7, 8, 9, 10, 11, 2, 12].map((i) => push.endpoint(`many-${i}`)),
    );
  });

  it('reads a push service’s answer only to its status, gives one that never answers its deadline, and sends nothing to an endpoint saved before the rules', async () => {
    clock.set('2026-11-24T09:00:00.000Z');
    const { id, headers, subscribe } = await subscriber('hostileServices');
    const settings = { email: false, push: true, hour: 16, timezone: 'Europe/London' };
    await t.app.inject({ method: 'PUT', url: '/api/me/notifications', headers, payload: settings });
    for (const device of ['flood', 'trickle', 'silent', 'fine']) {
      expect((await subscribe(push.endpoint(device))).statusCode).toBe(200);
    }
    push.misbehave('flood', 'flood');
    push.misbehave('trickle', 'trickle');
    push.misbehave('silent', 'silent');
    const redis = 'https://127.0.0.1:6379/';
    await t.database.db
      .insertInto('push_subscriptions')
      .values({
        id: `${id}-old`,
        user_id: id,
        created_at: LONG_AGO,
        endpoint: redis,
        ...deviceKeys(),
      })
      .execute();
    await t.database.db
      .insertInto('recap_cards')
      .values({
        id: 'hostile-card',
        user_id: id,
        concept_key: 'tides',
        query: 'Tides',
        explanation_id: 'e',
        answer_id: 'a',
        explained_at: LONG_AGO,
        takeaway: 'The moon pulls the sea.',
        due_at: LONG_AGO,
        fsrs_json: '{}',
        created_at: LONG_AGO,
        updated_at: LONG_AGO,
      })
      .execute();

    const run = await runJob('2026-11-24T16:05:00.000Z');
    expect(run).toMatchObject({ claimed: 1, sent: 1, failed: 0 });
    const reached = push.deliveries
      .map((d) => d.path)
      .filter((p) => /flood|trickle|silent|fine/.test(p));
    expect(reached.sort()).toEqual(['/push/fine', '/push/flood', '/push/silent', '/push/trickle']);
    expect(push.bytesSent()).toBeLessThan(1024 * 1024);
    // Refused by the rules it was saved before: forgotten, never contacted.
    expect(await endpointsOf(id)).not.toContain(redis);
    expect(await endpointsOf(id)).toContain(push.endpoint('silent'));
  });
});
