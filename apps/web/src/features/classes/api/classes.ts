import {
  type Assignment,
  assignmentSchema,
  type ClassesResponse,
  type ClassView,
  type CreateAssignmentRequest,
  type CreateClassResponse,
  classesResponseSchema,
  classViewSchema,
  createClassResponseSchema,
  ERROR_MESSAGES,
  type JoinClassResponse,
  joinClassResponseSchema,
  joinCodeResponseSchema,
  type MyAssignmentsResponse,
  myAssignmentsResponseSchema,
} from '@grasp/contract';
import { ApiError, apiFile, apiRequest } from '../../../lib/api-client.ts';

const CLASSES = '/api/classes';
const classPath = (classId: string) => `${CLASSES}/${encodeURIComponent(classId)}`;

function parsed<T>(
  schema: { safeParse(value: unknown): { success: boolean; data?: T } },
  body: unknown,
): T {
  const result = schema.safeParse(body);
  if (!result.success || result.data === undefined) {
    throw new ApiError('http', 0, 'BAD_RESPONSE', ERROR_MESSAGES.unexpected);
  }
  return result.data;
}

export const fetchClasses = async (signal?: AbortSignal): Promise<ClassesResponse> =>
  parsed(classesResponseSchema, await apiRequest<unknown>(CLASSES, { signal }));

export const fetchClass = async (classId: string, signal?: AbortSignal): Promise<ClassView> =>
  parsed(classViewSchema, await apiRequest<unknown>(classPath(classId), { signal }));

export const fetchMyAssignments = async (signal?: AbortSignal): Promise<MyAssignmentsResponse> =>
  parsed(
    myAssignmentsResponseSchema,
    await apiRequest<unknown>(`${CLASSES}/assignments`, { signal }),
  );

export const createClass = async (name: string): Promise<CreateClassResponse> =>
  parsed(createClassResponseSchema, await apiRequest<unknown>(CLASSES, { body: { name } }));

export const joinClass = async (joinCode: string): Promise<JoinClassResponse> =>
  parsed(
    joinClassResponseSchema,
    await apiRequest<unknown>(`${CLASSES}/join`, { body: { joinCode } }),
  );

export const rotateJoinCode = async (classId: string): Promise<string> =>
  parsed(
    joinCodeResponseSchema,
    await apiRequest<unknown>(`${classPath(classId)}/join-code`, { method: 'POST' }),
  ).joinCode;

export const createAssignment = async (
  classId: string,
  body: CreateAssignmentRequest,
): Promise<Assignment> =>
  parsed(
    assignmentSchema,
    await apiRequest<unknown>(`${classPath(classId)}/assignments`, { body }),
  );

export async function removeMember(classId: string, userId: string): Promise<void> {
  await apiRequest(`${classPath(classId)}/members/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
  });
}

export async function leaveClass(classId: string): Promise<void> {
  await apiRequest(`${classPath(classId)}/leave`, { method: 'POST' });
}

/** The teacher's grid as a CSV file, saved through a temporary link. */
export async function downloadProgressCsv(classId: string, className: string): Promise<void> {
  const { blob } = await apiFile(`${classPath(classId)}/progress.csv`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${className.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'class'}-progress.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A failed call's message, for an alert. */
export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : ERROR_MESSAGES.unexpected;
