import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button.tsx';
import { paths } from '../config/paths.ts';
import { MobileMenu, navEntryClass } from './mobile-menu.tsx';

/** The landing page's sections; from any other page they lead back to it. */
export const VISITOR_LINKS = [
  { hash: '#features', label: 'Features' },
  { hash: '#how-it-works', label: 'How It Works' },
  { hash: '#pricing', label: 'Pricing' },
  { hash: '#contact', label: 'Contact' },
] as const;

/**
 * The visitor's section links (SPEC.md §2). A signed-in user's public page hides the visitor's
 * controls until the app shows the user's own (`data-visitor-only`, index.css).
 */
export function VisitorLinks() {
  return (
    <nav aria-label="Main" data-visitor-only="" className="hidden gap-1 md:flex">
      {VISITOR_LINKS.map((link) => (
        <Link
          key={link.hash}
          to={{ pathname: paths.home, hash: link.hash }}
          className={navEntryClass(false, true)}
        >
          {link.label}
        </Link>
      ))}
    </nav>
  );
}

/** Log In, Get Started and the small screens' menu, after the header's theme switch. */
export function VisitorActions() {
  return (
    <div data-visitor-only="" className="flex items-center gap-1 sm:gap-2">
      <Link
        to={paths.login}
        className="hidden rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 md:block dark:text-slate-200 dark:hover:bg-slate-800"
      >
        Log In
      </Link>
      <Link to={paths.register} className={`${buttonClass('primary')} whitespace-nowrap`}>
        Get Started
      </Link>
      <MobileMenu>
        {(close) => (
          <>
            {VISITOR_LINKS.map((link) => (
              <Link
                key={link.hash}
                to={{ pathname: paths.home, hash: link.hash }}
                onClick={close}
                className={navEntryClass(false, false)}
              >
                {link.label}
              </Link>
            ))}
            <Link to={paths.login} onClick={close} className={navEntryClass(false, false)}>
              Log In
            </Link>
          </>
        )}
      </MobileMenu>
    </div>
  );
}
