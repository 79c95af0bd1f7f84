import { DEFAULT_SUPPORT_CONTACT, REQUEST_TIMEOUT_MS, SUPPORT_CONTACT_META } from '@grasp/contract';
import { useEffect, useState } from 'react';

export interface SupportContact {
  supportEmail: string;
  supportPhone: string;
}

export type SupportContactState =
  | { status: 'loading' }
  | { status: 'ready'; contact: SupportContact }
  | { status: 'failed' };

export const PUBLIC_CONFIG_PATH = '/api/config/public';

// Checked by hand rather than with the zod schema: this runs on the landing page, whose first
// chunk must stay small (DESIGN.md §6).
function isSupportContact(value: unknown): value is SupportContact {
  const v = value as Partial<SupportContact> | null;
  return typeof v?.supportEmail === 'string' && typeof v.supportPhone === 'string';
}

let pending: Promise<SupportContact | null> | null = null;

/**
 * The contact the page came with: the server writes its own into every page (spa.ts), and a
 * public page's HTML already shows it. At build time, the defaults the server then replaces.
 * Null only where no server wrote it (the Vite dev server): then the API is asked.
 */
export function pageSupportContact(): SupportContact | null {
  if (typeof document === 'undefined') {
    return {
      supportEmail: DEFAULT_SUPPORT_CONTACT.email,
      supportPhone: DEFAULT_SUPPORT_CONTACT.phone,
    };
  }
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${SUPPORT_CONTACT_META}"]`);
  try {
    const contact: unknown = JSON.parse(meta?.content ?? 'null');
    return isSupportContact(contact) ? contact : null;
  } catch {
    return null;
  }
}

/** The server's support email and phone, asked once per page load and shared by every caller. */
export function loadSupportContact(): Promise<SupportContact | null> {
  pending ??= fetch(PUBLIC_CONFIG_PATH, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
    .then((res) => (res.ok ? res.json() : null))
    .then((body: unknown) => (isSupportContact(body) ? body : null))
    .catch(() => null)
    .then((contact) => {
      // A failure is not cached: the next open may be back online.
      if (!contact) pending = null;
      return contact;
    });
  return pending;
}

/**
 * The contact details: the page's own, else loaded once `enabled` turns true (e.g. when a
 * popover first opens).
 */
export function useSupportContact(enabled = true): SupportContactState {
  const [state, setState] = useState<SupportContactState>(() => {
    const contact = pageSupportContact();
    return contact ? { status: 'ready', contact } : { status: 'loading' };
  });
  const known = state.status === 'ready';
  useEffect(() => {
    if (!enabled || known) return;
    let live = true;
    void loadSupportContact().then((contact) => {
      if (live) setState(contact ? { status: 'ready', contact } : { status: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [enabled, known]);
  return state;
}

/** Test hook: forget the shared answer. */
export function resetSupportContact(): void {
  pending = null;
}
