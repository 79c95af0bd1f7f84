import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './index.css';

const root = document.getElementById('root');
if (root) {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // Prerendered pages (prerender.mjs) arrive with their markup: React adopts it, not repaints it.
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread in one long task while the page is already on screen.
  if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
