import type { ReactNode } from 'react';
import { StaticRouter } from 'react-router';
import { paths } from '../config/paths.ts';
import { App } from './app.tsx';
import { renderMarkup } from './render-markup.tsx';

/**
 * The visitor pages whose HTML is rendered at build time (prerender.mjs), so their largest
 * text paints before any script runs. Each must render the same for every visitor: what
 * depends on the browser (session, theme) only changes after hydration.
 */
export const PRERENDERED_PATHS = [paths.home, paths.pricing, paths.terms, paths.privacy];

/**
 * An address no route has: the app's 404 page, which the server sends (status 404) for a share
 * link that does not exist or was revoked. Not a route of its own (spa.ts).
 */
export const NOT_FOUND_PATH = '/404';

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
  [NOT_FOUND_PATH]: [...ALWAYS, 'src/features/misc/not-found-page.tsx'],
};

/** The markup of the app at `path`, once every lazy part of it has loaded. */
export async function renderPage(path: string): Promise<string> {
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={path}>{children}</StaticRouter>
  );
  return renderMarkup(<App Router={Router} />);
}
