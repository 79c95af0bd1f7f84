import { ERROR_MESSAGES, PRODUCT_NAME } from '@grasp/contract';

/**
 * Shares the current page (SPEC.md §2): the device's share sheet when there is one, else the
 * address goes to the clipboard. A cancelled or refused share needs no message.
 */
export async function shareConcept(query: string): Promise<void> {
  const url = window.location.href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({
        title: `${PRODUCT_NAME}: ${query}`,
        text: `Learn about ${query} in just 2 minutes!`,
        url,
      });
    } catch {
      // The user closed the sheet, or the browser refused; nothing to tell them.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    window.alert(ERROR_MESSAGES.linkCopied);
  } catch {
    // No clipboard access (insecure context, denied); nothing useful to tell them.
  }
}
