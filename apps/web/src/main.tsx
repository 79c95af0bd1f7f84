import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { EarlyInputReplay, takeEarlyInput } from './app/early-input.ts';
import { useSettings } from './features/settings/settings-store.ts';
import { startPartsLoaded } from './lib/lazy-part.ts';
import './index.css';

const root = document.getElementById('root');
if (root) {
  // Prerendered pages (prerender.mjs) arrive with their markup: React adopts it, not repaints it,
  // once the page's own parts are here (lazy-part.ts). As a transition, hydration yields to the
  // browser every few milliseconds instead of holding the main thread in one long task.
  if (root.hasChildNodes()) {
    void startPartsLoaded().then(() => {
      const held = takeEarlyInput();
      // Until now the page's own script switched the theme (public-page.js); the settings were
      // read when this code first ran, perhaps before such a switch, so they are read again.
      void useSettings.persist.rehydrate();
      startTransition(
        () =>
          void hydrateRoot(
            root,
            <StrictMode>
              <App />
              <EarlyInputReplay held={held} />
            </StrictMode>,
          ),
      );
    });
  } else {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
}
