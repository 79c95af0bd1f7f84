import {
  ASSIGNMENTS_PER_CLASS_MAX,
  CLASS_MESSAGES,
  CLASSES_PER_TEACHER_MAX,
  MEMBERS_PER_CLASS_MAX,
} from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { userRow } from '../../test/user-row.ts';
import { createUsageService } from '../billing/usage.service.ts';
import * as repo from './classes.repository.ts';

/** One teacher's writes are what every member reads: each list a class makes has a cap. */
describe.each(TEST_DATABASES)('class caps on %s', (kind) => {
  let t: TestApp;
  let teacher: { token: string; id: string };
  let classId: string;
  let joinCode: string;
  const at = new Date().toISOString();

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: nextAddress(),
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    const { user } = await signedInUser(t.app, t.database.db, 'CapTeacher');
    const usage = createUsageService({ db: t.database.db, clock: { now: () => new Date() } });
    await t.database.db.transaction().execute((tx) => usage.startPlan(tx, user.id, 'enterprise'));
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'CapTeacher', password: '1234' },
      remoteAddress: nextAddress(),
    });
    teacher = { token: login.json<{ token: string }>().token, id: user.id };
    const made = await call(teacher.token, 'POST', '/api/classes', { name: 'Physics' });
    ({ classId, joinCode } = made.json<{ classId: string; joinCode: string }>());
  });
  afterAll(() => t.close());

  it(`lets a teacher run ${CLASSES_PER_TEACHER_MAX} classes, then answers 409`, async () => {
    for (let i = 1; i < CLASSES_PER_TEACHER_MAX; i++) {
      await repo.insertClass(t.database.db, {
        id: `cap-class-${i}`,
        teacherId: teacher.id,
        name: `Class ${i}`,
        joinCode: `CAPCODE${String(i).padStart(3, '0')}`,
        createdAt: at,
      });
    }
    const refused = await call(teacher.token, 'POST', '/api/classes', { name: 'One more' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CLASS_MESSAGES.tooManyClasses);
  });

  it(`holds ${ASSIGNMENTS_PER_CLASS_MAX} assignments a class, then answers 409`, async () => {
    for (let i = 0; i < ASSIGNMENTS_PER_CLASS_MAX; i++) {
      await repo.insertAssignment(t.database.db, {
        id: `cap-assignment-${i}`,
        classId,
        title: `Week ${i}`,
        dueAt: null,
        createdAt: at,
        concepts: [{ concept: 'Gravity', conceptKey: 'gravity' }],
      });
    }
    const refused = await call(teacher.token, 'POST', `/api/classes/${classId}/assignments`, {
      title: 'One more',
      concepts: ['Inertia'],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CLASS_MESSAGES.tooManyAssignments);
  });

  it(`takes ${MEMBERS_PER_CLASS_MAX} members, then refuses newcomers but not members`, async () => {
    const first = await signedInUser(t.app, t.database.db, 'FirstMember');
    expect((await call(first.token, 'POST', '/api/classes/join', { joinCode })).statusCode).toBe(
      200,
    );
    for (let i = 1; i < MEMBERS_PER_CLASS_MAX; i++) {
      const id = `cap-member-${i}`;
      await t.database.db
        .insertInto('users')
        .values(userRow(id, `CapMember${i}`))
        .execute();
      await repo.addMember(t.database.db, classId, id, at);
    }
    const late = await signedInUser(t.app, t.database.db, 'LateMember');
    const refused = await call(late.token, 'POST', '/api/classes/join', { joinCode });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CLASS_MESSAGES.classFull);
    const again = await call(first.token, 'POST', '/api/classes/join', { joinCode });
    expect(again.json()).toMatchObject({ classId, alreadyMember: true });
  });
});
