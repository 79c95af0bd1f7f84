import { lazy, Suspense } from 'react';
import { Logo } from '../components/ui/logo.tsx';
import { ThemeToggle } from '../features/settings/theme-toggle.tsx';
import { useAuth } from '../lib/auth-store.ts';
import { afterApiReady } from './api-ready.ts';
import { VisitorNav } from './visitor-nav.tsx';

// Only signed-in users need this bar, so it stays out of the landing page's first chunk.
const SignedInNav = lazy(() =>
  afterApiReady(() => import('./signed-in-nav.tsx')).then((m) => ({ default: m.SignedInNav })),
);

/** Sticky on every screen: the visitor's header, or the signed-in navigation bar. */
export function SiteHeader() {
  const signedIn = useAuth((s) => s.user !== null);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden dark:border-slate-800 dark:bg-slate-950/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <Logo />
        {signedIn ? (
          <Suspense
            fallback={
              <div className="ml-auto">
                <ThemeToggle />
              </div>
            }
          >
            <SignedInNav />
          </Suspense>
        ) : (
          <VisitorNav />
        )}
      </div>
    </header>
  );
}
