import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { applyTheme, useSettings } from '../features/settings/settings-store.ts';
import { afterApiReady } from './api-ready.ts';
import { AppRoutes } from './routes.tsx';

// The session re-check calls the API, so it waits for the client (see api-ready.ts).
const SessionGuard = lazy(() =>
  afterApiReady(() => import('./session-guard.tsx')).then((m) => ({ default: m.SessionGuard })),
);

export function App() {
  const darkMode = useSettings((s) => s.darkMode);
  useEffect(() => applyTheme(darkMode), [darkMode]);
  return (
    <>
      <Suspense fallback={null}>
        <SessionGuard />
      </Suspense>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </>
  );
}
