// Renders the pages of src/app/prerender-page.tsx to HTML after the browser build: `vite build --ssr`
// compiles that module for Node, and its markup goes to dist/prerendered.json, which the server puts
// inside `#root` of those pages' documents (docs/performance.md). Run by `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist-prerender');

await build({ root, logLevel: 'warn', build: { ssr: 'src/app/prerender-page.tsx' } });

// The app's modules read the browser's storage and listen on its window as they load: a visitor with
// nothing stored, on a window nothing happens to.
function memoryStorage() {
  const values = new Map();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
    clear: () => values.clear(),
  };
}
Object.assign(globalThis, {
  localStorage: memoryStorage(),
  sessionStorage: memoryStorage(),
  window: { addEventListener() {}, removeEventListener() {} },
});

const { PRERENDERED_PATHS, prerenderPage } = await import(pathToFileURL(path.join(outDir, 'prerender-page.js')).href);
// The server links a prerendered page's stylesheets from its route hints (vite.config.ts): without
// them its markup would paint unstyled.
const hints = JSON.parse(fs.readFileSync(path.join(root, 'dist', 'route-hints.json'), 'utf8'));
// A `/x/*` page is rendered for one address under it; its markup must not name that address.
const placeholder = 'prerendered-address';
const pages = {};
for (const pathname of PRERENDERED_PATHS) {
  if (!hints[pathname]) throw new Error(`prerender: ${pathname} has no route hints in vite.config.ts`);
  const page = await prerenderPage(pathname.replace(/\*$/, placeholder));
  if (page.html.includes(placeholder)) throw new Error(`prerender: ${pathname} shows its address's parameter`);
  pages[pathname] = page;
}
fs.writeFileSync(path.join(root, 'dist', 'prerendered.json'), JSON.stringify(pages));
fs.rmSync(outDir, { recursive: true, force: true });
console.log(`prerendered ${PRERENDERED_PATHS.length} pages`);
// The rendered modules leave timers behind: with the `window` above, TanStack Query takes this for a
// browser and keeps each cached query's five-minute garbage-collection timer, which would hold the
// build for five minutes. Everything is written, so the script ends here.
process.exit(0);
