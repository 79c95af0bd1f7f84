import { Page } from '../../components/ui/page.tsx';

export function UserDashboardPage() {
  return (
    <Page title="Your learning">
      <p className="text-slate-600 dark:text-slate-400">This page is being built.</p>
    </Page>
  );
}
