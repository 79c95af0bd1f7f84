import { isStaff } from '../features/auth/lib/staff.ts';
import { NotFoundPage } from '../features/misc/not-found-page.tsx';
import { useAuth } from '../lib/auth-store.ts';
import { lazyPart } from '../lib/lazy-part.ts';
import { afterApiReady } from './api-ready.ts';

// Loaded only for staff (at once when a staff member's app starts here): a learner or a visitor
// never fetches the console's code.
const AdminConsole = lazyPart(
  () =>
    afterApiReady(() => import('../features/admin/admin-console.tsx')).then((m) => m.AdminConsole),
  isStaff(useAuth.getState().user),
);

/** /admin/*: the console for staff, the app's 404 page for anyone else. */
export function AdminRoute() {
  const user = useAuth((s) => s.user);
  if (!isStaff(user)) return <NotFoundPage />;
  return <AdminConsole notFound={<NotFoundPage />} />;
}
