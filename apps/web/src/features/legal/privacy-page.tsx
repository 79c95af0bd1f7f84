import { Page } from '../../components/ui/page.tsx';

export function PrivacyPage() {
  return (
    <Page title="Privacy Policy">
      <p className="text-slate-600 dark:text-slate-400">This page is being built.</p>
    </Page>
  );
}
