import { z } from 'zod';
import { QUERY_MAX_LENGTH } from './constants.ts';
import { CONCEPT_STATUSES } from './recaps.ts';

/** Classes (DESIGN.md §13): what Enterprise sells. A teacher assigns concepts, members learn them. */

export const CLASS_NAME_MAX_LENGTH = 120;
export const ASSIGNMENT_TITLE_MAX_LENGTH = 120;
export const ASSIGNMENT_MAX_CONCEPTS = 30;
/**
 * Bounds on what one teacher's writes make everyone read: the teacher's view and CSV grow with
 * members × assignments × concepts, and every member's dashboard with the assignments.
 */
export const CLASSES_PER_TEACHER_MAX = 50;
export const ASSIGNMENTS_PER_CLASS_MAX = 100;
export const MEMBERS_PER_CLASS_MAX = 200;
/**
 * Join codes use characters nobody misreads when a teacher writes them on a board: no 0/O, 1/I/L.
 * Eight of 31 characters is about 8.5e11 codes; guessing is throttled per address besides.
 */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 8;

/** Where a join link points: PUBLIC_URL + this. */
export const joinPath = (joinCode: string) => `/join/${joinCode}`;

export const CLASS_MESSAGES = {
  planRequired:
    'Classes are part of the Enterprise plan. Contact us to move your account to Enterprise.',
  classNotFound: 'This class was not found.',
  memberNotFound: 'This member is not in the class.',
  wrongJoinCode: 'This join code is not valid. Ask your teacher for the current code.',
  joinsPaused: (seconds: number) =>
    `Too many wrong join codes from your network. Please try again in ${seconds} seconds.`,
  joinsPausedForAccount: (seconds: number) =>
    `Too many wrong join codes from your account. Please try again in ${seconds} seconds.`,
  emptyName: 'Please enter a name for the class',
  longName: `Please keep the class name to ${CLASS_NAME_MAX_LENGTH} characters or fewer`,
  emptyTitle: 'Please enter a title for the assignment',
  longTitle: `Please keep the title to ${ASSIGNMENT_TITLE_MAX_LENGTH} characters or fewer`,
  noConcepts: 'Please add at least one concept',
  tooManyConcepts: `An assignment holds at most ${ASSIGNMENT_MAX_CONCEPTS} concepts`,
  pastDueDate: 'The due date must not be in the past',
  tooManyClasses: `A teacher can run at most ${CLASSES_PER_TEACHER_MAX} classes`,
  tooManyAssignments: `A class holds at most ${ASSIGNMENTS_PER_CLASS_MAX} assignments`,
  classFull: `This class is full (${MEMBERS_PER_CLASS_MAX} members). Ask your teacher.`,
  codeCopied: 'Copied to clipboard',
  removeConfirm: (name: string) =>
    `Remove ${name} from the class? To keep them out, make a new code afterwards.`,
  leaveConfirm: (name: string) => `Leave ${name}? You can join again with its code.`,
} as const;

const trimmed = z.string().trim();

export const classNameSchema = trimmed
  .min(1, CLASS_MESSAGES.emptyName)
  .max(CLASS_NAME_MAX_LENGTH, CLASS_MESSAGES.longName);

export const createClassRequestSchema = z.object({
  name: classNameSchema.describe('What members see, e.g. "Class 9 B: Physics"'),
});
export type CreateClassRequest = z.input<typeof createClassRequestSchema>;

export const joinCodeSchema = trimmed
  .toUpperCase()
  .min(1, CLASS_MESSAGES.wrongJoinCode)
  .max(32, CLASS_MESSAGES.wrongJoinCode);

export const joinClassRequestSchema = z.object({
  joinCode: joinCodeSchema.describe('The class’s current code (case does not matter)'),
});

export const classIdSchema = trimmed.min(1).max(64);
export const classParamsSchema = z.object({ classId: classIdSchema });
export const memberParamsSchema = z.object({
  classId: classIdSchema,
  userId: trimmed.min(1).max(64),
});

export const CLASS_ROLES = ['teacher', 'member'] as const;
export type ClassRole = (typeof CLASS_ROLES)[number];

