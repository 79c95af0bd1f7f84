import { formatPrice, PLANS, type Plan } from '@grasp/contract';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { Icon } from './icons.tsx';
import { Section } from './section.tsx';

/** Where each plan's button leads: sign up free, the Pro checkout, or talk to us. */
const ACTIONS: Record<Plan['id'], { label: string; to: string }> = {
  free: { label: 'Start for free', to: paths.register },
  pro: { label: 'Choose Pro', to: paths.pricing },
  enterprise: { label: 'Contact sales', to: '#contact' },
};

function PlanCard({ plan }: { plan: Plan }) {
  const featured = plan.id === 'pro';
  const action = ACTIONS[plan.id];
  return (
    <li
      className={`relative flex flex-col rounded-2xl border bg-white p-6 dark:bg-slate-900 ${featured ? 'border-indigo-600 shadow-lg ring-1 ring-indigo-600 dark:border-indigo-400 dark:ring-indigo-400' : 'border-slate-200 dark:border-slate-800'}`}
    >
      {featured ? (
        <p className="absolute -top-3 left-6 rounded-full bg-indigo-600 px-3 py-0.5 text-xs font-semibold text-white">
          Most popular
        </p>
      ) : null}
      <h3 className="text-lg font-semibold">{plan.name}</h3>
      <p className="mt-3">
        <span className="text-4xl font-extrabold">
          {plan.price === null ? 'Custom' : formatPrice(plan.price)}
        </span>
        {plan.price === null ? null : (
          <span className="text-slate-600 dark:text-slate-300"> / {plan.period}</span>
        )}
      </p>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{plan.description}</p>
      <ul className="mt-6 flex-1 space-y-2 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Icon
              name="check"
              className="h-5 w-5 shrink-0 text-emerald-600 dark:text-emerald-400"
            />
            {feature}
          </li>
        ))}
        {plan.limitations.map((limitation) => (
          <li key={limitation} className="flex gap-2 text-slate-600 dark:text-slate-300">
            <Icon name="cross" className="h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400" />
            <span>
              <span className="sr-only">Limitation: </span>
              {limitation}
            </span>
          </li>
        ))}
      </ul>
      <Link
        to={action.to}
        className={`${buttonClass(featured ? 'primary' : 'secondary')} mt-8 w-full`}
      >
        {action.label}
        <span className="sr-only"> ({plan.name} plan)</span>
      </Link>
    </li>
  );
}

export function PricingSection() {
  return (
    <Section
      id="pricing"
      size="[contain-intrinsic-size:auto_1580px] lg:[contain-intrinsic-size:auto_650px]"
      title="Simple pricing"
      lead="Start free. Upgrade when you want every style and more concepts each month."
    >
      <ul className="grid gap-8 md:grid-cols-3">
        {Object.values(PLANS).map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </ul>
      <p className="mt-8 text-center text-sm text-slate-600 dark:text-slate-300">
        Unused concepts do not roll over; the count resets each billing cycle.{' '}
        <Link
          to={paths.pricing}
          className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          Compare plans and read the FAQ
        </Link>
      </p>
    </Section>
  );
}
