import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverStates } from '../../../../scripts/cluster-haproxy.mjs';
import { KEEP_ALIVE_TIMEOUT_MS } from '../app.ts';
import { TestClock } from '../core/clock.ts';
import { clusterCanRun } from './cluster.ts';
import { startMixedLoad, type LoadReport } from './cluster-load.ts';
import { freePort } from './free-port.ts';
import { INSTANCE_JWT_SECRET, until } from './instances.ts';
import { startKeepAliveReaders } from './keep-alive-readers.ts';
import { bigRound, fundedShopper, TOKEN_PRICE, TOKENS, type Buyer } from './load-purchases.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * `npm run cluster` itself (scripts/cluster.mjs, docs/operations.md "The cluster on this machine") on a
 * fresh database, free ports and a CLUSTER_DIR of its own: it describes what it started in cluster.json,
 * `npm run cluster:restart` restarts its instances one at a time under keep-alive readers and token
 * purchases with Idempotency-Keys (no read fails, no purchase is lost or doubled), an instance killed
 * with SIGKILL is started again by the runner, and SIGTERM stops it all. Figures print as JSON lines.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

interface ClusterFile {
  runner: { pid: number };
  shop?: string;
  haproxy?: { pid: number; statsSocket: string };
  instances: Array<{ name: string; url: string; pid: number | null; metrics: string }>;
}

const canBind = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A CLUSTER_BASE_PORT whose instance and metrics ports (base + 1, 2 and base + 101, 102) are all free. */
async function freeBasePort(): Promise<number> {
  for (;;) {
    const base = (await freePort()) - 1;
    const ports = [base + 1, base + 2, base + 101, base + 102];
    if (base + 102 < 65535 && (await Promise.all(ports.map(canBind))).every(Boolean)) return base;
  }
}

