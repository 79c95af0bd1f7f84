import { useEffect } from 'react';

declare global {
  interface Window {
    /** Set by public-page.js on prerendered pages: stops holding input, returns what it held. */
    graspEarlyInput?: () => Element[];
  }
}

/**
 * What the visitor clicked or submitted on the prerendered page before the app was there, oldest
 * first. From this call on, React's own listeners take the input, so none is done twice.
 */
export function takeEarlyInput(): Element[] {
  return window.graspEarlyInput?.() ?? [];
}

/** Does again what was held, once the page has hydrated: React now handles it. */
export function replayEarlyInput(held: Element[]): void {
  for (const element of held) {
    // A control that hydration replaced is gone; its click can no longer mean anything.
    if (!element.isConnected) continue;
    if (element instanceof HTMLFormElement) element.requestSubmit();
    else if (element instanceof HTMLElement) element.click();
  }
}

/** Rendered beside the app when it hydrates: replays the held input after the first commit. */
export function EarlyInputReplay({ held }: { held: Element[] }) {
  useEffect(() => {
    // In a task of its own, not in React's commit: only there does a click on a part still to
    // be hydrated make React hydrate that part at once and hand it the click.
    const timer = setTimeout(() => replayEarlyInput(held.splice(0)));
    return () => clearTimeout(timer);
  }, [held]);
  return null;
}
