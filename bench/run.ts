/**
 * `npm run bench`: every benchmark of docs/performance.md in one run on this machine, printed and
 * appended to bench/RESULTS.md with the date, the machine and the load average. Only ratios taken
 * side by side in one run are comparable: the absolute figures move with whatever else runs.
 * Select parts with BENCH_ONLY=catalogue,drop,growth,bundle,lighthouse,tear (the default), room and rest.
 */
import fs from 'node:fs';
import path from 'node:path';
import { bundleSizes, firstLoadTotals } from './bundle.ts';
import { catalogueVsBare, growth, loadGenerator } from './catalogue.ts';
import { runDrop } from './drop.ts';
import { lighthouseScores, spread } from './lighthouse.ts';
import { tearFrames } from './tear-frames.ts';
import { loadAverage, machine, median, repoRoot } from './lib.ts';
import { roomDropLines } from './room-report.ts';
import { shopAtRest } from './at-rest.ts';

const only = new Set((process.env.BENCH_ONLY ?? 'catalogue,drop,growth,bundle,lighthouse,tear').split(','));
const label = process.env.BENCH_LABEL ?? 'current';
const lines: string[] = [];
const out = (line = '') => {
  console.log(line);
  lines.push(line);
};
const ms = (n: number) => `${Math.round(n)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

out(`### ${new Date().toISOString()} — ${label}`);
out();
out(`Machine: ${machine()}. Load average at start (1/5/15 min): ${loadAverage()}.`);
out();

if (only.has('catalogue')) {
  out(
    `(a) \`GET /api/ichiban-kuji-products\` (12 products), 50 connections (${loadGenerator}), shop vs bare Fastify with the same bytes, alternating slices, medians:`,
  );
  out();
  out('| Database | Shop req/s | Shop p99 | Bare req/s | Bare p99 | Shop / bare | Body | Load |');
  out('|---|---|---|---|---|---|---|---|');
  for (const kind of ['pglite', 'postgres'] as const) {
    const r = await catalogueVsBare(kind);
    out(
      `| ${kind} | ${r.shopRps.toFixed(0)} | ${ms(r.shopP99)} | ${r.bareRps.toFixed(0)} | ${ms(r.bareP99)} | **${(r.ratio * 100).toFixed(0)}%** | ${kb(r.bodyBytes)} | ${loadAverage()} |`,
    );
  }
  out();
}

if (only.has('drop')) {
  const buyers = Number(process.env.BENCH_BUYERS ?? 1000);
  const tickets = Number(process.env.BENCH_TICKETS ?? 500);
  out(
    `(b) Drop: ${buyers} buyers, one token ticket each, ${tickets}-ticket round, two instances on one PostgreSQL. Each buyer writes its request straight to a socket (\`BenchConnection\`). Warm: each buyer's connection (and the plain-SQL pool) open before the start, as on the product page; cold: all opened at the start.`,
  );
  out();
  out(
    '| Connections | Sold out in | Accepted/s | p50 | p90 | p99 | Accepted | Refused (4xx) | 5xx | Oversold | Ledger = lots | Plain SQL/s | Plain SQL p50 | Shop / plain SQL | Load |',
  );
  out('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const warm of [true, false]) {
    const d = await runDrop({ buyers, tickets, warm });
    out(
      `| ${warm ? 'warm' : 'cold'} | ${ms(d.sellOutMs)} | ${d.acceptedPerSecond.toFixed(0)} | ${ms(d.p50)} | ${ms(d.p90)} | ${ms(d.p99)} | ${d.accepted} | ${d.refused} | ${d.serverErrors} | ${d.oversold} | ${d.ledgerMatches ? 'yes' : 'NO'} | ${d.plainSqlPerSecond.toFixed(0)} | ${ms(d.plainSqlP50)} | **${d.ratio.toFixed(2)}×** | ${loadAverage()} |`,
    );
  }
  out();
}

if (only.has('growth')) {
  const g = await growth();
  out(
    `(c) Catalogue growth on PostgreSQL (100-ticket sets, 30 sold each), 10 connections, alternating slices, answers asked as \`${g.encoding}\`:`,
  );
  out();
  out('| Products | req/s | p50 | Body | Sent |');
  out('|---|---|---|---|---|');
  for (const s of [g.small, g.large])
    out(`| ${s.products} | ${s.rps.toFixed(0)} | ${s.p50.toFixed(2)} ms | ${kb(s.bodyBytes)} | ${kb(s.sentBytes)} |`);
  out();
  out(
    `Growth 12 → 500: **${g.latencyRatio.toFixed(2)}× the latency**, ${g.throughputRatio.toFixed(2)}× less throughput. Load: ${loadAverage()}.`,
  );
  out();
}

