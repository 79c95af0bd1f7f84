/** Caches the service worker fills; the app empties the per-user one at sign-out. */
export const APP_SHELL_CACHE = 'grasp-app-shell';
export const USER_API_CACHE = 'grasp-user-api';
