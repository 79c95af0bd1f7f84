import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startPartsLoaded } from './lib/lazy-part.ts';
import './index.css';

const root = document.getElementById('root');
if (root) {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // Prerendered pages (prerender.mjs) arrive with their markup: React adopts it, not repaints it,
  // once the page's own parts are here (lazy-part.ts). As a transition, hydration yields to the
  // browser every few milliseconds instead of holding the main thread in one long task.
  if (root.hasChildNodes()) {
    void startPartsLoaded().then(() => startTransition(() => void hydrateRoot(root, app)));
  } else {
    createRoot(root).render(app);
  }
}
