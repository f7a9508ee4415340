/**
 * Shared pieces of the benchmarks: a fresh PostgreSQL database, real server processes, a small
 * closed-loop load generator and percentile maths. Benchmarks only: nothing here runs in `npm test`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-01';

/** A new empty PostgreSQL database (kujiya_bench_*); `drop()` removes it. */
export async function benchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `kujiya_bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * The database `name` on the benchmark's server, dropped and created empty (a benchmark that must run
 * in a database of its own name, e.g. BENCH_ROOM_DATABASE); `drop()` removes it again.
 */
export async function namedBenchDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export interface Instance {
  url: string;
  process: ChildProcess;
}

/** Node's arguments for a server entry: the flags of `npm start` (apps/server/package.json), so the bench measures what the shop runs. */
const serverNodeArgs = (entry: string) => ['--max-semi-space-size=64', '--import', 'tsx', path.join(repoRoot, entry)];

/** One real server process (apps/server/src/test/server-process.ts) on `databaseUrl` (PGlite when omitted). */
export function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, serverNodeArgs('apps/server/src/test/server-process.ts'), {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_SECRET,
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      // A bench stops its servers at once: no drain window (docs/operations.md).
      SHUTDOWN_DRAIN_SECONDS: '0',
      // e.g. BENCH_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the servers under load.
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 120_000);
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        try {
          const entry = JSON.parse(line) as { listening?: string };
          if (typeof entry.listening === 'string') {
            clearTimeout(timer);
            resolve({ url: entry.listening, process: child });
          }
        } catch {
          /* a log line */
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
}

/**
 * The shop as `npm start` runs it (web app included, apps/web/dist), with the demo data, on `port`
 * (of the bench range), its data in `dataDir`. Answers once the listing answers, with a set's id.
 */
export async function startDemoShop(port: number, dataDir: string) {
  const shop = spawn(process.execPath, serverNodeArgs('apps/server/src/main.ts'), {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // A bench stops its servers at once: no drain window (docs/operations.md).
      SHUTDOWN_DRAIN_SECONDS: '0',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const listing = await fetch(`${url}/api/ichiban-kuji-products`).then(
      async (r) => (r.ok ? ((await r.json()) as { newProducts: { setId: string }[] }) : undefined),
      () => undefined,
    );
    if (listing) return { shop, url, setId: listing.newProducts[0]!.setId };
    if (i > 240) throw new Error('the demo shop did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance || instance.process.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    instance.process.once('exit', () => resolve());
    instance.process.kill('SIGTERM');
  });
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * Closed-loop load: `connections` workers send `request()` back to back for `durationMs`.
 * Answers requests per second and the latency percentiles (ms).
 */
export async function load(request: () => Promise<number>, opts: { connections: number; durationMs: number }) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + opts.durationMs;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const status = await request();
        latencies.push(performance.now() - t0);
        if (status >= 400) errors++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

/** wrk (Debian's package) on PATH: a C load generator, far lighter than `load`'s Node loop on a 2-core machine. */
export const hasWrk = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version exits 1 after printing its version; only a missing binary is ENOENT.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
})();

/** GET `url` with wrk (one thread, `connections` connections, optional headers): requests per second and latency percentiles (ms). */
export function wrkLoad(
  url: string,
  opts: { connections: number; durationMs: number; headers?: Record<string, string> },
) {
  const headers = Object.entries(opts.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const args = [
    '-t1',
    `-c${opts.connections}`,
    `-d${Math.max(1, Math.round(opts.durationMs / 1000))}s`,
    '--latency',
    ...headers,
    url,
  ];
  const out = execFileSync('wrk', args, { encoding: 'utf8' });
  const ms = (label: string) => {
    const match = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s)\\b`, 'm').exec(out);
    if (!match) throw new Error(`wrk printed no ${label}th percentile:\n${out}`);
    const value = Number(match[1]);
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
  };
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
  const errors = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out);
  return { rps: Number(rps?.[1] ?? NaN), p50: ms('50'), p99: ms('99'), errors: Number(errors?.[1] ?? 0) };
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

/**
 * One HTTP/1.1 connection of the drop's load generator, written straight to a socket: a buyer's
 * request costs the generator a write and a parse, where Node's fetch (undici, WHATWG streams and
 * headers) cost it so much that on two shared cores 1,000 cold fetches took a median 350 ms
 * against a server that answers at once. Only what the benchmarks need: answers with a
 * `content-length` or chunked bodies, one request at a time.
 */
export class BenchConnection {
  private buffered: Buffer = Buffer.alloc(0);
  private pending:
    { resolve: (answer: { status: number; body: string }) => void; reject: (error: Error) => void } | undefined;

  private constructor(
    private readonly socket: net.Socket,
    private readonly host: string,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
      this.parse();
    });
    const fail = (error: Error) => {
      this.pending?.reject(error);
      this.pending = undefined;
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
  }

  /** A connection to `url`'s host; requests written before it is up wait in the socket. */
  static open(url: string): BenchConnection {
    const { hostname, port, host } = new URL(url);
    return new BenchConnection(net.connect(Number(port), hostname), host);
  }

  request(
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: string,
  ): Promise<{ status: number; body: string }> {
    if (this.pending) throw new Error('one request at a time');
    const lines = [`${method} ${path} HTTP/1.1`, `host: ${this.host}`];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (body !== undefined) lines.push(`content-length: ${Buffer.byteLength(body)}`);
    const answer = new Promise<{ status: number; body: string }>(
      (resolve, reject) => (this.pending = { resolve, reject }),
    );
    this.socket.write(`${lines.join('\r\n')}\r\n\r\n${body ?? ''}`);
    return answer;
  }

  close(): void {
    this.socket.destroy();
  }

  private parse(): void {
    const end = this.buffered.indexOf('\r\n\r\n');
    if (end < 0 || !this.pending) return;
    const head = this.buffered.subarray(0, end).toString('latin1');
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    let body: Buffer | undefined;
    let rest: number;
    if (length) {
      const size = Number(length[1]);
      if (this.buffered.length < end + 4 + size) return;
      body = this.buffered.subarray(end + 4, end + 4 + size);
      rest = end + 4 + size;
    } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      const chunks: Buffer[] = [];
      let at = end + 4;
      for (;;) {
        const lineEnd = this.buffered.indexOf('\r\n', at);
        if (lineEnd < 0) return;
        const size = parseInt(this.buffered.subarray(at, lineEnd).toString('latin1'), 16);
        if (this.buffered.length < lineEnd + 2 + size + 2) return;
        if (size === 0) {
          rest = lineEnd + 4;
          break;
        }
        chunks.push(this.buffered.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(chunks);
    } else {
      body = Buffer.alloc(0);
      rest = end + 4;
    }
    this.buffered = this.buffered.subarray(rest);
    const pending = this.pending;
    this.pending = undefined;
    pending.resolve({ status, body: body.toString('utf8') });
  }
}
