import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SharedExplanationView } from '@grasp/contract';

/** Turns what a share page may show into its HTML document. */
export interface SharePageRenderer {
  render(view: SharedExplanationView): Promise<string>;
}

/** What apps/web/src/app/share-render.tsx exports (built to dist/ssr/share-render.js). */
export interface ShareRenderModule {
  renderSharePage(view: SharedExplanationView, shell: string): Promise<string>;
  BARE_SHELL: string;
}

/** A renderer over the web app's module and a page shell. */
export function shareRendererOf(module: ShareRenderModule, shell: string): SharePageRenderer {
  return { render: (view) => module.renderSharePage(view, shell) };
}

/**
 * The web build's share page renderer: the app's own components, built for Node by
 * apps/web/share-page.mjs, with the shell that carries the app's head and styles. Null when the
 * web app has not been built (a server started from source before `npm run build`). The module
 * (React and the app's components) loads with the first share page to render: an instance that
 * never renders one does not hold it in memory.
 */
export function loadShareRenderer(webDist: string): SharePageRenderer | null {
  const modulePath = join(webDist, 'ssr', 'share-render.js');
  const shellPath = join(webDist, 'ssr', 'share-shell.html');
  if (!existsSync(modulePath) || !existsSync(shellPath)) return null;
  const shell = readFileSync(shellPath, 'utf8');
  let loaded: Promise<SharePageRenderer> | null = null;
  return {
    render(view) {
      loaded ??= import(pathToFileURL(modulePath).href).then(
        (module: ShareRenderModule) => shareRendererOf(module, shell),
        (error: unknown) => {
          loaded = null;
          throw error;
        },
      );
      return loaded.then((renderer) => renderer.render(view));
    },
  };
}
