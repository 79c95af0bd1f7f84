import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { paths } from '../config/paths.ts';
import { App } from './app.tsx';

/**
 * The visitor pages whose HTML is rendered at build time (prerender.mjs), so their largest
 * text paints before any script runs. Each must render the same for every visitor: what
 * depends on the browser (session, theme) only changes after hydration.
 */
export const PRERENDERED_PATHS = [paths.home, paths.pricing, paths.terms, paths.privacy];

/** Loaded at start on every page: the API client's set-up and the session check (app.tsx). */
const ALWAYS = ['src/app/api-setup.ts', 'src/app/session-guard.tsx'];

/**
 * The lazy modules each prerendered page loads at start (routes.tsx, landing-page.tsx), as the
 * build's manifest names them: the page requests them with the app's entry, in one round, so it
 * hydrates sooner. One missing here still loads, a round later; one unknown fails the build.
 */
export const START_MODULES: Record<string, string[]> = {
  [paths.home]: [...ALWAYS, 'src/features/landing/components/landing-sections.tsx'],
  [paths.pricing]: [...ALWAYS, 'src/features/billing/pricing-page.tsx'],
  [paths.terms]: [...ALWAYS, 'src/features/legal/terms-page.tsx'],
  [paths.privacy]: [...ALWAYS, 'src/features/legal/privacy-page.tsx'],
};

/** The markup of the app at `path`, once every lazy part of it has loaded. */
export async function renderPage(path: string): Promise<string> {
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={path}>{children}</StaticRouter>
  );
  const { prelude } = await prerender(
    <StrictMode>
      <App Router={Router} />
    </StrictMode>,
    // Large parts would otherwise come as separate chunks put in place by inline scripts.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
