import { PRODUCT_NAME } from '@grasp/contract';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

/**
 * The mark of public/favicon.svg, drawn in the page: as an <img> it cost a request and its own
 * SVG document, rendered on the main thread while the page loads.
 */
function LogoMark() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" className="shrink-0">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path
        d="M21 11.5a7 7 0 1 0 1 8.5h-6"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Logo() {
  return (
    <Link
      to={paths.home}
      className="flex shrink-0 items-center gap-2 text-lg font-bold tracking-tight"
    >
      <LogoMark />
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
