import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { paths, startPath } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { Hero } from './components/hero.tsx';
import { useConceptSearch } from './hooks/use-concept-search.ts';

// Below the fold: split off so the landing route's first chunk stays within its budget
// (DESIGN.md §6). When the app starts on /, it is requested at once, not at first render.
let sections: Promise<typeof import('./components/landing-sections.tsx')> | null = null;
const loadSections = () => {
  sections ??= import('./components/landing-sections.tsx');
  return sections;
};
if (startPath === paths.home) void loadSections();
const LandingSections = lazy(() => loadSections().then((m) => ({ default: m.LandingSections })));

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
        <LandingSections onSearch={search} />
      </Suspense>
    </main>
  );
}
