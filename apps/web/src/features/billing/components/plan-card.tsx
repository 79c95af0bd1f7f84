import { formatPrice, type Plan } from '@grasp/contract';
import type { ReactNode } from 'react';
import { CheckIcon, MinusIcon } from './icons.tsx';

interface PlanCardProps {
  plan: Plan;
  /** The signed-in user's plan: ringed and labelled. */
  current: boolean;
  /** The plan we recommend (Pro). */
  featured?: boolean;
  children: ReactNode;
}

/** One plan of SPEC.md §3: name, price, period, description, features, limitations. */
export function PlanCard({ plan, current, featured = false, children }: PlanCardProps) {
  const headingId = `plan-${plan.id}`;
  const ring = current
    ? 'border-emerald-500 ring-2 ring-emerald-500 dark:border-emerald-400 dark:ring-emerald-400'
    : featured
      ? 'border-indigo-500 dark:border-indigo-400'
      : 'border-slate-200 dark:border-slate-800';
  return (
    <section
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm dark:bg-slate-900 ${ring}`}
    >
      {current || featured ? (
        <p
          className={`absolute -top-3 left-6 rounded-full px-3 py-0.5 text-xs font-semibold text-white ${current ? 'bg-emerald-700' : 'bg-indigo-600'}`}
        >
          {current ? 'Your current plan' : 'Most popular'}
        </p>
      ) : null}
      <h2 id={headingId} className="text-xl font-bold">
        {plan.name}
      </h2>
      <p className="mt-3 flex items-baseline gap-1">
        {plan.price === null ? (
          <span className="text-3xl font-extrabold tracking-tight">Contact sales</span>
        ) : (
          <>
            <span className="text-4xl font-extrabold tracking-tight">
              {formatPrice(plan.price)}
            </span>
            <span className="text-slate-600 dark:text-slate-400">/{plan.period}</span>
          </>
        )}
      </p>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{plan.description}</p>
      <ul className="mt-5 space-y-2 text-sm" aria-label={`${plan.name} features`}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon className="h-5 w-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
            {feature}
          </li>
        ))}
      </ul>
      {plan.limitations.length > 0 ? (
        <ul className="mt-3 space-y-2 text-sm" aria-label={`${plan.name} limitations`}>
          {plan.limitations.map((limitation) => (
            <li key={limitation} className="flex gap-2 text-slate-500 dark:text-slate-400">
              <MinusIcon className="h-5 w-5 shrink-0" />
              {limitation}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto flex flex-col gap-2 pt-6">{children}</div>
    </section>
  );
}
