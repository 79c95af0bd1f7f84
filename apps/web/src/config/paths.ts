/** Every client route in one place (SPEC.md §2). */
export const paths = {
  home: '/',
  login: '/login',
  register: '/login?register=true',
  pricing: '/pricing',
  /** Another reading's target of the user dashboard's Upgrade button; redirects to /pricing. */
  upgrade: '/upgrade',
  verifyEmail: '/verify-email',
  paymentStatus: '/payment-status',
  terms: '/terms',
  privacy: '/privacy',
  dashboard: '/dashboard',
  userDashboard: '/user-dashboard',
  distiller: '/distiller',
  /** Spaced recaps of what the user explained (DESIGN.md §8). */
  review: '/review',
  /** Classes (DESIGN.md §13); a join link is /join/{joinCode}. */
  classes: '/classes',
} as const;

/** The dashboard searches the query in this parameter of its address once, on arrival. */
export const SEARCH_PARAM = 'q';

/** The dashboard's address that explains `query` (through sign-in for a visitor). */
export function searchPath(query: string): string {
  return `${paths.dashboard}?${SEARCH_PARAM}=${encodeURIComponent(query)}`;
}

/** The path the app started on; null while pages are prerendered at build time (no window). */
export const startPath: string | null =
  typeof window === 'undefined' ? null : window.location.pathname;
