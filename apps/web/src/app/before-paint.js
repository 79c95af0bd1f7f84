// Runs before first paint (inlined into every page by vite.config.ts; the CSP allows it by its
// hash): a dark-mode user never sees a white flash, a signed-in user never sees the visitor's
// landing page, and the public pages' visitor-only controls stay hidden for a signed-in user.
(() => {
  const root = document.documentElement;
  let dark = false;
  let signedIn = false;
  try {
    const saved = JSON.parse(localStorage.getItem('grasp-settings') || 'null');
    const stored = saved?.state?.darkMode;
    dark =
      typeof stored === 'boolean'
        ? stored
        : window.matchMedia('(prefers-color-scheme: dark)').matches;
    // The same test as the app's auth store (auth-store.ts): a saved, unexpired session.
    const auth = JSON.parse(localStorage.getItem('grasp-auth') || 'null');
    signedIn =
      auth?.isAuthenticated === true &&
      typeof auth.token === 'string' &&
      auth.token !== '' &&
      Date.now() - auth.loginTime < SESSION_LIFETIME_MS;
  } catch {
    // Unreadable storage: a visitor in the light theme.
  }
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  root.classList.toggle('signed-in', signedIn);
  if (signedIn && location.pathname === '/') location.replace(`/dashboard${location.search}`);
})();
