// The haproxy side of `npm run cluster` (scripts/cluster.mjs) and of the cluster tests
// (apps/server/src/test/cluster.ts): finding Debian's haproxy, its configuration, and its stats socket.
// docs/operations.md, "The cluster on this machine", explains every setting.
import { spawnSync } from 'node:child_process';
import net from 'node:net';

/** True when `haproxy` is on the PATH (Debian: `apt-get install haproxy`). */
export function haproxyInstalled() {
  return spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
}

/** Connections one source address may hold at once through the runner's haproxy (the rest are refused). */
export const PER_SOURCE_CONNECTIONS = 500;

/**
 * The configuration: one frontend on `port`, round robin over the instances, each checked with
 * GET /readyz every second (down after 2 failures, up after 2 successes). A request whose connection
 * fails is sent again (up to 3 times) to another instance; one that got an empty answer, no answer in
 * time or a 503 only when it is a GET, HEAD or OPTIONS: haproxy would resend a POST too, and a money
 * call's retry is the client's, with its Idempotency-Key. Live sockets stay open up to an hour.
 * `X-Served-By` names the instance that answered (support and the tests read it).
 * The edge (docs/operations.md, "The cluster on this machine"): X-Forwarded-For is the connection's
 * own source, whatever the client wrote; a request's headers must arrive within 10 s (a slowloris is
 * cut off); one source address holds at most `PER_SOURCE_CONNECTIONS` connections at once.
 */
export function haproxyConfig({ port, bind = '*', instances, statsSocket }) {
  const servers = instances.map(
    ({ name, host = '127.0.0.1', port: serverPort }) => `    server ${name} ${host}:${serverPort} check`,
  );
  return [
    'global',
    `    stats socket ${statsSocket} mode 600 level admin`,
    '    maxconn 4096',
    '',
    'defaults',
    '    mode http',
    '    timeout connect 2s',
    '    timeout client 60s',
    '    timeout server 60s',
    // As deploy/haproxy.cfg: headers trickled a line at a time no longer hold a connection for ever.
    '    timeout http-request 10s',
    '    timeout client-fin 5s',
    // An idle client connection closes after 30 s, and every answer says it will after 25 (below):
    // a client closes it first, never reusing one haproxy is closing ("socket hang up").
    '    timeout http-keep-alive 30s',
    '    timeout queue 10s',
    '    timeout tunnel 1h',
    '    retries 3',
    '    option redispatch',
    '    retry-on conn-failure empty-response response-timeout 503',
    '',
    'frontend shop',
    `    bind ${bind}:${port}`,
    '    maxconn 4000',
    // One address cannot take every connection (a slowloris from one machine); the rest stay for others.
    '    stick-table type ipv6 size 100k expire 30s store conn_cur',
    '    tcp-request connection track-sc0 src',
    `    tcp-request connection reject if { sc0_conn_cur gt ${PER_SOURCE_CONNECTIONS} }`,
    // The client's address is the connection's source: a client-written X-Forwarded-For is replaced.
    '    http-request set-header X-Forwarded-For %[src]',
    '    default_backend instances',
    '',
    'backend instances',
    '    balance roundrobin',
    '    option httpchk GET /readyz',
    '    http-check expect status 200',
    // Without this haproxy resends any method after an empty answer or a 503 (its configuration manual, "retry-on").
    '    http-request disable-l7-retry unless METH_GET || METH_OPTIONS',
    '    default-server inter 1s fastinter 500ms downinter 500ms fall 2 rise 2',
    '    http-response set-header X-Served-By %[srv_name]',
    // haproxy's own keep-alive, not the instance's (65 s, kept longer than haproxy's so haproxy closes first).
    '    http-response set-header Keep-Alive timeout=25',
    ...servers,
    '',
  ].join('\n');
}

/** One command on the stats socket (`show stat`, `show servers state` …); resolves with haproxy's answer. */
export function haproxyCommand(statsSocket, command) {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.connect(statsSocket, () => socket.write(`${command}\n`));
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** Each instance's state as haproxy sees it: `UP`, `DOWN`, `MAINT`, `UP 1/2` (rising) … by server name. */
export async function serverStates(statsSocket) {
  const [header, ...rows] = (await haproxyCommand(statsSocket, 'show stat')).trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const states = {};
  for (const row of rows) {
    const fields = Object.fromEntries(row.split(',').map((value, i) => [columns[i], value]));
    if (fields.pxname === 'instances' && fields.svname !== 'BACKEND') states[fields.svname] = fields.status;
  }
  return states;
}
