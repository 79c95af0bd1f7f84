/** Business constants of SPEC.md §9. */
export const PRODUCT_NAME = 'Grasp';
export const REQUEST_TIMEOUT_MS = 30_000;
export const SESSION_LIFETIME_MS = 4 * 60 * 60 * 1000;
export const SESSION_CHECK_INTERVAL_MS = 60_000;
export const PIN_LENGTH = 4;
export const MOBILE_LENGTH = 10;
export const RESULT_LOADING_ROTATION_MS = 2_000;
export const DISTILLER_LOADING_ROTATION_MS = 3_000;
export const RECENT_ACTIVITY_COUNT = 5;
export const HISTORY_PREVIEW_LENGTH = 150;
export const SECTION_CLAMP_LENGTH = 150;
export const MAX_RELATED_CONCEPTS = 3;
export const GRAPH_ZOOM = { min: 0.5, max: 2 } as const;
export const GRAPH_SNAP_GRID = 15;
export const QUERY_MAX_LENGTH = 200;
export const SUBJECT_MAX_LENGTH = 500;

/**
 * Where people reach us; the server's SUPPORT_EMAIL / SUPPORT_PHONE override these defaults.
 * Here, not in billing.ts, so that the pricing page shows them without loading zod.
 */
export const DEFAULT_SUPPORT_CONTACT = {
  email: 'support@grasp.local',
  phone: '+91 98765 43210',
} as const;

/**
 * The meta tag in which the server hands every page its support contact (PublicConfig as JSON):
 * the public pages show it as HTML, and the app starts from it without asking the API.
 */
export const SUPPORT_CONTACT_META = 'grasp-support-contact';

/** A tel: link wants the number without spaces or dashes. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
