import { StrokeIcon } from '../../components/ui/stroke-icon.tsx';
import { useSettings } from './settings-store.ts';

export function ThemeToggle() {
  const darkMode = useSettings((s) => s.darkMode);
  const toggle = useSettings((s) => s.toggleDarkMode);
  return (
    <button
      type="button"
      onClick={toggle}
      // Before the app has started, the public page's own script switches the theme (public-page.js).
      data-theme-toggle=""
      aria-pressed={darkMode}
      aria-label={darkMode ? 'Switch to light mode' : 'Switch to dark mode'}
      title={darkMode ? 'Light mode' : 'Dark mode'}
      className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      {/* The <html> class picks the icon, so a prerendered page shows the right one at once. */}
      <StrokeIcon>
        <g className="hidden dark:inline">
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </g>
        <path className="dark:hidden" d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </StrokeIcon>
    </button>
  );
}