export const classSummarySchema = z.object({
  classId: z.string(),
  name: z.string(),
  role: z
    .enum(CLASS_ROLES)
    .describe('teacher: the caller teaches it; member: the caller joined it'),
  /** Only the teacher is told the code. */
  joinCode: z.string().optional(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type ClassSummary = z.infer<typeof classSummarySchema>;

export const createClassResponseSchema = z.object({
  classId: z.string(),
  name: z.string(),
  joinCode: z.string(),
});
export type CreateClassResponse = z.infer<typeof createClassResponseSchema>;

export const joinCodeResponseSchema = z.object({
  classId: z.string(),
  joinCode: z.string().describe('The new code; the old one stops working at once'),
});

export const joinClassResponseSchema = z.object({
  classId: z.string(),
  name: z.string(),
  alreadyMember: z.boolean().describe('true when the caller had joined before: nothing changed'),
});
export type JoinClassResponse = z.infer<typeof joinClassResponseSchema>;

export const classesResponseSchema = z.object({
  classes: z.array(classSummarySchema).describe('Classes the caller teaches or belongs to'),
});
export type ClassesResponse = z.infer<typeof classesResponseSchema>;

const conceptNameSchema = trimmed.min(1).max(QUERY_MAX_LENGTH);

export const createAssignmentRequestSchema = z.object({
  title: trimmed
    .min(1, CLASS_MESSAGES.emptyTitle)
    .max(ASSIGNMENT_TITLE_MAX_LENGTH, CLASS_MESSAGES.longTitle),
  concepts: z
    .array(conceptNameSchema)
    .min(1, CLASS_MESSAGES.noConcepts)
    .max(ASSIGNMENT_MAX_CONCEPTS, CLASS_MESSAGES.tooManyConcepts)
    .describe('1–30 concepts; the same concept twice counts once'),
  dueAt: z.iso.datetime({ offset: true }).optional().describe('ISO date-time; not in the past'),
});
export type CreateAssignmentRequest = z.input<typeof createAssignmentRequestSchema>;

export const quizScoreSchema = z.object({
  correct: z.number().int().describe('Questions answered right in the latest quiz'),
  answered: z.number().int().describe('Questions answered in it'),
});
export type QuizScore = z.infer<typeof quizScoreSchema>;

export const conceptProgressSchema = z.object({
  status: z.enum(CONCEPT_STATUSES),
  quiz: quizScoreSchema.nullable(),
});
export type ConceptProgress = z.infer<typeof conceptProgressSchema>;

export const assignmentSchema = z.object({
  assignmentId: z.string(),
  title: z.string(),
  concepts: z.array(z.string()),
  dueAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const classMemberSchema = z.object({
  userId: z.string(),
  firstName: z.string().describe('The first word of the member’s full name, nothing more'),
  username: z.string(),
  joinedAt: z.string(),
});
export type ClassMember = z.infer<typeof classMemberSchema>;

/**
 * One member's progress on one assignment, column-wise (a class of 200 × 30 is 6,000 cells):
 * each concept's status, and its latest quiz as [correct, answered] or null, in concept order.
 */
export const assignmentProgressSchema = z.object({
  statuses: z.array(z.enum(CONCEPT_STATUSES)),
  quizzes: z.array(z.tuple([z.number().int(), z.number().int()]).nullable()),
});
export type AssignmentProgress = z.infer<typeof assignmentProgressSchema>;

/** The i-th concept's progress, as one object. */
export function progressAt(progress: AssignmentProgress | undefined, i: number): ConceptProgress {
  const quiz = progress?.quizzes[i];
  return {
    status: progress?.statuses[i] ?? 'new',
    quiz: quiz ? { correct: quiz[0], answered: quiz[1] } : null,
  };
}

export const memberProgressSchema = z.object({
  userId: z.string(),
  /** Per assignment id. */
  assignments: z.record(z.string(), assignmentProgressSchema),
});
export type MemberProgress = z.infer<typeof memberProgressSchema>;

export const classViewSchema = z.object({
  classId: z.string(),
  name: z.string(),
  role: z.enum(CLASS_ROLES),
  joinCode: z.string().optional().describe('The teacher’s view only'),
  teacherName: z.string().describe('The teacher’s first name'),
  members: z
    .array(classMemberSchema)
    .describe('The teacher sees every member; a member sees only themself'),
  assignments: z.array(assignmentSchema),
  progress: z
    .array(memberProgressSchema)
    .describe('One entry per member the caller may see (a member: only their own)'),
});
export type ClassView = z.infer<typeof classViewSchema>;

/** The progress CSV's header row: the same facts as the grid and nothing more (no email, no mobile). */
export const PROGRESS_CSV_COLUMNS = [
  'assignment',
  'due_at',
  'concept',
  'username',
  'first_name',
  'status',
  'quiz_correct',
  'quiz_answered',
] as const;

export const myAssignmentSchema = assignmentSchema.extend({
  classId: z.string(),
  className: z.string(),
  progress: z.array(conceptProgressSchema).describe('The caller’s own, per concept in order'),
});
export type MyAssignment = z.infer<typeof myAssignmentSchema>;

export const myAssignmentsResponseSchema = z.object({
  assignments: z
    .array(myAssignmentSchema)
    .describe('Assignments of every class the caller belongs to (not those they teach)'),
});
export type MyAssignmentsResponse = z.infer<typeof myAssignmentsResponseSchema>;
