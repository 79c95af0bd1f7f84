import { ERROR_MESSAGES } from '@grasp/contract';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import type { PaymentCheck } from '../hooks/use-payment-status.ts';
import { ClockIcon, FailureIcon, SuccessIcon } from './icons.tsx';

const TONES = {
  good: 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100',
  bad: 'bg-red-50 text-red-900 dark:bg-red-950/60 dark:text-red-100',
  wait: 'bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-100',
};

function Panel(props: {
  tone: keyof typeof TONES;
  role: 'status' | 'alert';
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div
      role={props.role}
      className={`mt-6 flex flex-col items-center gap-3 rounded-lg p-5 ${TONES[props.tone]}`}
    >
      {props.icon}
      <h2 className="text-xl font-bold">{props.title}</h2>
      {props.children}
    </div>
  );
}

export function Checking() {
  return (
    <p
      role="status"
      className="mt-6 flex items-center justify-center gap-2 text-slate-600 dark:text-slate-300"
    >
      <span
        aria-hidden="true"
        className="h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      Checking payment status...
    </p>
  );
}

/** One finished check: success, failure with its status, still pending, or a failed call. */
export function PaymentOutcome({
  check,
  onRetry,
}: {
  check: Exclude<PaymentCheck, { kind: 'checking' }>;
  onRetry: () => void;
}) {
  switch (check.kind) {
    case 'success':
      return (
        <Panel
          tone="good"
          role="status"
          icon={<SuccessIcon />}
          title={ERROR_MESSAGES.paymentSuccess}
        >
          <p>{check.message}</p>
        </Panel>
      );
    case 'failed':
      return (
        <Panel
          tone="bad"
          role="alert"
          icon={<FailureIcon />}
          title={`${ERROR_MESSAGES.paymentFailedPrefix}${check.status}`}
        >
          <p>{check.message}</p>
        </Panel>
      );
    case 'pending':
      return (
        <Panel tone="wait" role="status" icon={<ClockIcon />} title="Payment pending">
          <p>{check.message}</p>
          <Button variant="secondary" onClick={onRetry}>
            Check again
          </Button>
        </Panel>
      );
    case 'error':
      return (
        <Panel tone="bad" role="alert" icon={<FailureIcon />} title={check.message}>
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </Panel>
      );
  }
}
