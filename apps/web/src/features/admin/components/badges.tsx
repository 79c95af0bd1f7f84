import { type PaymentStatus, planName, ROLE_LABELS, type Role } from '@grasp/contract';

const pill = 'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';
const TONE = {
  good: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
  wait: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  bad: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-100',
  plain: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  staff: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-900/60 dark:text-indigo-200',
};

export function Pill({ tone, children }: { tone: keyof typeof TONE; children: string }) {
  return <span className={`${pill} ${TONE[tone]}`}>{children}</span>;
}

export const PlanBadge = ({ plan }: { plan: string }) => (
  <Pill tone={plan === 'free' ? 'plain' : 'good'}>{planName(plan)}</Pill>
);

export const RoleBadge = ({ role }: { role: Role }) => (
  <Pill tone={role === 'user' ? 'plain' : 'staff'}>{ROLE_LABELS[role]}</Pill>
);

export const StatusBadge = ({ disabled }: { disabled: boolean }) =>
  disabled ? <Pill tone="bad">Disabled</Pill> : <Pill tone="good">Active</Pill>;

export const PAYMENT_STATE_LABELS: Record<PaymentStatus, string> = {
  PAYMENT_SUCCESS: 'Paid',
  PAYMENT_PENDING: 'Pending',
  PAYMENT_ERROR: 'Failed',
  PAYMENT_DECLINED: 'Declined',
  PAYMENT_CANCELLED: 'Cancelled',
  TIMED_OUT: 'Timed out',
};

const PAYMENT_TONE: Record<PaymentStatus, keyof typeof TONE> = {
  PAYMENT_SUCCESS: 'good',
  PAYMENT_PENDING: 'wait',
  PAYMENT_ERROR: 'bad',
  PAYMENT_DECLINED: 'bad',
  PAYMENT_CANCELLED: 'plain',
  TIMED_OUT: 'plain',
};

export const PaymentBadge = ({ state }: { state: PaymentStatus }) => (
  <Pill tone={PAYMENT_TONE[state]}>{PAYMENT_STATE_LABELS[state]}</Pill>
);
