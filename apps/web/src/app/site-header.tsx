import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router';
import { Logo } from '../components/ui/logo.tsx';
import { paths } from '../config/paths.ts';
import { SignedOutLinks } from '../features/auth/signed-out-links.tsx';
import { ThemeToggle } from '../features/settings/theme-toggle.tsx';
import { useAuth } from '../lib/auth-store.ts';

// Only signed-in users need the profile menu, so it stays out of the landing page's first chunk.
const SignedInControls = lazy(() =>
  import('../features/auth/signed-in-controls.tsx').then((m) => ({
    default: m.SignedInControls,
  })),
);

const LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.userDashboard, label: 'Dashboard' },
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.distiller, label: 'Distiller' },
];

function MainNav() {
  return (
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
  );
}

function AccountArea() {
  const signedIn = useAuth((s) => s.user !== null);
  if (!signedIn) return <SignedOutLinks />;
  return (
    <Suspense fallback={<span aria-hidden="true" className="h-9 w-9" />}>
      <SignedInControls />
    </Suspense>
  );
}

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <Logo />
        <MainNav />
        <div className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <AccountArea />
        </div>
      </div>
    </header>
  );
}
