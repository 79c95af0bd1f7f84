import { CLASS_MESSAGES, type ClassRole, ERROR_CODES } from '@grasp/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './classes.repository.ts';

export type ClassRow = NonNullable<Awaited<ReturnType<typeof repo.classWithCaller>>>;

/** 404 for anyone outside the class: a class id cannot be probed. */
export const classNotFound = () =>
  new AppError(404, ERROR_CODES.notFound, CLASS_MESSAGES.classNotFound);

/**
 * Who may do what in a class, decided here and nowhere else (DESIGN.md §13): its teacher,
 * a member, or nobody (404, whatever the class holds). A member asking for the teacher's
 * part gets the same 404: they learn nothing about what a teacher can do or see.
 */
export async function classFor(
  db: Kysely<DB>,
  userId: string,
  classId: string,
  needs: ClassRole,
): Promise<{ row: ClassRow; role: ClassRole }> {
  const row = await repo.classWithCaller(db, classId, userId);
  const role: ClassRole | null = !row
    ? null
    : row.teacher_id === userId
      ? 'teacher'
      : row.member_id
        ? 'member'
        : null;
  if (!row || !role || (needs === 'teacher' && role !== 'teacher')) throw classNotFound();
  return { row, role };
}
