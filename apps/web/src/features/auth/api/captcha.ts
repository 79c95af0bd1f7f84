import { type CaptchaChallenge, captchaChallengeSchema } from '@grasp/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const CAPTCHA_PATH = '/api/auth/captcha';

/** A fresh challenge each time: ALTCHA challenges are single-use on the server. */
export async function fetchCaptcha(signal?: AbortSignal): Promise<CaptchaChallenge> {
  const body = await apiRequest<unknown>(CAPTCHA_PATH, { signal });
  return captchaChallengeSchema.parse(body);
}
