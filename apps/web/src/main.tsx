import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { router } from './app/router';
import './styles/global.css';

// zod compiles its object parsers with `new Function` unless told not to, and probes for it with one
// when the first schema is made: the shop's CSP forbids eval, so every page that loaded the schemas
// reported a CSP violation (Lighthouse best practices). Set before any schema chunk runs (zod reads
// this object as its config); interpreted parsing is fast enough for the shop's small answers.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

const root = document.getElementById('root')!;
// StrictMode's checks run in development only; the production entry does without its wrapper.
const app = import.meta.env.DEV ? (
  <StrictMode>
    <App />
  </StrictMode>
) : (
  <App />
);
// The first render is a transition: React may split its work into short tasks, so the page stays
// responsive while it renders (Lighthouse's total blocking time, docs/performance.md).
const start = () => startTransition(() => createRoot(root).render(app));
// A page the server sent prerendered (docs/performance.md) stays as it is until its route has loaded
// (lazy routes, loaders): React then replaces it with the same page in one commit, never with the
// loading spinner in between (its paint-first.js makes the new page usable once React has committed).
if (root.firstChild && !router.state.initialized) {
  const stop = router.subscribe((state) => {
    if (state.initialized) {
      stop();
      start();
    }
  });
} else start();

// The service worker (docs/rules/offline.md) once the page has loaded: its registration code is a
// chunk of its own, never part of the first paint. Not in development, where Vite serves no /sw.js.
// A prerendered page starts this entry after its first paint, usually after `load` has fired: then
// it registers at once (waiting for a `load` that has gone registered nothing on those pages). The
// browser's support is checked in that chunk: the first paint is within a few bytes of its budget.
if (import.meta.env.PROD) {
  const register = () => void import('./features/pwa/register').then((pwa) => pwa.registerWhereSupported());
  if (document.readyState === 'complete') register();
  else addEventListener('load', register);
}
