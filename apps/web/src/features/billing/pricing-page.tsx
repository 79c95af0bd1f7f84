import { Page } from '../../components/ui/page.tsx';

export function PricingPage() {
  return (
    <Page title="Pricing">
      <p className="text-slate-600 dark:text-slate-400">This page is being built.</p>
    </Page>
  );
}
