/**
 * Where the concept store persists its lists. Kept free of imports so the app shell can forget
 * a signed-out user's concepts without loading the dashboard chunk.
 */
export const CONCEPTS_STORAGE_KEY = 'grasp-concepts';

export function forgetSavedConcepts(): void {
  try {
    localStorage.removeItem(CONCEPTS_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode); there is then nothing to forget.
  }
}
