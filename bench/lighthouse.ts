/**
 * (e) Lighthouse (mobile) on `/` and `/ichiban-kuji-products` of a demo shop, with Debian's
 * Chromium. Needs the `lighthouse` package (a devDependency); skipped with a note when missing.
 * One run's score swings 5-10 points on this machine, so each page is run `BENCH_LIGHTHOUSE_RUNS`
 * times (5 by default, alternating pages) and the median run is reported with the lowest and highest,
 * as Lighthouse's own guidance on variability advises.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './lib.ts';

const PORT = 4950;

export interface LighthouseScore {
  page: string;
  /** The median run's scores and LCP. */
  performance: number;
  accessibility: number;
  lcpMs: number;
  /** Every run's performance score, in run order. */
  runs: number[];
}

const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));

export async function lighthouseScores(): Promise<LighthouseScore[] | string> {
  let lighthouse: (
    url: string,
    flags: object,
  ) => Promise<
    | {
        lhr: {
          runtimeError?: { code: string; message: string };
          categories: Record<string, { score: number | null }>;
          audits: Record<string, { numericValue?: number; score?: number | null }>;
        };
      }
    | undefined
  >;
  let chromeLauncher: { launch: (opts: object) => Promise<{ port: number; kill: () => Promise<void> | void }> };
  try {
    lighthouse = (await import('lighthouse' as string)).default;
    chromeLauncher = await import('chrome-launcher' as string);
  } catch {
    return 'skipped: the lighthouse package is not installed (npm install -D lighthouse)';
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-lh-'));
  // The shop as `npm start` runs it (web app included), demo data, on a port of the bench range.
  const shop = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // A bench stops its servers at once: no drain window (docs/operations.md).
      SHUTDOWN_DRAIN_SECONDS: '0',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${PORT}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${url}/api/ichiban-kuji-products`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 240) throw new Error('the shop did not start for Lighthouse');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox'],
  });
  try {
    const pages = ['/', '/ichiban-kuji-products'];
    const runs = new Map<string, { performance: number; accessibility: number; lcpMs: number }[]>(
      pages.map((page) => [page, []]),
    );
    for (let i = 0; i < RUNS; i++) {
      for (const page of pages) {
        // A run Lighthouse itself could not record (NO_NAVSTART on a fresh browser, seen once) is no
        // measurement: it is printed and run again, twice at most, and counts as 0 if it still fails.
        let lhr;
        for (let attempt = 0; ; attempt++) {
          lhr = (await lighthouse(`${url}${page}`, {
            port: chrome.port,
            output: 'json',
            onlyCategories: ['performance', 'accessibility'],
            formFactor: 'mobile',
          }))!.lhr;
          if (!lhr.runtimeError || attempt === 2) break;
          console.error(`Lighthouse on ${page}: ${lhr.runtimeError.code}, running it again`);
        }
        if (process.env.BENCH_LIGHTHOUSE_DEBUG) {
          // The audits that cost points, with their values: what to look at when a score drops.
          const lost = Object.entries(lhr.audits).filter(
            ([, a]) => a.numericValue !== undefined && a.score != null && a.score < 1,
          );
          console.error(
            page,
            JSON.stringify(Object.fromEntries(lost.map(([name, a]) => [name, [a.score, a.numericValue]]))),
          );
        }
        runs.get(page)!.push({
          performance: Math.round((lhr.categories.performance!.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility!.score ?? 0) * 100),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
        });
      }
    }
    const scores: LighthouseScore[] = pages.map((page) => {
      const pageRuns = runs.get(page)!;
      const median = [...pageRuns].sort((a, b) => a.performance - b.performance)[Math.floor(pageRuns.length / 2)]!;
      return { page, ...median, runs: pageRuns.map((r) => r.performance) };
    });
    return scores;
  } finally {
    await chrome.kill();
    shop.kill('SIGTERM');
    await new Promise((resolve) => shop.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
