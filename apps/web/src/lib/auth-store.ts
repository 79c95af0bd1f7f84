import { SESSION_LIFETIME_MS, type User } from '@grasp/contract';
import { create } from 'zustand';

/** localStorage keys of SPEC.md §3: the saved auth record, and the token on its own. */
export const AUTH_STORAGE_KEY = 'grasp-auth';
export const TOKEN_STORAGE_KEY = 'auth_token';

export interface AuthRecord {
  isAuthenticated: boolean;
  user: User;
  token: string;
  loginTime: number;
}

interface AuthState {
  user: User | null;
  token: string | null;
  loginTime: number | null;
  /** The last sign-out was the user's own ("Sign out"), not an expiry or a refused session. */
  signedOutByChoice: boolean;
  signIn: (user: User, token: string, now?: number) => void;
  setUser: (user: User) => void;
  signOut: (byChoice?: boolean) => void;
}

export function isExpired(loginTime: number, now = Date.now()): boolean {
  return now - loginTime >= SESSION_LIFETIME_MS;
}

function readSaved(): AuthRecord | null {
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    const record = raw ? (JSON.parse(raw) as AuthRecord) : null;
    if (!record?.isAuthenticated || !record.token || isExpired(record.loginTime)) return null;
    return record;
  } catch {
    return null;
  }
}

function save(record: AuthRecord | null): void {
  if (record) {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(record));
    localStorage.setItem(TOKEN_STORAGE_KEY, record.token);
  } else {
    localStorage.removeItem(AUTH_STORAGE_KEY);
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  }
}

const signOutListeners = new Set<() => void>();

export const useAuth = create<AuthState>()((set, get) => ({
  user: null,
  token: null,
  loginTime: null,
  signedOutByChoice: false,
  signIn: (user, token, now = Date.now()) => {
    save({ isAuthenticated: true, user, token, loginTime: now });
    set({ user, token, loginTime: now, signedOutByChoice: false });
  },
  setUser: (user) => {
    const { token, loginTime } = get();
    if (!token || loginTime === null) return;
    save({ isAuthenticated: true, user, token, loginTime });
    set({ user });
  },
  signOut: (byChoice = false) => {
    save(null);
    set({ user: null, token: null, loginTime: null, signedOutByChoice: byChoice });
    for (const listener of signOutListeners) listener();
  },
}));

/** A session was saved on this device but can no longer be used (expired or unreadable). */
export function savedSessionLapsed(): boolean {
  try {
    return localStorage.getItem(AUTH_STORAGE_KEY) !== null && readSaved() === null;
  } catch {
    return false;
  }
}

/** Other features (the concept store) clear their own state on sign-out through this. */
export function onSignOut(listener: () => void): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

/**
 * The saved session comes in after creation: the store's initial state stays the visitor's,
 * which is what prerendered pages were rendered with, and React hydrates them with it (zustand
 * hands it over as the server snapshot) before it re-renders with the signed-in user.
 */
const saved = typeof localStorage === 'undefined' ? null : readSaved();
if (saved) useAuth.setState({ user: saved.user, token: saved.token, loginTime: saved.loginTime });
