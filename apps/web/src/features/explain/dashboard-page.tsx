import { Page } from '../../components/ui/page.tsx';

export function DashboardPage() {
  return (
    <Page title="Dashboard">
      <p className="text-slate-600 dark:text-slate-400">This page is being built.</p>
    </Page>
  );
}
