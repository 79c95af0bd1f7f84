import { z } from 'zod';
import { PIN_PATTERN } from './auth.ts';
import { paymentStatusSchema } from './billing.ts';
import { documentKindSchema, refundStateSchema } from './invoices.ts';
import { passkeySignInRequestSchema } from './passkeys.ts';
import { PLAN_IDS } from './plans.ts';
import { type Role, roleSchema } from './user.ts';

/** The operator's console (DESIGN.md §15). Every route lives under /api/admin. */

/** Roles that may open the console at all; anyone else gets 404 from every /api/admin route. */
export const STAFF_ROLES: readonly Role[] = ['support', 'admin'];
export const ROLE_LABELS: Record<Role, string> = {
  user: 'Learner',
  support: 'Support',
  admin: 'Admin',
};

/** A confirmed PIN or passkey lets an admin write for this long, on that session only. */
export const SUDO_TTL_MS = 30 * 60 * 1000;
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_OVERVIEW_DEFAULT_DAYS = 30;
/** A year of days keeps the overview's queries bounded. */
export const ADMIN_OVERVIEW_MAX_DAYS = 365;
export const ADMIN_REASON_MAX_LENGTH = 500;
/** A grant is for this cycle; thousands at once is a typing mistake, not a grant. */
export const ADMIN_MAX_UNIT_GRANT = 10_000;
/** The actor of actions taken with `npm run admin -- …` on the server itself. */
export const AUDIT_CLI_ACTOR = 'cli';

export const ADMIN_ERROR_CODES = {
  forbidden: 'FORBIDDEN',
  sudoRequired: 'SUDO_REQUIRED',
  accountDisabled: 'ACCOUNT_DISABLED',
  alreadyRefunded: 'ALREADY_REFUNDED',
  notRefundable: 'NOT_REFUNDABLE',
} as const;

export const ADMIN_MESSAGES = {
  forbidden: 'Only an admin can make this change.',
  sudoRequired: 'Confirm your PIN to make changes. It stays confirmed for 30 minutes.',
  sudoWrongPin: 'That PIN is not right.',
  accountDisabled: 'This account has been disabled. Please contact support.',
  reasonRequired: 'reason: please say why',
  alreadyRefunded: 'This payment has already been refunded.',
  notRefundable: 'Only a successful payment can be refunded.',
  userNotFound: 'User not found',
  paymentNotFound: 'Payment not found',
  loadFailed: 'Could not load this page. Please try again.',
  actionFailed: 'The change could not be made. Please try again.',
  confirmPin: 'Enter your PIN to confirm it is you',
  reasonLabel: 'Reason (kept in the audit log)',
  noUsers: 'No accounts match.',
  noPayments: 'No payments match.',
  noInvoices: 'No invoices or credit notes yet.',
  noAudit: 'No staff actions recorded yet.',
} as const;

/** What the audit log records; one name per staff action, from the console or the command. */
export const AUDIT_ACTIONS = [
  'user.plan',
  'user.units',
  'user.sessions.revoke',
  'user.disable',
  'user.enable',
  'user.role',
  'payment.refund',
  'payment.reconcile',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.plan': 'Changed plan',
  'user.units': 'Granted units',
  'user.sessions.revoke': 'Ended sessions',
  'user.disable': 'Disabled account',
  'user.enable': 'Enabled account',
  'user.role': 'Changed role',
  'payment.refund': 'Refunded payment',
  'payment.reconcile': 'Asked the gateway',
};
/** The audit row's reason when "ask the gateway now" was given none. */
export const RECONCILE_DEFAULT_REASON = 'Asked the gateway for the payment’s state';

const isoDateTime = z.string().describe('ISO-8601 date and time (UTC)');
const isoDay = z.string().describe('YYYY-MM-DD (UTC)');
const page = z.coerce.number<number>().int().min(1).max(100_000).default(1);
const paise = z.number().int().describe('Paise');

/** Every page of a list answers with where it is. */
const pageInfo = {
  page: z.number().int().describe('1-based'),
  pageSize: z.number().int(),
  total: z.number().int().describe('Rows matching the filter, over every page'),
};

export const reasonSchema = z
  .string({ error: ADMIN_MESSAGES.reasonRequired })
  .trim()
  .min(1, ADMIN_MESSAGES.reasonRequired)
  .max(ADMIN_REASON_MAX_LENGTH)
  .describe('Why: kept in the audit log');

// ---- sudo ----

