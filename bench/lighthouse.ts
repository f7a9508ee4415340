/**
 * (e) Lighthouse (mobile) on every public page of a demo shop (home, the list, sign-in, the sign-up
 * steps, the information pages, a set's fairness page) and the signed-in pages a shopper uses most
 * (orders, inventory, marketplace, tokens), with Debian's Chromium. Needs the `lighthouse` package (a
 * devDependency); skipped with a note when missing. One run's score swings 5-10 points on this
 * machine, so each page is run `BENCH_LIGHTHOUSE_RUNS` times (5 by default, pages alternating) and
 * each category's median is reported with its lowest and highest, as Lighthouse's own guidance on
 * variability advises. `BENCH_LIGHTHOUSE_PAGES=/,/faq` measures only those pages.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, startDemoShop } from './lib.ts';

const PORT = 4950;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export interface LighthouseScore {
  page: string;
  signedIn: boolean;
  /** Per category: every run's score, in run order. */
  runs: Record<Category, number[]>;
  /** Every run's LCP (ms). */
  lcpMs: number[];
  /** The audits of accessibility, best practices and SEO that failed in any run (what keeps them below 100). */
  failing: string[];
}

const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));

const PUBLIC_PAGES = [
  '/',
  '/ichiban-kuji-products',
  '/login',
  '/sign-up',
  '/verify-email',
  '/verify',
  '/terms-and-conditions',
  '/shipping-and-delivery',
  '/faq',
  '/about-us',
  '/how-it-works',
  '/contact-us',
  '/blind-boxes-products',
];
const SIGNED_IN_PAGES = ['/orders', '/inventory', '/trading-marketplace', '/tokens'];
/** The demo shopper of the demo data (README). */
const DEMO_SHOPPER = { username: 'demo', password: 'Demo123!' };

interface Lhr {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { numericValue?: number; score?: number | null; scoreDisplayMode?: string }>;
}
type RunLighthouse = (url: string, flags: object) => Promise<{ lhr: Lhr } | undefined>;

/** One CDP command on a DevTools WebSocket (Node's own WebSocket: no puppeteer needed). */
function cdp(socket: WebSocket) {
  let nextId = 0;
  const waiting = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    if (message.id !== undefined) waiting.get(message.id)?.(message);
  });
  return (method: string, params: object = {}, sessionId?: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = ++nextId;
      waiting.set(id, (message) =>
        message.error ? reject(new Error(`${method}: ${message.error.message}`)) : resolve(message.result as never),
      );
      socket.send(JSON.stringify({ id, method, params, sessionId }));
    });
}

/**
 * Signs the demo shopper in the way the web app keeps a session (local storage `token` and
 * `username`, apps/web/src/lib/session.ts) in the browser on `chromePort`, through the DevTools
 * protocol, and empties the HTTP cache, so a signed-in run (Lighthouse's storage reset off, else it
 * would sign out) still loads every file from the network as a first visit does.
 */
