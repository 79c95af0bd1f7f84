import {
  type BillingConfigResponse,
  DEFAULT_SUPPORT_CONTACT,
  PLANS,
  PRODUCT_NAME,
} from '@grasp/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { pageSupportContact } from '../../components/support/support-contact.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { fetchBillingConfig } from './api/billing-config.ts';
import { HelpSection } from './components/help-section.tsx';
import { PlanCard } from './components/plan-card.tsx';
import { PricingFaq } from './components/pricing-faq.tsx';
import { ProActions } from './components/pro-actions.tsx';

function useBillingConfig(): BillingConfigResponse | null {
  const [config, setConfig] = useState<BillingConfigResponse | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void fetchBillingConfig(controller.signal).then((answer) => {
      if (!controller.signal.aborted) setConfig(answer);
    });
    return () => controller.abort();
  }, []);
  return config;
}

/** /pricing (SPEC.md §2): plan cards, FAQ and a help section. */
export function PricingPage() {
  const user = useAuth((s) => s.user);
  const config = useBillingConfig();
  // The page's own until the billing settings come: the same, as the server wrote it (spa.ts).
  const [pageContact] = useState(pageSupportContact);
  const email = config?.supportEmail ?? pageContact?.supportEmail ?? DEFAULT_SUPPORT_CONTACT.email;
  const phone = config?.supportPhone ?? pageContact?.supportPhone ?? DEFAULT_SUPPORT_CONTACT.phone;
  const currentPlan = user?.plan.trim().toLowerCase() ?? null;
  const salesHref = `mailto:${email}?subject=${encodeURIComponent(`${PRODUCT_NAME} Enterprise`)}`;

  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Choose your plan</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          Any concept, explained in two minutes. Start free; upgrade when you want every style and
          three times the concepts.
        </p>
      </header>

      <div className="mt-12 grid gap-8 md:grid-cols-3">
        <PlanCard plan={PLANS.free} current={currentPlan === 'free'}>
          {user ? (
            <Link to={paths.dashboard} className={buttonClass('secondary')}>
              Go to your dashboard
            </Link>
          ) : (
            <Link to={paths.register} data-visitor-only="" className={buttonClass('secondary')}>
              Get started free
            </Link>
          )}
        </PlanCard>
        <PlanCard plan={PLANS.pro} current={currentPlan === 'pro'} featured>
          <ProActions signedIn={user !== null} gateway={config?.gateway ?? null} />
        </PlanCard>
        <PlanCard plan={PLANS.enterprise} current={currentPlan === 'enterprise'}>
          <a href={salesHref} className={buttonClass('secondary')}>
            Email our sales team
          </a>
        </PlanCard>
      </div>

      <PricingFaq />
      <HelpSection email={email} phone={phone} />
    </main>
  );
}
