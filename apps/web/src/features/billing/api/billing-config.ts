import { type BillingConfigResponse, billingConfigResponseSchema } from '@grasp/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const BILLING_CONFIG_PATH = '/api/payment/config';

/** Which checkout the pay button opens and whom to contact; null when it cannot be read. */
export async function fetchBillingConfig(
  signal?: AbortSignal,
): Promise<BillingConfigResponse | null> {
  try {
    const parsed = billingConfigResponseSchema.safeParse(
      await apiRequest<unknown>(BILLING_CONFIG_PATH, { signal }),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