export const adminSudoRequestSchema = z.union([
  z.object({ pin: z.string().regex(PIN_PATTERN, 'PIN must be exactly 4 digits') }),
  z.object({
    passkey: passkeySignInRequestSchema.describe(
      'The challenge from POST /api/admin/sudo/passkey-options, answered by one of the caller’s passkeys',
    ),
  }),
]);
export type AdminSudoRequest = z.infer<typeof adminSudoRequestSchema>;

/** Who is signed in to the console: shown by the web before any write. */
export const adminMeResponseSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: roleSchema,
  sudoUntil: isoDateTime.nullable().describe('When this session’s confirmation lapses'),
});
export type AdminMeResponse = z.infer<typeof adminMeResponseSchema>;

// ---- overview ----

export const adminOverviewQuerySchema = z.object({
  days: z.coerce
    .number<number>()
    .int()
    .min(1)
    .max(ADMIN_OVERVIEW_MAX_DAYS)
    .default(ADMIN_OVERVIEW_DEFAULT_DAYS),
});
export type AdminOverviewQuery = z.input<typeof adminOverviewQuerySchema>;

export const revenueSchema = z.object({
  grossPaise: paise.describe('Successful payments, GST included'),
  gstPaise: paise.describe('The GST in them (CGST + SGST + IGST of their invoices)'),
  refundsPaise: paise.describe('Refunds completed'),
});
export type Revenue = z.infer<typeof revenueSchema>;

export const aiUsageRowSchema = z.object({
  provider: z.string(),
  model: z.string(),
  calls: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  estimatedCostUsd: z.number().describe('Tokens × AI_PRICES (USD per million tokens)'),
});
export type AiUsageRow = z.infer<typeof aiUsageRowSchema>;

const countsByKey = z.record(z.string(), z.number().int());

/** One day's figures; a day with no activity is present with zeros. */
export const overviewDaySchema = z.object({
  day: isoDay,
  signUps: z.number().int(),
  activeLearners: z.number().int().describe('Learners who received an explanation that day'),
  explanations: z.number().int(),
  explanationsByProvider: countsByKey,
  unitsUsed: z.number().int(),
  revenue: revenueSchema,
  paymentsByState: countsByKey.describe('Payments started that day, by their state now'),
  aiCalls: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  estimatedCostUsd: z.number(),
  errors5xx: z.number().int(),
});
export type OverviewDay = z.infer<typeof overviewDaySchema>;

export const adminOverviewResponseSchema = z.object({
  days: z.number().int(),
  from: isoDay.describe('First day of the series'),
  to: isoDay.describe('Today (UTC)'),
  totals: z.object({
    learners: z.number().int().describe('Every account, whenever made'),
    signUps: z.number().int(),
    activeLearners: z.number().int().describe('Distinct learners over the whole period'),
    explanations: z.number().int(),
    explanationsByProvider: countsByKey,
    unitsUsed: z.number().int(),
    revenue: revenueSchema,
    paymentsByState: countsByKey,
    ai: z.array(aiUsageRowSchema).describe('By provider and model, most expensive first'),
    aiCalls: z.number().int(),
    inputTokens: z.number().int(),
    outputTokens: z.number().int(),
    estimatedCostUsd: z.number(),
    errors5xx: z.number().int(),
  }),
  series: z.array(overviewDaySchema).describe('One entry per day, oldest first'),
});
export type AdminOverviewResponse = z.infer<typeof adminOverviewResponseSchema>;

// ---- users ----

export const ADMIN_USER_SORTS = ['createdAt', 'username', 'email', 'plan', 'role'] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;

