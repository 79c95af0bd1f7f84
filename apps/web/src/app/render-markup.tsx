import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';

/**
 * The one way the app's components become HTML outside the browser: the prerendered pages at
 * build time (prerender.tsx) and the share pages on the server (share-render.tsx). It waits for
 * every lazy part, so the markup is whole.
 */
export async function renderMarkup(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>{node}</StrictMode>,
    // Large parts would otherwise come as separate chunks put in place by inline scripts.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
