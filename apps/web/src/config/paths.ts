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
  /** Reminder settings: email and push, at the learner's hour (DESIGN.md §11). */
  reminders: '/reminders',
  /** The learner's account: profile, email, PIN, sessions, export, deletion (DESIGN.md §14). */
  account: '/account',
  forgotPin: '/forgot-pin',
  /** Mailed links land here: a new PIN, a new email address confirmed. */
  resetPin: '/reset-pin',
  confirmEmail: '/confirm-email',
  /** The operator's console (DESIGN.md §15): staff only, the 404 page for anyone else. */
  admin: '/admin',
} as const;

/** The signed-in app's pages: the service worker serves them offline, and no public page. */
export const APP_PAGES: readonly string[] = [
  paths.dashboard,
  paths.userDashboard,
  paths.distiller,
  paths.review,
  paths.reminders,
  paths.classes,
  paths.account,
];

/** The dashboard searches the query in this parameter of its address once, on arrival. */
export const SEARCH_PARAM = 'q';

/** The dashboard's address that explains `query` (through sign-in for a visitor). */
export function searchPath(query: string): string {
  return `${paths.dashboard}?${SEARCH_PARAM}=${encodeURIComponent(query)}`;
}

/**
 * The path the app started on; null while pages are prerendered at build time, and in the
 * service worker (no window in either).
 */
export const startPath: string | null =
  'window' in globalThis ? globalThis.location.pathname : null;
