import { lazy, Suspense } from 'react';
import { Logo } from '../components/ui/logo.tsx';
import { ThemeToggle } from '../features/settings/theme-toggle.tsx';
import { useAuth } from '../lib/auth-store.ts';
import { afterApiReady } from './api-ready.ts';
import { VisitorActions, VisitorLinks } from './visitor-nav.tsx';

// Only signed-in users need this bar, so it stays out of the landing page's first chunk; its three
// parts come with one load.
let signedInBar: Promise<typeof import('./signed-in-nav.tsx')> | undefined;
const loadSignedInBar = () => (signedInBar ??= afterApiReady(() => import('./signed-in-nav.tsx')));
const SignedInLinks = lazy(() => loadSignedInBar().then((m) => ({ default: m.SignedInLinks })));
const SignedInContact = lazy(() => loadSignedInBar().then((m) => ({ default: m.SignedInContact })));
const SignedInActions = lazy(() => loadSignedInBar().then((m) => ({ default: m.SignedInActions })));

/**
 * Sticky on every screen: the visitor's header, or the signed-in navigation bar. The theme switch
 * is the header's own, outside both: a signed-in user's prerendered page hydrates as a visitor's
 * and then shows the user's bar, and that same button stays, so a press begun before the swap
 * still ends in a click (a new button under the pointer would get no click at all).
 */
export function SiteHeader() {
  const signedIn = useAuth((s) => s.user !== null);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden dark:border-slate-800 dark:bg-slate-950/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <Logo />
        {signedIn ? (
          <Suspense fallback={null}>
            <SignedInLinks />
          </Suspense>
        ) : (
          <VisitorLinks />
        )}
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {signedIn ? (
            <Suspense fallback={null}>
              <SignedInContact />
            </Suspense>
          ) : null}
          <ThemeToggle />
          {signedIn ? (
            <Suspense fallback={null}>
              <SignedInActions />
            </Suspense>
          ) : (
            <VisitorActions />
          )}
        </div>
      </div>
    </header>
  );
}
