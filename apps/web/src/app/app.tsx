import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { applyTheme, useSettings } from '../features/settings/settings-store.ts';
import { afterApiReady } from './api-ready.ts';
import { AppRoutes } from './routes.tsx';

// The session re-check calls the API, so it waits for the client (see api-ready.ts).
const SessionGuard = lazy(() =>
  afterApiReady(() => import('./session-guard.tsx')).then((m) => ({ default: m.SessionGuard })),
);

/**
 * Follows the theme setting outside React's rendering: re-rendering the app for it while a
 * prerendered page is still being hydrated would throw that page's markup away.
 */
function useThemeClass() {
  useEffect(() => {
    applyTheme(useSettings.getState().darkMode);
    return useSettings.subscribe((s, before) => {
      if (s.darkMode !== before.darkMode) applyTheme(s.darkMode);
    });
  }, []);
}

/** The whole app; prerendering passes a router that renders one fixed address. */
export function App({
  Router = BrowserRouter,
}: {
  Router?: ComponentType<{ children: ReactNode }>;
}) {
  useThemeClass();
  return (
    <>
      <Suspense fallback={null}>
        <SessionGuard />
      </Suspense>
      <Router>
        <AppRoutes />
      </Router>
    </>
  );
}
