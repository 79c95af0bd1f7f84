import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * One-click unsubscribe links (RFC 8058): the user's id and an HMAC of it under a key derived
 * for this purpose only, so a token can do nothing else, needs no row, and never expires (an old
 * email's link must keep working).
 */
export function createUnsubscribeTokens(secret: string) {
  const key = createHmac('sha256', secret).update('grasp/reminders/unsubscribe/v1').digest();
  const mac = (userId: string) => createHmac('sha256', key).update(userId).digest();
  return {
    sign: (userId: string) => `${userId}.${mac(userId).toString('base64url')}`,
    /** The user the token was made for, or null for a forged or damaged one. */
    verify(token: string): string | null {
      const dot = token.lastIndexOf('.');
      if (dot <= 0) return null;
      const userId = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = mac(userId);
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
