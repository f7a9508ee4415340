import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Alias, type Plugin, type UserConfig } from 'vite';
import { gzipAsync } from '@gfx/zopfli';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Writes .br and .gz next to every text file of the build, so the server sends them without compressing per request.
 * The .gz is zopfli's (plain gzip that every browser reads, about 4% smaller than zlib's level 9), or
 * zlib's when that is smaller: it is what a client without brotli receives (docs/performance.md).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kujiya-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const bytes = fs.readFileSync(file);
        if (bytes.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        const zlibGzip = zlib.gzipSync(bytes, { level: 9 });
        const zopfliGzip = await gzipAsync(bytes, { numiterations: 5 });
        fs.writeFileSync(`${file}.gz`, zopfliGzip.length < zlibGzip.length ? zopfliGzip : zlibGzip);
      }
    },
  };
}

/**
 * Puts the entry's stylesheet (a few KB) into index.html as a <style>: a <link> to it blocked the
 * first paint for one more round trip (docs/performance.md). The CSP allows inline styles.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'kujiya-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
          const asset = ctx.bundle?.[fileName];
          if (!asset || asset.type !== 'asset') return tag;
          // No chunk lists it any more: Vite's loader would otherwise add it again as a <link> (it sees
          // no link for it) when a chunk that imports the entry loads another, and the second copy,
          // after the pages' styles, overrode them and moved the page (docs/performance.md).
          for (const item of Object.values(ctx.bundle ?? {}))
            if (item.type === 'chunk') item.viteMetadata?.importedCss.delete(fileName);
          return `<style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}

/**
 * The modules each hinted route loads before its first screen (its route's lazy loader imports them);
 * `*` is every other document: the frame and the route table of the pages other than home, which the
 * router adds on demand (app/router.tsx). The page's own chunk follows from that table.
 */
const routeModules: Record<string, string[]> = {
  '/': ['src/app/layout/RootLayout.tsx', 'src/features/home/components/HomePage.tsx'],
  '/ichiban-kuji-products': [
    'src/app/layout/RootLayout.tsx',
    'src/app/query-provider.tsx',
    'src/app/zod-step.ts',
    'src/app/schemas-step.ts',
    'src/app/shop/ProductListRoute.tsx',
  ],
  '*': ['src/app/layout/RootLayout.tsx', 'src/app/site-routes.tsx'],
  ...sitePageModules({
    '/login': 'auth/components/LoginPage',
    '/sign-up': 'auth/components/SignUpPage',
    '/verify-email': 'auth/components/VerifyEmailPage',
    '/verify': 'auth/components/VerifyPage',
    '/terms-and-conditions': 'info/components/TermsPage',
    '/shipping-and-delivery': 'info/components/ShippingPage',
    '/faq': 'info/components/FaqPage',
    '/privacy': 'info/components/PrivacyPage',
    '/reset-password-verify': 'auth/components/ResetPasswordVerifyPage',
    '/about-us': 'info/components/AboutPage',
    '/how-it-works': 'info/components/HowItWorksPage',
    '/contact-us': 'info/components/ContactPage',
    '/blind-boxes-products': 'info/components/BlindBoxesPage',
    '/fairness/*': 'fairness/components/FairnessPage',
  }),
  // Behind the login guard, which is a chunk of its own.
  ...sitePageModules(
    {
      '/orders': 'orders/components/OrdersPage',
      '/inventory': 'inventory/components/InventoryPage',
      '/trading-marketplace': 'trading/components/TradingMarketplacePage',
      '/tokens': 'tokens/components/TokensPage',
    },
    ['src/components/RequireAuth.tsx'],
  ),
};

/**
 * Images a hinted route shows on its first screen from public/ (no chunk names them): the server
 * preloads them with the page's chunks, so the largest of them (home's ticket fan, its LCP element)
 * does not wait for the script that renders it (docs/performance.md).
 */
const routeImages: Record<string, string[]> = {
  '/': ['/art/promo-tickets.svg'],
};

/**
 * The pages of the site route table that the bench measures (bench/lighthouse.ts) or the build
 * prerenders (src/app/prerender-page.tsx, whose stylesheets the server links from these): each also names
 * its page's chunk and the query client's, which it loads after the route table, so they download
 * with the entry instead of one round trip after another (docs/performance.md). `/x/*` is a prefix.
 */
function sitePageModules(pages: Record<string, string>, guards: string[] = []): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(pages).map(([route, page]) => [
      route,
      [
        'src/app/layout/RootLayout.tsx',
        'src/app/site-routes.tsx',
        'src/app/query-provider.tsx',
        ...guards,
        `src/features/${page}.tsx`,
      ],
    ]),
  );
}

/**
 * Writes route-hints.json: for each route above, the chunks (and their stylesheets) its page needs
 * besides the entry, and its first screen's images (routeImages). The server names them in that route's index.html, so they download while the
 * entry does instead of after it has run (docs/performance.md).
 */
