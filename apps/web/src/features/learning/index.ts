/** The learning feature's public part for other features: the auth feature clears it at sign-out. */
export { forgetOfflineData } from './lib/offline-reviews.ts';