/** Runs a command to its end; resolves with its exit code and output. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe.runIf(clusterCanRun)('npm run cluster and npm run cluster:restart (PostgreSQL, Redis, haproxy)', () => {
  let t: TestApp;
  let runner: ChildProcess;
  let runnerOutput = '';
  let env: NodeJS.ProcessEnv;
  let dir: string;
  let shopperCount = 0;
  const readFile = () => JSON.parse(fs.readFileSync(path.join(dir, 'cluster.json'), 'utf8')) as ClusterFile;
  const states = () => serverStates(readFile().haproxy!.statsSocket).catch(() => ({}) as Record<string, string>);
  const allUp = async () => Object.values(await states()).filter((state) => state === 'UP').length === 2;

  beforeAll(async () => {
    t = await createTestApp({ clock: new TestClock(new Date()), env: { JWT_SECRET: INSTANCE_JWT_SECRET } });
    const databaseUrl = (t.database as { url?: string }).url;
    if (!databaseUrl) throw new Error('the cluster needs TEST_DB=postgres (project cluster)');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-runner-'));
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.TEST_REDIS_URL,
      JWT_SECRET: INSTANCE_JWT_SECRET,
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      CLUSTER_DIR: dir,
      CLUSTER_SIZE: '2',
      CLUSTER_PORT: String(await freePort()),
      CLUSTER_BASE_PORT: String(await freeBasePort()),
    };
    runner = spawn(process.execPath, ['scripts/cluster.mjs', '--no-build'], { cwd: repoRoot, env });
    const keep = (chunk: Buffer) => (runnerOutput = (runnerOutput + chunk.toString()).slice(-20_000));
    runner.stdout!.on('data', keep);
    runner.stderr!.on('data', keep);
    await until(
      async () => {
        if (runner.exitCode !== null) throw new Error(`npm run cluster exited: ${runnerOutput}`);
        return fs.existsSync(path.join(dir, 'cluster.json')) && Boolean(readFile().shop) && (await allUp());
      },
      360_000,
      250,
    );
  }, 420_000);

  afterAll(async () => {
    if (runner && runner.exitCode === null) {
      runner.kill('SIGTERM');
      await until(() => runner.exitCode !== null, 120_000).catch(() => runner.kill('SIGKILL'));
    }
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const shopper = () => fundedShopper(t, `runner${(shopperCount += 1)}`);

  /** 8 keep-alive readers (catalogue and balances on one agent) and 4 buyers, each on a round of their own. */
  async function startLoad(shop: string) {
    const buyers: Buyer[] = [];
    for (let i = 0; i < 4; i++) buyers.push({ shopper: await shopper(), setId: await bigRound(t) });
    const readers = startKeepAliveReaders({
      url: shop,
      paths: [
        ...Array.from({ length: 4 }, () => ({ path: '/api/ichiban-kuji-products' })),
        ...buyers.map(({ shopper: reader }) => ({ path: '/api/token/balance', authorization: reader.authorization })),
      ],
    });
    const purchases = startMixedLoad({ url: shop, catalogueLoops: 0, readers: [], buyers });
    return { buyers, readers, purchases };
  }

  /** Each purchase a client saw succeed is one paid order, no other order exists, tokens spent match. */
  async function purchaseFigures(report: LoadReport, buyers: Buyer[]) {
    let orders = 0;
    let lost = 0;
    for (const { shopper: buyer, setId } of buyers) {
      const answered = report.purchases.filter((p) => p.userId === buyer.userId);
      const ofRound = await t.services.orders.ordersOfRound(setId);
      orders += ofRound.length;
      const ids = new Set(ofRound.map((order) => order.id));
      lost += answered.filter((p) => p.orderId !== null && !ids.has(p.orderId)).length;
      const balance = await t.services.wallet.balance(t.ctx.db, buyer.userId);
      expect(balance).toBe(TOKENS - TOKEN_PRICE * ofRound.length);
      expect(await t.services.wallet.ledgerBalance(buyer.userId)).toBe(balance);
    }
    return { purchases: report.purchases.length, lost, doubled: orders - report.purchases.length };
  }

  it('writes cluster.json: the shop, each instance with its pid and metrics, haproxy and its stats socket', async () => {
    const file = readFile();
    expect(file.runner.pid).toBe(runner.pid);
    expect(file.shop).toBe(`http://localhost:${env.CLUSTER_PORT}`);
    const base = Number(env.CLUSTER_BASE_PORT);
    expect(file.instances.map(({ name, url, metrics }) => ({ name, url, metrics }))).toEqual(
      [1, 2].map((n) => ({
        name: `kujiya-${n}`,
        url: `http://127.0.0.1:${base + n}`,
        metrics: `http://127.0.0.1:${base + 100 + n}/metrics`,
      })),
    );
    for (const instance of file.instances) {
      expect(() => process.kill(instance.pid!, 0)).not.toThrow();
      expect((await fetch(instance.metrics)).status).toBe(200);
    }
    expect(await states()).toEqual({ 'kujiya-1': 'UP', 'kujiya-2': 'UP' });
    expect((await fetch(`${file.shop}/readyz`)).status).toBe(200);
  });

  it("announces haproxy's keep-alive to clients, below its idle timeout; the instances keep theirs longer", async () => {
    const file = readFile();
    const throughHaproxy = await fetch(`${file.shop}/api/ichiban-kuji-products`);
    const direct = await fetch(`${file.instances[0]!.url}/api/ichiban-kuji-products`);
    expect(throughHaproxy.headers.get('keep-alive')).toBe('timeout=25');
    expect(direct.headers.get('keep-alive')).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(30_000);
  });

  it('npm run cluster:restart restarts every instance under keep-alive readers: no read fails, no purchase lost or doubled', async () => {
    const before = readFile().instances.map((instance) => instance.pid);
    const { buyers, readers, purchases } = await startLoad(readFile().shop!);
    await until(() => readers.report.reads > 100, 60_000);
    const started = Date.now();
    const restart = await run('npm', ['run', '--silent', 'cluster:restart'], env);
    const restartMs = Date.now() - started;
    const reads = await readers.stop();
    const report = await purchases.stop();
    const bought = await purchaseFigures(report, buyers);
    console.log(
      JSON.stringify({
        run: 'cluster:restart',
        restartMs,
        keepAliveReads: reads.reads,
        readsOnReusedConnections: reads.reusedConnections,
        failedReads: reads.failures.length,
        failures: reads.failures.slice(0, 10),
        resends: report.retriedSends,
        resentAfter: report.resentAfter,
        ...bought,
      }),
    );
    expect(restart.code, restart.output + runnerOutput.slice(-3000)).toBe(0);
    expect(restart.output).toContain('all 2 instances restarted');
    const after = readFile().instances.map((instance) => instance.pid);
    expect(after.every((pid, i) => pid !== null && pid !== before[i])).toBe(true);
    expect(reads.reusedConnections).toBeGreaterThan(reads.reads / 2);
    expect(reads.failures).toEqual([]);
    expect(report.refusedPurchases).toEqual([]);
    expect(bought.purchases).toBeGreaterThan(0);
    expect(bought).toMatchObject({ lost: 0, doubled: 0 });
    // Two starts of an instance on a loaded 2-core machine take minutes (the project's default is 5).
  }, 600_000);

  it('an instance killed with SIGKILL is started again by the runner, and the cluster keeps running', async () => {
    const victim = readFile().instances[0]!;
    const killedAt = Date.now();
    process.kill(victim.pid!, 'SIGKILL');
    // haproxy first sees it gone (its checks fail), then the runner's new process answering.
    await until(async () => (await states())[victim.name] !== 'UP', 60_000, 100);
    const downMs = Date.now() - killedAt;
    await until(
      async () => {
        const now = readFile().instances[0]!;
        return now.pid !== null && now.pid !== victim.pid && (await states())[victim.name] === 'UP';
      },
      240_000,
      250,
    );
    expect((await fetch(`${victim.url}/readyz`)).status).toBe(200);
    console.log(JSON.stringify({ run: 'kill -9', downInHaproxyMs: downMs, backInHaproxyMs: Date.now() - killedAt }));
    expect(runner.exitCode).toBeNull();
    expect(runnerOutput).toContain(`${victim.name} exited (SIGKILL); starting it again`);
  });

  it('SIGTERM stops the instances and haproxy and removes cluster.json', async () => {
    const pids = readFile().instances.map((instance) => instance.pid!);
    runner.kill('SIGTERM');
    await until(() => runner.exitCode !== null, 120_000);
    expect(runner.exitCode).toBe(0);
    expect(fs.existsSync(path.join(dir, 'cluster.json'))).toBe(false);
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
  });
});