function routeHints(): Plugin {
  let root = '';
  return {
    name: 'kujiya-route-hints',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const hints: Record<string, { scripts: string[]; styles: string[]; images?: string[] }> = {};
      for (const [route, sources] of Object.entries(routeModules)) {
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = byFile.get(fileName);
          if (!chunk || chunk.isEntry || seen.has(fileName)) return;
          seen.add(fileName);
          // A chunk of stylesheets only (a module that imports just its CSS) is dropped by Vite after
          // this hook, its CSS moved to its importers: hinting its file would fetch index.html instead.
          if (!chunk.moduleIds.every((id) => /\.css($|\?)/.test(id))) scripts.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          chunk.imports.forEach(visit);
        };
        for (const source of sources) {
          // The chunk holding the module: its own, or a group's (codeSplitting.groups below).
          const page = chunks.find((chunk) => chunk.moduleIds.includes(path.join(root, source)));
          if (!page) throw new Error(`route-hints: no chunk for ${source}`);
          visit(page.fileName);
        }
        hints[route] = {
          scripts: [...scripts].map((f) => `/${f}`),
          styles: [...styles].map((f) => `/${f}`),
          ...(routeImages[route] ? { images: routeImages[route] } : {}),
        };
      }
      this.emitFile({ type: 'asset', fileName: 'route-hints.json', source: JSON.stringify(hints) });
    },
  };
}

/**
 * React Router's package exports only its development build, whose dev warnings are on (and logged in
 * the browser); its production build ships beside it, the same code with them off and a little smaller.
 */
function productionAliases(): Alias[] {
  const development = fileURLToPath(import.meta.resolve('react-router'));
  const production = development.replace(`${path.sep}development${path.sep}`, `${path.sep}production${path.sep}`);
  return production !== development && fs.existsSync(production)
    ? [{ find: /^react-router$/, replacement: production }]
    : [];
}

/**
 * Lets the bundler drop the parts of React Router this app never uses (its <Form>, fetcher forms,
 * submit hooks): the package creates its components with React.forwardRef / createContext / memo
 * without marking those calls pure, and sets `displayName` on each, so every one was kept whether used
 * or not. Marks the calls pure and drops the `displayName` lines (only the dev tools read them): about
 * 1.3 KB less gzip in the entry (docs/performance.md). Also cuts two framework-mode paths that a
 * client-only data router never takes: <Link>'s prefetching (it needs the framework's context, which
 * only React Router's framework mode provides, so it always answered "no prefetch" here) and reading
 * server-rendered hydration data (this app renders nothing on the server): about 2 KB less gzip.
 * Unmatched text in a later release changes nothing.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'kujiya-react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]/.test(id)) return null;
      return code
        .replace(
          /hydrationData: opts\?\.hydrationData \|\| parseHydrationData\(\)/g,
          'hydrationData: opts?.hydrationData',
        )
        .replace(/usePrefetchBehavior\(\s*prefetch,\s*rest\s*\)/, '[false, null, {}]')
        .replace(/\/\* @__PURE__ \*\/ React\d*\.createElement\(PrefetchPageLinks, \{ page: href \}\)/, 'null')
        .replace(/^\w+\.displayName = "\w+";$/gm, '')
        .replace(/= (React\d*)\.(forwardRef|createContext|memo)\(/g, '= /* @__PURE__ */ $1.$2(');
    },
  };
}

/**
 * The installed app (docs/rules/offline.md): the manifest (its <link> is added to index.html) and the
 * service worker src/sw.ts built to /sw.js with the precache list of the build injected. The worker is
 * registered by src/features/pwa/register.ts, lazily, so nothing here is injected as a script.
 */
function installableApp(): Plugin[] {
  const backOffice = backOfficeFiles();
  const pwa = VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Kujiya',
      short_name: 'Kujiya',
      description: 'Ichiban Kuji prize draws in Singapore. Every ticket wins.',
      lang: 'en-SG',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      // The shop's red (the theme-color of index.html) and its warm page background.
      theme_color: '#e8344e',
      background_color: '#fff8f2',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // The app shell, the offline page and every hashed script and stylesheet (each route's code, so a
      // page opened before still starts offline); the icon the notifications and the offline page show.
      globPatterns: ['index.html', 'offline.html', 'assets/**/*.{js,css}', 'favicon.svg', 'icons/icon-192.png'],
      // The hashed names already change with the content: no revision query needed for them.
      dontCacheBustURLsMatching: /^assets\//,
      // Not the back office's own files (staff work online): every shopper's phone would download them.
      manifestTransforms: [
        async (entries) => ({ manifest: entries.filter((entry) => !backOffice.files.has(entry.url)), warnings: [] }),
      ],
    },
  });
  return [backOffice.plugin, ...pwa];
}

