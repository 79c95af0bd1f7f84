import { PRODUCT_NAME } from '@grasp/contract';
import { Link } from 'react-router';
import { paths } from '../config/paths.ts';

const LINKS = [
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.terms, label: 'Terms and Conditions' },
  { to: paths.privacy, label: 'Privacy Policy' },
] as const;

export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-slate-200 print:hidden dark:border-slate-800">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 dark:text-slate-300">
        {/* A page prerendered last year keeps its year until rebuilt, instead of failing hydration. */}
        <p suppressHydrationWarning>
          {`© ${new Date().getFullYear()} ${PRODUCT_NAME}. Understand any concept in two minutes.`}
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="hover:text-indigo-700 hover:underline dark:hover:text-indigo-300"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
