import { NavLink } from 'react-router';
import { Logo } from '../components/ui/logo.tsx';
import { paths } from '../config/paths.ts';
import { ThemeToggle } from '../features/settings/theme-toggle.tsx';

const LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.userDashboard, label: 'Dashboard' },
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.distiller, label: 'Distiller' },
];

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden gap-1 md:flex">
          {LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end
              className={({ isActive }) =>
                `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <ThemeToggle />
      </div>
    </header>
  );
}
