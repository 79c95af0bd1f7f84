import { paths } from '../config/paths.ts';

/**
 * The page a reminder's click opens: a page of this app only. Any other address the payload names
 * (another site, a script URL) is ignored for the recaps, so a push can never send a learner
 * elsewhere.
 */
export function notificationTarget(data: unknown, origin: string): string {
  const fallback = new URL(paths.review, origin).href;
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : null;
  if (typeof url !== 'string' || url === '') return fallback;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : fallback;
  } catch {
    return fallback;
  }
}
