import { NavLink } from 'react-router';
import { adminPaths } from '../../../config/paths.ts';

const ENTRIES = [
  { to: adminPaths.overview, label: 'Overview', end: true },
  { to: adminPaths.users, label: 'Users', end: false },
  { to: adminPaths.payments, label: 'Payments', end: false },
  { to: adminPaths.invoices, label: 'Invoices', end: false },
  { to: adminPaths.audit, label: 'Audit log', end: false },
];

/** The console's sections; scrolls sideways on a phone rather than wrapping. */
export function AdminNav() {
  return (
    <nav aria-label="Console" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-slate-200 dark:border-slate-800">
        {ENTRIES.map((entry) => (
          <li key={entry.to}>
            <NavLink
              to={entry.to}
              end={entry.end}
              className={({ isActive }) =>
                `-mb-px block border-b-2 px-3 py-2 text-sm font-semibold ${
                  isActive
                    ? 'border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300'
                    : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
                }`
              }
            >
              {entry.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
