import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { useSessionGuard } from '../features/auth/use-session-guard.ts';
import { applyTheme, useSettings } from '../features/settings/settings-store.ts';
import { configureApiClient } from '../lib/api-client.ts';
import { useAuth } from '../lib/auth-store.ts';
import { AppRoutes } from './routes.tsx';

configureApiClient({
  getToken: () => useAuth.getState().token,
  onUnauthorized: () => useAuth.getState().signOut(),
});

export function App() {
  const darkMode = useSettings((s) => s.darkMode);
  useEffect(() => applyTheme(darkMode), [darkMode]);
  useSessionGuard();
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
