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
import { apiFile, apiParsed, apiRequest } from '../../../lib/api-client.ts';

const CLASSES = '/api/classes';
const classPath = (classId: string) => `${CLASSES}/${encodeURIComponent(classId)}`;

export const fetchClasses = async (signal?: AbortSignal): Promise<ClassesResponse> =>
  apiParsed(classesResponseSchema, CLASSES, { signal });

export const fetchClass = async (classId: string, signal?: AbortSignal): Promise<ClassView> =>
  apiParsed(classViewSchema, classPath(classId), { signal });

export const fetchMyAssignments = async (signal?: AbortSignal): Promise<MyAssignmentsResponse> =>
  apiParsed(myAssignmentsResponseSchema, `${CLASSES}/assignments`, { signal });

export const createClass = async (name: string): Promise<CreateClassResponse> =>
  apiParsed(createClassResponseSchema, CLASSES, { body: { name } });

export const joinClass = async (joinCode: string): Promise<JoinClassResponse> =>
  apiParsed(joinClassResponseSchema, `${CLASSES}/join`, { body: { joinCode } });

export const rotateJoinCode = async (classId: string): Promise<string> =>
  (await apiParsed(joinCodeResponseSchema, `${classPath(classId)}/join-code`, { method: 'POST' }))
    .joinCode;

export const createAssignment = async (
  classId: string,
  body: CreateAssignmentRequest,
): Promise<Assignment> =>
  apiParsed(assignmentSchema, `${classPath(classId)}/assignments`, { body });

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
