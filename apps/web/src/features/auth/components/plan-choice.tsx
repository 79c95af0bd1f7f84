import { formatPrice, PLANS, type Plan } from '@grasp/contract';

export type PlanChoiceId = 'free' | 'pro';

const CHOICES: { id: PlanChoiceId; plan: Plan }[] = [
  { id: 'free', plan: PLANS.free },
  { id: 'pro', plan: PLANS.pro },
];

interface PlanChoiceProps {
  value: PlanChoiceId;
  onChange: (plan: PlanChoiceId) => void;
}

/** Free or Pro at sign-up (SPEC.md §2); Free is the default. */
export function PlanChoice({ value, onChange }: PlanChoiceProps) {
  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
        Plan
      </legend>
      <div className="grid grid-cols-2 gap-2">
        {CHOICES.map(({ id, plan }) => (
          <label
            key={id}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-300 p-3 text-sm has-checked:border-indigo-500 has-checked:bg-indigo-50 has-focus-visible:ring-2 has-focus-visible:ring-indigo-500 dark:border-slate-700 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-950/60"
          >
            <input
              type="radio"
              name="planType"
              value={id}
              checked={value === id}
              onChange={() => onChange(id)}
              className="mt-0.5 accent-indigo-600"
            />
            <span>
              <span className="block font-semibold">{plan.name}</span>
              <span className="block text-slate-600 dark:text-slate-400">
                {formatPrice(plan.price ?? 0)}/{plan.period}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
