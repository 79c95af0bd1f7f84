import { Page } from '../../components/ui/page.tsx';

export function TermsPage() {
  return (
    <Page title="Terms and Conditions">
      <p className="text-slate-600 dark:text-slate-400">This page is being built.</p>
    </Page>
  );
}
