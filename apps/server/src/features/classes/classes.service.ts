import {
  ASSIGNMENTS_PER_CLASS_MAX,
  type Assignment,
  CLASS_MESSAGES,
  CLASSES_PER_TEACHER_MAX,
  type ClassesResponse,
  type ClassView,
  type CreateAssignmentRequest,
  type CreateClassResponse,
  ERROR_CODES,
  type JoinClassResponse,
  MEMBERS_PER_CLASS_MAX,
} from '@grasp/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB, UserRow } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { queryKey } from '../../lib/query-key.ts';
import type { ExplanationSponsor } from '../explain/sponsor.ts';
import type { ProgressTable } from '../learning/progress.ts';
import { classFor } from './class-access.ts';
import * as repo from './classes.repository.ts';
import { newJoinCode, normaliseJoinCode } from './join-codes.ts';
import { progressCsv } from './progress-csv.ts';

/** A wrong join code gives a place back only when it turns out right (see join()). */
export interface JoinGuesses {
  take(userId: string, address: string): Promise<() => Promise<void>>;
}

export interface ClassesDeps {
  db: Kysely<DB>;
  clock: Clock;
  /** The learning loop's bulk read of where users stand on concepts (learning/progress.ts). */
  progress: {
    progressOf(userIds: readonly string[], concepts: readonly string[]): Promise<ProgressTable>;
  };
  guesses: JoinGuesses;
}

const planRequired = () => new AppError(403, ERROR_CODES.planRequired, CLASS_MESSAGES.planRequired);
const memberNotFound = () => new AppError(404, ERROR_CODES.notFound, CLASS_MESSAGES.memberNotFound);
const wrongJoinCode = () => new AppError(404, ERROR_CODES.notFound, CLASS_MESSAGES.wrongJoinCode);
/** A cap (contract/classes.ts) is reached; counted before the insert, so racing writes may pass it by a few. */
const full = (message: string) => new AppError(409, ERROR_CODES.conflict, message);

/** A teacher sees a member's first name, never the rest of the full name. */
export const firstNameOf = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';

const isEnterprise = (plan: string) => plan.toLowerCase() === 'enterprise';

type AssignmentRow = Awaited<ReturnType<typeof repo.assignmentsOf>>[number];

function groupAssignments(rows: readonly AssignmentRow[]) {
  const byId = new Map<string, Assignment & { classId: string; keys: string[] }>();
  for (const row of rows) {
    let assignment = byId.get(row.id);
    if (!assignment) {
      assignment = {
        assignmentId: row.id,
        classId: row.class_id,
        title: row.title,
        concepts: [],
        keys: [],
        dueAt: row.due_at,
        createdAt: row.created_at,
      };
      byId.set(row.id, assignment);
    }
    assignment.concepts.push(row.concept);
    assignment.keys.push(row.concept_key);
  }
  return [...byId.values()];
}

