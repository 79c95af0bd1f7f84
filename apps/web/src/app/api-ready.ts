/**
 * The API client and its error messages are not needed to show the landing page, so they load
 * on their own, right at start-up, instead of in the first chunk (DESIGN.md §6's budget).
 */
export const apiReady: Promise<void> = import('./api-setup.ts').then((m) => m.setupApiClient());

/**
 * For lazy modules that may call the API (pages, the signed-in bar, the session check): loads
 * the module in parallel with the client and resolves only once the client is wired, so no call
 * can go out without its token or 401 handling.
 */
export function afterApiReady<T>(load: () => Promise<T>): Promise<T> {
  return Promise.all([apiReady, load()]).then(([, module]) => module);
}
