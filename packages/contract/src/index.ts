export * from './api.ts';
export * from './constants.ts';
export * from './messages.ts';
export * from './plans.ts';
export * from './providers.ts';
export * from './settings.ts';
export * from './templates.ts';
export * from './user.ts';
