import { ERROR_MESSAGES, PRODUCT_NAME, type ShareVisibility, shareText } from '@grasp/contract';
import { useShares } from '../stores/share-store.ts';

/** How a share ended: the link shared or copied, the sheet closed, or the link not made. */
export type ShareOutcome =
  | { kind: 'shared' | 'copied' | 'cancelled' }
  /** Neither a share sheet nor the clipboard took it: the link is shown to copy by hand. */
  | { kind: 'manual'; url: string }
  | { kind: 'failed'; error: unknown };

/**
 * Shares an explanation (SPEC.md §2) through its public link (POST /api/share; the same link
 * each time): the device's share sheet when there is one, else the link goes to the clipboard.
 * A cancelled or refused share sheet needs no message.
 */
export async function shareConcept(
  query: string,
  explanationId: string,
  visibility?: ShareVisibility,
): Promise<ShareOutcome> {
  let url: string;
  try {
    url = (await useShares.getState().linkFor(explanationId, visibility)).url;
  } catch (error) {
    console.error('Share link not created', error);
    return { kind: 'failed', error };
  }
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({
        title: `${PRODUCT_NAME}: ${query}`,
        text: shareText(query),
        url,
      });
      return { kind: 'shared' };
    } catch {
      // The user closed the sheet, or the browser refused; nothing to tell them.
      return { kind: 'cancelled' };
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    window.alert(ERROR_MESSAGES.linkCopied);
    return { kind: 'copied' };
  } catch {
    // No clipboard access (insecure context, denied): the link is shown instead.
    return { kind: 'manual', url };
  }
}