async function signInBrowser(chromePort: number, shopUrl: string, session: { token: string; username: string }) {
  const version = (await (await fetch(`http://127.0.0.1:${chromePort}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  const send = cdp(socket);
  try {
    // A page of the shop's origin (a small static file), to write that origin's local storage.
    const { targetId } = (await send('Target.createTarget', { url: `${shopUrl}/favicon.svg` })) as { targetId: string };
    const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
    // Until the page has its document (before that, there is no context to evaluate in).
    for (let i = 0; ; i++) {
      const origin = await send('Runtime.evaluate', { expression: 'location.origin', returnByValue: true }, sessionId)
        .then((answer) => (answer as { result: { value: string } }).result.value)
        .catch(() => undefined);
      if (origin === new URL(shopUrl).origin) break;
      if (i > 200) throw new Error('the sign-in page did not open');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await send(
      'Runtime.evaluate',
      {
        expression: `localStorage.setItem('token', ${JSON.stringify(session.token)}); localStorage.setItem('username', ${JSON.stringify(session.username)})`,
      },
      sessionId,
    );
    await send('Network.clearBrowserCache', {}, sessionId);
    await send('Target.closeTarget', { targetId });
  } finally {
    socket.close();
  }
}

/** Scores of one Lighthouse run, and the failed audits of the categories other than performance. */
function readRun(lhr: Lhr) {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score != null && lhr.audits[ref.id]!.score! < 1)
      .map((ref) => ref.id),
  );
  return { scores, failing, lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN) };
}

export async function lighthouseScores(): Promise<LighthouseScore[] | string> {
  let lighthouse: RunLighthouse;
  let chromeLauncher: { launch: (opts: object) => Promise<{ port: number; kill: () => Promise<void> | void }> };
  try {
    lighthouse = (await import('lighthouse' as string)).default;
    chromeLauncher = await import('chrome-launcher' as string);
  } catch {
    return 'skipped: the lighthouse package is not installed (npm install -D lighthouse)';
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-lh-'));
  const { shop, url, setId } = await startDemoShop(PORT, dataDir);
  const login = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_SHOPPER),
  });
  if (!login.ok) throw new Error(`the demo shopper could not sign in: ${login.status}`);
  const { token, user } = (await login.json()) as { token: string; user: { username: string } };
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox'],
  });
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
  const pages = [
    ...[...PUBLIC_PAGES, `/fairness/${setId}`].map((page) => ({ page, signedIn: false })),
    ...SIGNED_IN_PAGES.map((page) => ({ page, signedIn: true })),
  ].filter(({ page }) => !only || only.some((o) => page.startsWith(o) && (o !== '/' || page === '/')));
  const scores: LighthouseScore[] = pages.map(({ page, signedIn }) => ({
    page,
    signedIn,
    runs: { performance: [], accessibility: [], 'best-practices': [], seo: [] },
    lcpMs: [],
    failing: [],
  }));
  try {
    for (let i = 0; i < RUNS; i++) {
      for (const score of scores) {
        // A run Lighthouse itself could not record (NO_NAVSTART on a fresh browser, seen once) is no
        // measurement: it is printed and run again, twice at most, and counts as 0 if it still fails.
        let lhr: Lhr;
        for (let attempt = 0; ; attempt++) {
          if (score.signedIn) await signInBrowser(chrome.port, url, { token, username: user.username });
          lhr = (await lighthouse(`${url}${score.page}`, {
            port: chrome.port,
            output: 'json',
            onlyCategories: [...CATEGORIES],
            formFactor: 'mobile',
            // Lighthouse empties the origin's storage before a run, which would sign the shopper out;
            // signInBrowser emptied the HTTP cache instead.
            disableStorageReset: score.signedIn,
          }))!.lhr;
          if (!lhr.runtimeError || attempt === 2) break;
          console.error(`Lighthouse on ${score.page}: ${lhr.runtimeError.code}, running it again`);
        }
        if (process.env.BENCH_LIGHTHOUSE_DEBUG) {
          // The audits that cost points, with their values: what to look at when a score drops.
          const lost = Object.entries(lhr.audits).filter(
            ([, a]) => a.score != null && a.score < 1 && a.scoreDisplayMode !== 'informative',
          );
          console.error(
            score.page,
            JSON.stringify(Object.fromEntries(lost.map(([name, a]) => [name, [a.score, a.numericValue]]))),
          );
        }
        const run = readRun(lhr);
        for (const c of CATEGORIES) score.runs[c].push(run.scores[c]);
        score.lcpMs.push(run.lcpMs);
        score.failing = [...new Set([...score.failing, ...run.failing])];
      }
    }
    return scores;
  } finally {
    await chrome.kill();
    shop.kill('SIGTERM');
    await new Promise((resolve) => shop.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** "median (lowest–highest)" of one category's runs. */
export function spread(values: number[]): string {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? `${median(values)}` : `${median(values)} (${low}–${high})`;
}