/** Classes, membership and assignments (DESIGN.md §13); progress comes from the learning loop. */
export function createClassesService(deps: ClassesDeps) {
  const { db, clock } = deps;
  const now = () => clock.now().toISOString();

  /** Runs `write` with a fresh code until no other class has it (a clash is astronomically rare). */
  async function withFreshCode(write: (code: string) => Promise<void>): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const code = newJoinCode();
      try {
        await write(code);
        return code;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 4) throw error;
      }
    }
  }

  /** What the caller may see of the class: in five queries whatever its size. */
  async function view(
    userId: string,
    classId: string,
    needs: 'teacher' | 'member' = 'member',
  ): Promise<ClassView> {
    const { row, role } = await classFor(db, userId, classId, needs);
    const teaching = role === 'teacher';
    const [members, assignmentRows] = await Promise.all([
      repo.membersOf(db, classId, teaching ? undefined : userId),
      repo.assignmentsOf(db, [classId]),
    ]);
    const assignments = groupAssignments(assignmentRows);
    const userIds = members.map((m) => m.id);
    const table = await deps.progress.progressOf(
      userIds,
      assignments.flatMap((a) => a.keys),
    );
    return {
      classId: row.id,
      name: row.name,
      role,
      ...(teaching ? { joinCode: row.join_code } : {}),
      teacherName: firstNameOf(row.teacher_name),
      members: members.map((m) => ({
        userId: m.id,
        firstName: firstNameOf(m.full_name),
        username: m.username,
        joinedAt: m.joined_at,
      })),
      assignments: assignments.map(({ classId: _c, keys: _k, ...a }) => a),
      progress: userIds.map((id) => {
        const row = table.get(id);
        return {
          userId: id,
          assignments: Object.fromEntries(
            assignments.map((a) => {
              const cells = a.keys.map((k) => row?.get(k));
              const statuses = cells.map((c) => c?.status ?? 'new');
              const quizzes = cells.map((c) =>
                c?.quiz ? ([c.quiz.correct, c.quiz.answered] as [number, number]) : null,
              );
              return [a.assignmentId, { statuses, quizzes }];
            }),
          ),
        };
      }),
    };
  }

  return {
    /** Account deletion's step: memberships go, and the classes the user teaches. */
    forgetUser: (tx: Kysely<DB> | Transaction<DB>, userId: string) =>
      repo.deleteClassesOf(tx, userId),
    async create(user: UserRow, name: string): Promise<CreateClassResponse> {
      if (!isEnterprise(user.plan)) throw planRequired();
      if ((await repo.classesTaughtBy(db, user.id)) >= CLASSES_PER_TEACHER_MAX) {
        throw full(CLASS_MESSAGES.tooManyClasses);
      }
      const classId = newId();
      const joinCode = await withFreshCode((code) =>
        repo.insertClass(db, {
          id: classId,
          teacherId: user.id,
          name,
          joinCode: code,
          createdAt: now(),
        }),
      );
      return { classId, name, joinCode };
    },

    async list(userId: string): Promise<ClassesResponse> {
      const rows = await repo.classesOf(db, userId);
      return {
        classes: rows.map((r) => {
          const teaching = r.teacher_id === userId;
          return {
            classId: r.id,
            name: r.name,
            role: teaching ? ('teacher' as const) : ('member' as const),
            ...(teaching ? { joinCode: r.join_code } : {}),
            memberCount: Number(r.member_count ?? 0),
            createdAt: r.created_at,
          };
        }),
      };
    },

    /** A new code; the old one (and every link with it) stops working at once. */
    async rotateJoinCode(userId: string, classId: string) {
      await classFor(db, userId, classId, 'teacher');
      const joinCode = await withFreshCode((code) => repo.setJoinCode(db, classId, code));
      return { classId, joinCode };
    },

    /**
     * Joins with a code; joining again changes nothing. A wrong code is counted against the
     * account and the address before the code is looked up, like a wrong PIN, so parallel guesses cannot
     * overrun the allowance; a right one gives its place back.
     */
    async join(userId: string, typed: string, address: string): Promise<JoinClassResponse> {
      const giveBack = await deps.guesses.take(userId, address);
      const found = await repo.classByJoinCode(db, normaliseJoinCode(typed));
      if (!found) throw wrongJoinCode();
      await giveBack();
      const response = { classId: found.id, name: found.name };
      if (found.teacher_id === userId) return { ...response, alreadyMember: true };
      if ((await repo.memberCount(db, found.id)) >= MEMBERS_PER_CLASS_MAX) {
        const [already] = await repo.membersOf(db, found.id, userId);
        if (!already) throw full(CLASS_MESSAGES.classFull);
      }
      const added = await repo.addMember(db, found.id, userId, now());
      return { ...response, alreadyMember: !added };
    },

    async removeMember(teacherId: string, classId: string, memberId: string): Promise<void> {
      await classFor(db, teacherId, classId, 'teacher');
      if (!(await repo.removeMember(db, classId, memberId))) throw memberNotFound();
    },

    async leave(userId: string, classId: string): Promise<void> {
      const { role } = await classFor(db, userId, classId, 'member');
      // The teacher is not a member: a class without its teacher would have nobody to see it.
      if (role === 'teacher') throw memberNotFound();
      await repo.removeMember(db, classId, userId);
    },

    async createAssignment(
      userId: string,
      classId: string,
      input: CreateAssignmentRequest,
    ): Promise<Assignment> {
      await classFor(db, userId, classId, 'teacher');
      if ((await repo.assignmentCount(db, classId)) >= ASSIGNMENTS_PER_CLASS_MAX) {
        throw full(CLASS_MESSAGES.tooManyAssignments);
      }
      const createdAt = now();
      if (input.dueAt && new Date(input.dueAt).getTime() < clock.now().getTime()) {
        throw badRequest(CLASS_MESSAGES.pastDueDate);
      }
      const seen = new Set<string>();
      const concepts = input.concepts.flatMap((concept) => {
        const conceptKey = queryKey(concept);
        if (seen.has(conceptKey)) return [];
        seen.add(conceptKey);
        return [{ concept: concept.trim(), conceptKey }];
      });
      const assignment = {
        id: newId(),
        classId,
        title: input.title.trim(),
        dueAt: input.dueAt ? new Date(input.dueAt).toISOString() : null,
        createdAt,
        concepts,
      };
      await db.transaction().execute((tx) => repo.insertAssignment(tx, assignment));
      return {
        assignmentId: assignment.id,
        title: assignment.title,
        concepts: concepts.map((c) => c.concept),
        dueAt: assignment.dueAt,
        createdAt,
      };
    },

    view: (userId: string, classId: string) => view(userId, classId),

    /** The teacher's grid as CSV: the same facts as the view, nothing more. */
    async progressCsv(userId: string, classId: string): Promise<{ name: string; csv: string }> {
      const grid = await view(userId, classId, 'teacher');
      return { name: grid.name, csv: progressCsv(grid) };
    },

    /** The member's assignments in every class they belong to, for the dashboard. */
    async myAssignments(userId: string) {
      const classes = (await repo.classesOf(db, userId)).filter((c) => c.teacher_id !== userId);
      const byClass = new Map(classes.map((c) => [c.id, c.name]));
      const assignments = groupAssignments(await repo.assignmentsOf(db, [...byClass.keys()]));
      const table = await deps.progress.progressOf(
        [userId],
        assignments.flatMap((a) => a.keys),
      );
      const row = table.get(userId);
      return {
        assignments: assignments.map(({ classId, keys, ...a }) => ({
          ...a,
          classId,
          className: byClass.get(classId) ?? '',
          progress: keys.map((k) => row?.get(k) ?? { status: 'new' as const, quiz: null }),
        })),
      };
    },

    /** Pays for a member's first explanation of a concept their class assigned (explain/sponsor.ts). */
    sponsor: {
      async claim(request) {
        const sponsor = await repo.sponsoringClass(db, request.userId, request.queryKey);
        if (!sponsor) return null;
        const claim: repo.Claim = {
          classId: sponsor.class_id,
          conceptKey: request.queryKey,
          userId: request.userId,
          template: request.template,
          difficulty: request.difficulty,
          language: request.language,
        };
        const kept = { release: () => Promise.resolve() };
        const same = (held: { template: string; difficulty: string; language: string }) =>
          held.template === claim.template &&
          held.difficulty === claim.difficulty &&
          held.language === claim.language;
        const existing = await repo.claimOf(db, request.userId, request.queryKey);
        if (existing) return same(existing) ? kept : null;
        try {
          await repo.insertClaim(db, claim, now());
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // A request racing this one claimed it: the same explanation is free for both.
          const winner = await repo.claimOf(db, request.userId, request.queryKey);
          return winner && same(winner) ? kept : null;
        }
        return { release: () => repo.deleteClaim(db, claim) };
      },
    } satisfies ExplanationSponsor,
  };
}
export type ClassesService = ReturnType<typeof createClassesService>;
