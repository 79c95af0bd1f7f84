import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SkipLink } from '../components/ui/skip-link.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { usePageViews } from './use-page-views.ts';

export function Layout() {
  usePageViews();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <SiteHeader />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <SiteFooter />
    </div>
  );
}
