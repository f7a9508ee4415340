import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import WebSocket from 'ws';

/**
 * Clients of the edge tests (`edge.cluster.test.ts`): HTTP calls and live sockets from a chosen
 * source address, and slow clients that trickle their headers (a slowloris).
 */

/** This machine's first non-loopback IPv4 address: a client from it is "another machine" to the shop. */
export function ownInterfaceAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
}

export interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One HTTP request to `url` from the source address `from`. */
export function callFrom(
  from: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const started = performance.now();
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: options.method ?? 'GET',
        localAddress: from,
        agent: false,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers },
        timeout: 30_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url} in 30 s`)));
    request.on('error', reject);
    request.end(payload);
  });
}

/** Opens a live socket from `from`; resolves with the open socket, or the HTTP status that refused the upgrade. */
export function openSocketFrom(
  from: string,
  url: string,
  headers: Record<string, string>,
): Promise<{ socket?: WebSocket; refusedWith?: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, { headers, localAddress: from });
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_request, response) => {
      resolve({ refusedWith: response.statusCode });
      response.resume();
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

/** What happened to one slow client: refused at once, or how long the server let it trickle. */
export interface SlowClient {
  /** Closed before it could send its second line: haproxy refused the connection. */
  refused: boolean;
  /** The connection has ended (either way). */
  closed: boolean;
  /** Milliseconds from connect to the server's close; undefined while open. */
  heldMs?: number;
  /** The first bytes the server answered (haproxy's 408 when it cut the request). */
  answer: string;
}

/**
 * A slowloris: `count` connections from `from` that each send a request line and then one header
 * line every `everyMs`, never finishing the headers. Resolves once every connection is up (or
 * refused); `stop()` ends those still open.
 */
export async function slowloris(
  from: string,
  url: string,
  count: number,
  everyMs: number,
): Promise<{ clients: SlowClient[]; stop: () => void }> {
  const { hostname, port } = new URL(url);
  const sockets: net.Socket[] = [];
  const clients = await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const client: SlowClient = { refused: false, closed: false, answer: '' };
      return new Promise<SlowClient>((resolve) => {
        const socket = net.connect({ host: hostname, port: Number(port), localAddress: from });
        sockets.push(socket);
        let connectedAt = 0;
        let lines = 0;
        const timer = setInterval(() => socket.write(`X-Slow-${lines++}: ${i}\r\n`), everyMs);
        socket.on('connect', () => {
          connectedAt = performance.now();
          socket.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}\r\n`);
          resolve(client);
        });
        socket.on('data', (chunk) => (client.answer += chunk.toString().slice(0, 200)));
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearInterval(timer);
          client.closed = true;
          if (!connectedAt) {
            client.refused = true;
            return resolve(client);
          }
          client.heldMs = performance.now() - connectedAt;
          client.refused = lines === 0 && client.heldMs < everyMs;
        });
      });
    }),
  );
  return { clients, stop: () => sockets.forEach((socket) => socket.destroy()) };
}
