// Runs before first paint so a dark-mode user never sees a white flash.
(() => {
  let dark = false;
  try {
    const saved = JSON.parse(localStorage.getItem('grasp-settings') || 'null');
    const stored = saved?.state?.darkMode;
    dark =
      typeof stored === 'boolean'
        ? stored
        : window.matchMedia('(prefers-color-scheme: dark)').matches;
  } catch {
    // Unreadable storage: keep the light theme.
  }
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
