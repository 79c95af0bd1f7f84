import { Suspense } from 'react';
import { Navigate } from 'react-router';
import { paths, startPath } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { lazyPart } from '../../lib/lazy-part.ts';
import { Hero } from './components/hero.tsx';
import { useConceptSearch } from './hooks/use-concept-search.ts';

// Below the fold: split off so the landing route's first chunk stays within its budget
// (DESIGN.md §6). When the app starts on /, it is requested at once, not at first render.
const LandingSections = lazyPart(
  () => import('./components/landing-sections.tsx').then((m) => m.LandingSections),
  startPath === paths.home,
);

/** / (SPEC.md §2): for visitors only; a signed-in user goes straight to the dashboard. */
export function LandingPage() {
  const signedIn = useAuth((s) => s.token !== null);
  const search = useConceptSearch();
  if (signedIn) return <Navigate to={paths.dashboard} replace />;
  return (
    <main id="main" className="flex-1">
      <Hero onSearch={search} />
      {/* Holds the footer below the fold until the sections arrive, so nothing visible shifts. */}
      <Suspense fallback={<div className="min-h-screen" />}>
        <LandingSections />
      </Suspense>
    </main>
  );
}
