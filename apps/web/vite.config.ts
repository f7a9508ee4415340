import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Writes .br and .gz next to every text file of the build, so the server sends them without compressing per request. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kujiya-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const bytes = fs.readFileSync(file);
        if (bytes.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

// In development the API runs on :3000 (npm run dev starts both); the web dev server proxies to it.
export default defineConfig({
  plugins: [react(), precompress()],
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
    rolldownOptions: {
      output: {
        // Fewer, larger chunks after the entry: the server speaks HTTP/1.1 (six connections per host),
        // so a page needing twenty small chunks queued its API request behind them (docs/performance.md).
        // The entry keeps exactly what the first paint needs ($initial); the storefront's schemas
        // (with zod) and src/lib (with TanStack Query's hooks) are one chunk each, shared by the pages.
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 10 },
            { name: 'contract', test: /node_modules[\\/]zod[\\/]|packages[\\/]shared[\\/]src[\\/](common|money|catalogue|orders|tokens|payments|engagement|fairness[\\/]schemas|live|shop-ops[\\/]announcements)/, priority: 6 },
            { name: 'shop-lib', test: /apps[\\/]web[\\/]src[\\/]lib[\\/]|node_modules[\\/]@tanstack[\\/]/, priority: 5 },
          ],
        },
      },
    },
  },
});
