import type { SharedExplanationView } from '@grasp/contract';
import { StaticRouter } from 'react-router';
import { ShareHead } from '../features/share/components/share-head.tsx';
import { SharePage } from '../features/share/components/share-page.tsx';
import { renderMarkup } from './render-markup.tsx';

/**
 * The server's entry to the web app (built by share-page.mjs into dist/ssr/share-render.js, with
 * everything it needs inside): renders share pages with the app's own components and the same
 * renderer as the prerendered pages. The server fills a page shell the build made from
 * index.html (dist/ssr/share-shell.html: the app's head and the stylesheet rules these pages use,
 * no module script); before a build, BARE_SHELL.
 */
export { SHARE_FIXTURE } from '../features/share/testing/share-fixture.ts';

export const HEAD_SLOT = '<!--share-head-->';
export const BODY_SLOT = '<!--share-body-->';

/** A shell with nothing of the build: tests and a server started before `npm run build`. */
export const BARE_SHELL = `<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0">${HEAD_SLOT}</head><body>${BODY_SLOT}</body></html>`;

/** The whole HTML document of a share page. */
export async function renderSharePage(view: SharedExplanationView, shell: string): Promise<string> {
  const path = new URL(view.url).pathname;
  const [head, body] = await Promise.all([
    renderMarkup(<ShareHead view={view} />),
    renderMarkup(
      <StaticRouter location={path}>
        <SharePage view={view} />
      </StaticRouter>,
    ),
  ]);
  // Functions as replacements: a `$&` in the text must stay text.
  return shell
    .replace('<html lang="en">', () => `<html lang="${view.language}">`)
    .replace(HEAD_SLOT, () => head)
    .replace(BODY_SLOT, () => body);
}
