// `npm run cluster`: the shop as it runs in production, from this machine's own packages: CLUSTER_SIZE
// instances (`npm start`'s server) on one PostgreSQL (DATABASE_URL) and optionally one Redis (REDIS_URL),
// behind Debian's haproxy on CLUSTER_PORT. Ctrl-C (or SIGTERM) stops them all. docs/operations.md,
// "The cluster on this machine".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { haproxyConfig, haproxyInstalled } from './cluster-haproxy.mjs';

const root = path.resolve(import.meta.dirname, '..');

function fail(message) {
  console.error(message);
  process.exit(1);
}

function whole(name, fallback, min, max) {
  const raw = process.env[name];
  const value = raw === undefined || raw.trim() === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    fail(`${name} must be a whole number from ${min} to ${max}`);
  return value;
}

if (!haproxyInstalled())
  fail('haproxy is not installed. On Debian or Ubuntu: sudo apt-get install haproxy (then run npm run cluster again).');
if (!process.env.DATABASE_URL)
  fail(
    'DATABASE_URL is not set. The instances must share one PostgreSQL database: the embedded PGlite database ' +
      'belongs to a single process. Example: DATABASE_URL=postgres://postgres@127.0.0.1:5432/kujiya npm run cluster',
  );
const size = whole('CLUSTER_SIZE', 2, 1, 20);
const publicPort = whole('CLUSTER_PORT', 3000, 1, 65535);
const basePort = whole('CLUSTER_BASE_PORT', 3100, 1, 65535 - 100 - size);
const shopUrl = `http://localhost:${publicPort}`;
const instances = Array.from({ length: size }, (_, i) => ({
  name: `kujiya-${i + 1}`,
  port: basePort + 1 + i,
  metricsPort: basePort + 100 + 1 + i,
}));

// As `npm start`: the web app is built first, then each instance serves it.
if (spawnSync('npm', ['run', 'build', '-w', '@kujiya/web'], { cwd: root, stdio: 'inherit' }).status !== 0)
  fail('the web app did not build');

const children = new Set();
let stopping = false;

/** Prints a child's output line by line with its name in front, so the instances' logs stay apart. */
function prefixed(stream, name, out) {
  let buffered = '';
  stream.on('data', (chunk) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop();
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
}

function startChild(name, command, args, options) {
  // Their own process group: Ctrl-C reaches this script only, which stops the instances before haproxy.
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  prefixed(child.stdout, name, process.stdout);
  prefixed(child.stderr, name, process.stderr);
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`[cluster] ${name} exited (${code ?? signal}); stopping the cluster`);
      stop(1);
    }
  });
  return child;
}

function startInstance({ name, port, metricsPort }) {
  return startChild(name, process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      INIT_CWD: root,
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      // Only haproxy talks to the instances; it passes the client's address in X-Forwarded-For.
      HOST: process.env.CLUSTER_INSTANCE_HOST ?? '127.0.0.1',
      TRUST_PROXY: '1',
      INSTANCE_NAME: name,
      PUBLIC_URL: process.env.PUBLIC_URL ?? shopUrl,
    },
  });
}

async function waitReady({ name, port }) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (stopping) return;
    const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.error(`[cluster] ${name} did not become ready within 120 s`);
  stop(1);
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  // Each instance drains (docs/operations.md, "Graceful drain on deploys"); haproxy goes last.
  const haproxy = [...children].find((child) => child.spawnargs[0] === 'haproxy');
  for (const child of children) if (child !== haproxy) child.kill('SIGTERM');
  const waitForInstances = setInterval(() => {
    if ([...children].every((child) => child === haproxy)) {
      clearInterval(waitForInstances);
      haproxy?.kill('SIGTERM');
    }
  }, 200);
}
// A second Ctrl-C does not wait for the drain: everything is killed at once (the 'exit' handler below).
const onSignal = () => (stopping ? process.exit(1) : stop(0));
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-cluster-'));
const statsSocket = path.join(folder, 'haproxy.sock');
const configFile = path.join(folder, 'haproxy.cfg');
fs.writeFileSync(configFile, haproxyConfig({ port: publicPort, instances, statsSocket }));
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(folder, { recursive: true, force: true });
});

// The first instance alone migrates the database and seeds the demo shop; the others join it then.
startInstance(instances[0]);
await waitReady(instances[0]);
for (const instance of instances.slice(1)) startInstance(instance);
await Promise.all(instances.slice(1).map(waitReady));
if (!stopping) {
  startChild('haproxy', 'haproxy', ['-db', '-f', configFile], {});
  console.log(`\n[cluster] The shop: ${shopUrl} (haproxy, round robin over ${size} instances)`);
  for (const { name, port, metricsPort } of instances)
    console.log(`[cluster]   ${name}: http://127.0.0.1:${port} (metrics on :${metricsPort})`);
  console.log(`[cluster] haproxy's stats socket: ${statsSocket} (e.g. echo "show stat" | socat stdio ${statsSocket})`);
  console.log('[cluster] Ctrl-C stops everything.\n');
}