if (only.has('bundle')) {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html')))
    out('(d) skipped: build the web app first (npm run build).');
  else {
    const files = bundleSizes();
    out(
      '(d) Web bundle (apps/web/dist), per file, bytes sent (the precompressed .gz and .br); the entry is what `/` loads first, the first load adds the chunks hinted for `/`:',
    );
    out();
    out('| File | Entry | First load of `/` | Raw | gzip | brotli |');
    out('|---|---|---|---|---|---|');
    for (const f of files.slice(0, 15))
      out(
        `| ${f.file} | ${f.entry ? 'yes' : ''} | ${f.firstLoad ? 'yes' : ''} | ${kb(f.raw)} | ${kb(f.gzip)} | ${kb(f.brotli)} |`,
      );
    const entry = files.filter((f) => f.entry && f.file.endsWith('.js'));
    const firstLoad = firstLoadTotals(files);
    out();
    out(
      `Entry JS: ${kb(entry.reduce((n, f) => n + f.gzip, 0))} gzip, ${kb(entry.reduce((n, f) => n + f.brotli, 0))} brotli.`,
    );
    out(
      `First load of \`/\` (${firstLoad.files} JS files): ${kb(firstLoad.gzip)} gzip, ${kb(firstLoad.brotli)} brotli.`,
    );
    out();
  }
}

if (only.has('room')) {
  for (const line of await roomDropLines()) out(line);
  out();
  out(`Load at the end: ${loadAverage()}.`);
  out();
}

if (only.has('rest')) {
  const r = await shopAtRest();
  const pct = (share: number) => `${(share * 100).toFixed(1)} %`;
  out(
    `(g) The shop at rest: ${r.instances} idle instances (NODE_ENV=production) on one PostgreSQL on this machine, over ${r.seconds.toFixed(0)} s after 15 s to settle: the database's processes used **${pct(r.databaseShare)}** of a core, each instance ${pct(r.serverShare)}.`,
  );
  out();
}

if (only.has('lighthouse')) {
  const scores = await lighthouseScores();
  if (typeof scores === 'string') out(`(e) Lighthouse ${scores}.`);
  else {
    out(
      `(e) Lighthouse, mobile, each category's median of ${scores[0]!.runs.performance.length} runs per page (pages alternating), lowest–highest in brackets when the runs differ:`,
    );
    out();
    out('| Page | Signed in | Performance | Accessibility | Best practices | SEO | LCP (median) | Failed audits |');
    out('|---|---|---|---|---|---|---|---|');
    for (const s of scores) {
      out(
        `| ${s.page} | ${s.signedIn ? 'yes' : ''} | ${spread(s.runs.performance)} | ${spread(s.runs.accessibility)} | ${spread(s.runs['best-practices'])} | ${spread(s.runs.seo)} | ${ms(median(s.lcpMs))} | ${s.failing.join(', ')} |`,
      );
    }
  }
  out();
}

if (only.has('tear')) {
  const t = await tearFrames();
  out(
    `(f) Ticket tear, 390x844, Chromium with the CPU slowed down 4×: ${t.tears} tears (Open Ticket), ${t.frames} frames between the tear's marks, requestAnimationFrame gaps:`,
  );
  out();
  out('| Frames | p50 | p95 | Longest | Over 16.7 ms | Load |');
  out('|---|---|---|---|---|---|');
  out(
    `| the tears | ${t.p50.toFixed(1)} ms | **${t.p95.toFixed(1)} ms** | ${t.max.toFixed(1)} ms | ${t.over16} of ${t.frames} | ${loadAverage()} |`,
  );
  out(
    `| the second before each (control: the ticket still) | ${t.idle.p50.toFixed(1)} ms | ${t.idle.p95.toFixed(1)} ms | ${t.idle.max.toFixed(1)} ms | ${t.idle.over16} of ${t.idle.frames} | |`,
  );
  out();
}

fs.appendFileSync(path.join(repoRoot, 'bench/RESULTS.md'), `\n${lines.join('\n')}\n`);
