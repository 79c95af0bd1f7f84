import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { EarlyInputReplay, takeEarlyInput } from './app/early-input.ts';
import { adoptShownTheme } from './features/settings/settings-store.ts';
import { startPartsLoaded } from './lib/lazy-part.ts';
import './index.css';

const root = document.getElementById('root');
if (root) {
  // Prerendered pages (prerender.mjs) arrive with their markup: React adopts it, not repaints it,
  // once the page's own parts are here (lazy-part.ts). As a transition, hydration yields to the
  // browser every few milliseconds instead of holding the main thread in one long task.
  if (root.hasChildNodes()) {
    void startPartsLoaded().then(() => {
      // The hand-over: the page's script stops handling input (and the theme switch), and in the
      // same task the app takes the theme the page shows; React's listeners come next.
      const held = takeEarlyInput();
      adoptShownTheme();
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
    adoptShownTheme();
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
}
