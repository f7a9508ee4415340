import WebSocket from 'ws';
import { liveServerMessageSchema, type LiveServerMessage } from '@kujiya/shared';

/** A test client of /ws that keeps every parsed message and can wait for one. */
export interface TestSocket {
  ws: WebSocket;
  messages: LiveServerMessage[];
  next(predicate: (m: LiveServerMessage) => boolean, timeoutMs?: number): Promise<LiveServerMessage>;
  closed: Promise<number>;
  close(): void;
}

export function wsUrlOf(httpUrl: string): string {
  return `${httpUrl.replace(/^http/, 'ws')}/ws`;
}

/** Opens a socket, waits for `connected`, and authenticates when a token is given. */
export async function openTestSocket(
  httpUrl: string,
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<TestSocket> {
  const ws = new WebSocket(wsUrlOf(httpUrl), { headers: options.headers });
  const messages: LiveServerMessage[] = [];
  const waiters: Array<{ predicate: (m: LiveServerMessage) => boolean; resolve: (m: LiveServerMessage) => void }> = [];
  let seen = 0;
  ws.on('message', (data) => {
    const message = liveServerMessageSchema.parse(JSON.parse(String(data)));
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  const socket: TestSocket = {
    ws,
    messages,
    closed,
    close: () => ws.close(),
    next(predicate, timeoutMs = 15_000) {
      // Messages already received after the last `next` count too.
      const found = messages.slice(seen).find(predicate);
      if (found) {
        seen = messages.indexOf(found) + 1;
        return Promise.resolve(found);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching live message; got ${JSON.stringify(messages)}`)),
          timeoutMs,
        );
        waiters.push({
          predicate,
          resolve: (m) => {
            clearTimeout(timer);
            seen = messages.indexOf(m) + 1;
            resolve(m);
          },
        });
      });
    },
  };
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
  await socket.next((m) => m.type === 'connected');
  if (options.token) {
    ws.send(JSON.stringify({ type: 'auth', token: options.token }));
    await socket.next((m) => m.type === 'authenticated');
  }
  return socket;
}
