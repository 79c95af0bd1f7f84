import type { BillingConfigResponse } from '@grasp/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const BILLING_CONFIG_PATH = '/api/payment/config';

/** Which checkout the pay button opens and whom to contact; null when it cannot be read. */
export async function fetchBillingConfig(
  signal?: AbortSignal,
): Promise<BillingConfigResponse | null> {
  try {
    // The schema loads with the request, not with the page: it brings zod, which would be a
    // quarter of the pricing page's start-up script.
    const [{ billingConfigResponseSchema }, answer] = await Promise.all([
      import('./billing-config-schema.ts'),
      apiRequest<unknown>(BILLING_CONFIG_PATH, { signal }),
    ]);
    const parsed = billingConfigResponseSchema.safeParse(answer);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
