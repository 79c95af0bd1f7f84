/** Reminders (DESIGN.md §11): what other features may use. */
export { forgetThisDevice } from './lib/push.ts';
