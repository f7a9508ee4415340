import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles/global.css';

// zod compiles its object parsers with `new Function` unless told not to, and probes for it with one
// when the first schema is made: the shop's CSP forbids eval, so every page that loaded the schemas
// reported a CSP violation (Lighthouse best practices). Set before any schema chunk runs (zod reads
// this object as its config); interpreted parsing is fast enough for the shop's small answers.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (docs/rules/offline.md) once the page has loaded: its registration code is a
// chunk of its own, never part of the first paint. Not in development, where Vite serves no /sw.js.
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  addEventListener('load', () => void import('./features/pwa/register').then((pwa) => pwa.registerServiceWorker()));
