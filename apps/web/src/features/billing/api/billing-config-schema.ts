// Its own module so that billing-config.ts can load it when the answer comes (see there).
export { billingConfigResponseSchema } from '@grasp/contract';
