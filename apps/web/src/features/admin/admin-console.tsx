import { ROLE_LABELS } from '@grasp/contract';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { fetchMe } from './api/admin-api.ts';
import { AuditPage } from './audit-page.tsx';
import { AdminNav } from './components/admin-nav.tsx';
import { Failed } from './components/states.tsx';
import { Toaster } from './components/toaster.tsx';
import { useLoad } from './hooks/use-load.ts';
import { StaffContext } from './hooks/use-staff.ts';
import { InvoicesPage } from './invoices-page.tsx';
import { OverviewPage } from './overview-page.tsx';
import { PaymentsPage } from './payments-page.tsx';
import { UserPage } from './user-page.tsx';
import { UsersPage } from './users-page.tsx';

/** An address under /admin that the console has no page for. */
function MissingPage() {
  return (
    <section aria-labelledby="admin-title">
      <h1 id="admin-title" className="text-2xl font-bold">
        Page not found
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">The console has no page here.</p>
    </section>
  );
}

const main = 'mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6';

/**
 * /admin and its pages (DESIGN.md §15), in a chunk of their own. The server decides who is staff:
 * when it answers 404 the app's 404 page shows, as for any address that does not exist.
 */
export function AdminConsole({ notFound }: { notFound: ReactNode }) {
  const me = useLoad('me', fetchMe);
  if (me.status === 'error' && (me.error?.status === 404 || me.error?.status === 403)) {
    return notFound;
  }
  if (me.status === 'error') {
    return (
      <main id="main" className={main}>
        <Failed message={me.error?.message} retry={me.reload} />
      </main>
    );
  }
  if (!me.data) return <PageSpinner />;
  return (
    <StaffContext value={me.data}>
      <Toaster>
        <main id="main" className={`${main} space-y-5`}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
              Operator console
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {me.data.username} · {ROLE_LABELS[me.data.role]}
            </p>
          </div>
          <AdminNav />
          <Routes>
            <Route index element={<OverviewPage />} />
            <Route path="users" element={<UsersPage />} />
            <Route path="users/:id" element={<UserPage />} />
            <Route path="payments" element={<PaymentsPage />} />
            <Route path="invoices" element={<InvoicesPage />} />
            <Route path="audit" element={<AuditPage />} />
            <Route path="*" element={<MissingPage />} />
          </Routes>
        </main>
      </Toaster>
    </StaffContext>
  );
}
