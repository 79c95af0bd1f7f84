import { Link, useLocation } from 'react-router';
import { adminPaths } from '../../../config/admin-paths.ts';

const ENTRIES = [
  { to: adminPaths.overview, label: 'Overview', end: true },
  { to: adminPaths.users, label: 'Users', end: false },
  { to: adminPaths.payments, label: 'Payments', end: false },
  { to: adminPaths.invoices, label: 'Invoices', end: false },
  { to: adminPaths.audit, label: 'Audit log', end: false },
];

const isActive = (entry: (typeof ENTRIES)[number], pathname: string) =>
  entry.end ? pathname === entry.to : pathname === entry.to || pathname.startsWith(`${entry.to}/`);

/** The console's sections; scrolls sideways on a phone rather than wrapping. */
export function AdminNav() {
  // Link and useLocation, not NavLink: the router lives in the landing's first chunk, and only
  // what the app uses of it is bundled there.
  const { pathname } = useLocation();
  return (
    <nav aria-label="Console" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-slate-200 dark:border-slate-800">
        {ENTRIES.map((entry) => (
          <li key={entry.to}>
            <Link
              to={entry.to}
              aria-current={isActive(entry, pathname) ? 'page' : undefined}
              className={`-mb-px block border-b-2 px-3 py-2 text-sm font-semibold ${
                isActive(entry, pathname)
                  ? 'border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300'
                  : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
              }`}
            >
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
