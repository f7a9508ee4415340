// What `npm run cluster` was asked for: its environment variables and flags (docs/operations.md,
// "The cluster on this machine"). A bad value stops it with one line.
import path from 'node:path';

export function fail(message) {
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

const FLAGS = ['--ha', '--monitoring', '--no-build'];

/** The folder of cluster.json and haproxy's files: CLUSTER_DIR (relative to where npm was run), else `.cluster/`. */
export function clusterDir(root) {
  const dir = process.env.CLUSTER_DIR?.trim();
  return dir ? path.resolve(process.env.INIT_CWD ?? process.cwd(), dir) : path.join(root, '.cluster');
}

export function clusterOptions(argv, root) {
  const unknown = argv.filter((arg) => !FLAGS.includes(arg));
  if (unknown.length > 0) fail(`unknown option ${unknown[0]} (known: ${FLAGS.join(', ')})`);
  const size = whole('CLUSTER_SIZE', 2, 1, 20);
  const publicPort = whole('CLUSTER_PORT', 3000, 1, 65535);
  // base + 1…20 the instances, + 90/91 Prometheus and Alertmanager, + 101…120 metrics, + 200…206 the --ha database.
  const basePort = whole('CLUSTER_BASE_PORT', 3100, 1, 65535 - 210);
  const instanceHost = process.env.CLUSTER_INSTANCE_HOST ?? '127.0.0.1';
  // An instance listening on every interface is still reached on the loopback.
  const reachHost = instanceHost === '0.0.0.0' || instanceHost === '::' ? '127.0.0.1' : instanceHost;
  return {
    ha: argv.includes('--ha'),
    monitoring: argv.includes('--monitoring'),
    build: !argv.includes('--no-build'),
    dir: clusterDir(root),
    publicPort,
    basePort,
    instanceHost,
    shopUrl: `http://localhost:${publicPort}`,
    instances: Array.from({ length: size }, (_, i) => ({
      name: `kujiya-${i + 1}`,
      port: basePort + 1 + i,
      metricsPort: basePort + 100 + 1 + i,
      url: `http://${reachHost}:${basePort + 1 + i}`,
      metrics: `http://${reachHost}:${basePort + 100 + 1 + i}/metrics`,
    })),
  };
}