/**
 * Finds the chunks (and their stylesheets) that only the back office loads: the admin pages' own
 * chunks (with the packages only they use, chart.js) and chunks of src/features/admin code only.
 */
function backOfficeFiles(): { plugin: Plugin; files: Set<string> } {
  const files = new Set<string>();
  const admin = /apps[\\/]web[\\/]src[\\/]features[\\/]admin[\\/]/;
  const plugin: Plugin = {
    name: 'kujiya-back-office-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk.isEntry) continue;
        // A back-office page's own chunk (what it alone imports comes with it), or a chunk of admin code only.
        const own = chunk.moduleIds.filter((id) => !/[\\/]node_modules[\\/]/.test(id));
        const adminPage = chunk.facadeModuleId !== null && admin.test(chunk.facadeModuleId);
        if (!adminPage && (own.length === 0 || !own.every((id) => admin.test(id)))) continue;
        files.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
      }
    },
  };
  return { plugin, files };
}

/**
 * The prerender's build (`vite build --ssr`, scripts/prerender.mjs): the same modules for Node, to render
 * the pages of app/prerender-page.tsx to HTML once per build. None of the browser build's own files.
 */
const prerenderBuild = () => ({
  resolve: { alias: productionAliases() },
  plugins: [react(), reactRouterTreeShaking()],
  build: { outDir: 'dist-prerender', emptyOutDir: true, sourcemap: false },
});

/** The browser build and the dev server. In development the API runs on :3000 (npm run dev starts both); the dev server proxies to it. */
const browserBuild = (command: 'build' | 'serve'): UserConfig => ({
  resolve: { alias: command === 'build' ? productionAliases() : [] },
  plugins: [react(), reactRouterTreeShaking(), inlineEntryCss(), routeHints(), installableApp(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Every browser the shop supports has <link rel=modulepreload>: Vite's polyfill for it was entry
    // script on the first paint of `/` for nobody (docs/performance.md).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Fewer, larger chunks after the entry: the server speaks HTTP/1.1 (six connections per host),
        // so a page needing twenty small chunks queued its API request behind them (docs/performance.md).
        // The entry keeps what starts the app ($initial: React, the router, the route table), the frame
        // what every page shows around it; the storefront's schemas (zod in a chunk of its own) and
        // src/lib (with TanStack Query) are one chunk each, shared by the pages that fetch.
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 10 },
            // The route table of every page but home and the list (app/site-routes.tsx): on its own, so
            // adding those routes never waits for TanStack Query or the schemas.
            {
              name: 'site-routes',
              test: /apps[\\/]web[\\/]src[\\/](app[\\/]site-routes|features[\\/][^\\/]+[\\/]routes|components[\\/]require-login)\.tsx?$/,
              priority: 7.5,
            },
            // What the frame (app/layout, a lazy route) needs on every page: apart from shop-lib, which
            // carries TanStack Query and the schemas that `/` does not need for its first paint.
            {
              name: 'frame',
              test: /apps[\\/]web[\\/]src[\\/](app[\\/](layout[\\/]|with-queries)|lib[\\/](session|jwt|storage|token-refusals|use-after-first-paint)\.ts|components[\\/](nav-icons|useDismiss)\.tsx?$)/,
              priority: 8,
            },
            // The shared dialogs the list page and most others use: one file instead of seven, so the
            // entry's list of the list page's files (its preload map) stays short (docs/performance.md).
            {
              name: 'shop-ui',
              test: /apps[\\/]web[\\/]src[\\/]components[\\/](ui[\\/](Dialog|LiveAnnouncement)|LoginRequiredDialog|LoginReminderDialog|AgreeToTermsDialog|login-reminder|icons)\.tsx?$/,
              priority: 7.2,
            },
            // zod apart from the schemas: each is evaluated in a task of its own (app/contract-steps.ts).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 7 },
            {
              name: 'contract',
              test: /packages[\\/]shared[\\/]src[\\/](common|money|catalogue|orders|tokens|payments|engagement|fairness[\\/]schemas|live|shop-ops[\\/]announcements|drops[\\/]room-schemas|drop-alerts)/,
              priority: 6,
            },
            // Not pending-shipment.ts: its schema pulls in the accounts schemas and the country table
            // (countries-list), whose evaluation was a long task on every page (docs/performance.md).
            // The query client and its provider (app/with-queries.ts) come with it: one file less to ask for.
            {
              name: 'shop-lib',
              test: /apps[\\/]web[\\/]src[\\/](lib[\\/](?!pending-shipment)|app[\\/]query-(client|provider))|node_modules[\\/]@tanstack[\\/]/,
              priority: 5,
            },
          ],
        },
      },
    },
  },
});

export default defineConfig(({ command, isSsrBuild }) => (isSsrBuild ? prerenderBuild() : browserBuild(command)));