export const adminUsersQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('Part of a username, email or mobile (case-insensitive)'),
  sort: z.enum(ADMIN_USER_SORTS).default('createdAt'),
  order: z.enum(SORT_ORDERS).default('desc'),
  page,
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  mobile: z.string(),
  fullName: z.string(),
  plan: z.enum(PLAN_IDS),
  role: roleSchema,
  disabled: z.boolean(),
  createdAt: isoDateTime,
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserRowSchema),
  ...pageInfo,
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminUserParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const adminCycleSchema = z.object({
  plan: z.string(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  unitLimit: z.number().int().nullable().describe('null: unlimited; includes units granted'),
  unitsUsed: z.number().int(),
});

export const adminSessionSchema = z.object({
  id: z.string(),
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
});

export const adminClassSchema = z.object({
  classId: z.string(),
  name: z.string(),
  role: z.enum(['teacher', 'member']),
});

/** An invoice or a credit note, as the console lists them. */
export const adminDocumentSchema = z.object({
  id: z
    .string()
    .describe('inv_… or cn_…; printable at GET /api/billing/invoices/{id} for its owner'),
  kind: documentKindSchema,
  number: z.string().describe('GRASP/2026-27/000042, or GRASP/CN/2026-27/000001 for a credit note'),
  merchantTransactionId: z.string(),
  userId: z.string(),
  username: z.string(),
  issuedAt: isoDateTime,
  totalPaise: paise.describe('GST included; a credit note’s amount is what was credited'),
  taxPaise: paise,
});
export type AdminDocument = z.infer<typeof adminDocumentSchema>;

export const adminPaymentSchema = z.object({
  merchantTransactionId: z.string().describe('The {id} of the payment actions'),
  userId: z.string(),
  username: z.string(),
  gateway: z.string(),
  amountPaise: paise,
  state: paymentStatusSchema,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  refund: z
    .object({ state: refundStateSchema, amountPaise: paise, createdAt: isoDateTime })
    .nullable(),
  invoiceNumber: z.string().nullable(),
  creditNoteNumber: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminUserDetailSchema = z.object({
  user: adminUserRowSchema.extend({
    emailVerified: z.boolean(),
    disabledAt: isoDateTime.nullable(),
  }),
  cycle: adminCycleSchema.nullable().describe('This cycle; null until the first one starts'),
  payments: z.array(adminPaymentSchema),
  documents: z.array(adminDocumentSchema).describe('Invoices and credit notes, newest first'),
  sessions: z.array(adminSessionSchema).describe('Sessions still open'),
  classes: z.array(adminClassSchema),
  materialsCount: z.number().int(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminPlanRequestSchema = z.object({ plan: z.enum(PLAN_IDS), reason: reasonSchema });
export type AdminPlanRequest = z.input<typeof adminPlanRequestSchema>;
export const adminUnitsRequestSchema = z.object({
  units: z.number().int().min(1).max(ADMIN_MAX_UNIT_GRANT),
  reason: reasonSchema,
});
export type AdminUnitsRequest = z.input<typeof adminUnitsRequestSchema>;
/** Ending sessions, disabling and enabling need only the reason. */
export const adminReasonRequestSchema = z.object({ reason: reasonSchema });
export type AdminReasonRequest = z.input<typeof adminReasonRequestSchema>;

/** "Ask the gateway now" changes nothing by itself: a reason is welcome, not required. */
export const adminReconcileRequestSchema = z
  .object({ reason: reasonSchema.optional() })
  .default({});
export type AdminReconcileRequest = z.input<typeof adminReconcileRequestSchema>;

// ---- payments and invoices ----

export const adminPaymentsQuerySchema = z.object({
  state: paymentStatusSchema.optional(),
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('A merchantTransactionId, or part of a username or email'),
  page,
});
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuerySchema>;

export const adminPaymentsResponseSchema = z.object({
  payments: z.array(adminPaymentSchema),
  ...pageInfo,
});
export type AdminPaymentsResponse = z.infer<typeof adminPaymentsResponseSchema>;

export const adminPaymentParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,34}$/, 'is not a transaction id'),
});

export const adminInvoicesQuerySchema = z.object({
  kind: documentKindSchema.optional(),
  q: z.string().trim().max(100).optional().describe('A document number, or part of a username'),
  page,
});
export type AdminInvoicesQuery = z.input<typeof adminInvoicesQuerySchema>;

export const adminInvoicesResponseSchema = z.object({
  documents: z.array(adminDocumentSchema),
  ...pageInfo,
});
export type AdminInvoicesResponse = z.infer<typeof adminInvoicesResponseSchema>;

// ---- audit ----

export const adminAuditQuerySchema = z.object({
  actor: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe(`A staff username, or "${AUDIT_CLI_ACTOR}"`),
  target: z.string().trim().max(100).optional().describe('A user id, username or transaction id'),
  page,
});
export type AdminAuditQuery = z.input<typeof adminAuditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: isoDateTime,
  actorId: z.string().nullable().describe(`null for "${AUDIT_CLI_ACTOR}"`),
  actor: z.string().describe(`The staff member’s username, or "${AUDIT_CLI_ACTOR}"`),
  action: auditActionSchema,
  targetType: z.enum(['user', 'payment']),
  targetId: z.string(),
  targetLabel: z.string().describe('The target’s username (a payment’s payer)'),
  reason: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const adminAuditResponseSchema = z.object({
  entries: z.array(auditEntrySchema).describe('Newest first'),
  ...pageInfo,
});
export type AdminAuditResponse = z.infer<typeof adminAuditResponseSchema>;
