import crypto from 'node:crypto';
import WebSocket from 'ws';
import { ErrorCode, IDEMPOTENCY_KEY_HEADER, liveServerMessageSchema, type LiveServerMessage } from '@kujiya/shared';

/**
 * Steady mixed load through a cluster's haproxy for the `*.cluster.test.ts` files: catalogue reads,
 * balance reads and token purchases, each in its own loop. A purchase carries a fresh Idempotency-Key
 * and, like the web app after a network failure, is sent again with the same key until an answer
 * arrives (docs/operations.md, "Idempotent money calls").
 */
export interface LoadShopper {
  userId: string;
  username: string;
  authorization: string;
}

/**
 * A purchase the client knows was carried out: its key, and the order the (first or replayed) answer
 * named; `orderId` is null when the shop could only say the key was spent (the instance died between
 * the purchase's commit and storing its answer, IDEMPOTENCY_KEY_SPENT).
 */
export interface BoughtPurchase {
  key: string;
  userId: string;
  orderId: string | null;
  /** How many times it was sent before an answer came. */
  attempts: number;
  /** When the final answer arrived (ms since the epoch). */
  answeredAt: number;
}

export interface LoadReport {
  catalogueReads: number;
  balanceReads: number;
  /** Reads answered with anything but 200, or not at all. */
  failedReads: Array<{ url: string; status: number; at: number }>;
  purchases: BoughtPurchase[];
  /** Purchases answered with a refusal (a 4xx but 409): e.g. a sold-out round. */
  refusedPurchases: Array<{ key: string; status: number; body: string }>;
  /** Sends of a purchase whose answer was lost (network error, 502/503/504) or still running (409). */
  retriedSends: number;
  /** Why purchases were sent again: how many sends got each status (0: no answer at all). */
  resentAfter: Record<string, number>;
  /** Every HTTP request sent, reads and purchase sends. */
  requests: number;
  /** Every answer by status, reads and each purchase send (0: no answer at all). */
  statuses: Record<string, number>;
  /** Why the first sends with no answer at all got none (the client's error), at most 20. */
  unanswered: string[];
}

/** What makes a purchase be sent again with its key: no answer, a gateway error, or "still running" (409). */
const RETRY_STATUSES = new Set([0, 409, 502, 503, 504]);

function errorCodeOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

/** The key was used and its purchase committed, but the answer is gone: final, not worth another send. */
export const keySpent = (answer: { status: number; body: string }) =>
  answer.status === 409 && errorCodeOf(answer.body) === ErrorCode.IDEMPOTENCY_KEY_SPENT;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function send(url: string, init: RequestInit): Promise<{ status: number; body: string }> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    return { status: res.status, body: await res.text() };
  } catch (error) {
    // fetch names the socket error only on its cause ("fetch failed": "other side closed", ECONNRESET …).
    return { status: 0, body: `${String(error)}: ${String((error as { cause?: unknown }).cause ?? '')}` };
  }
}

/**
 * One ticket of `setId` bought with tokens under `key`, sent again with the same key until an answer
 * arrives, as the web app retries a money call after a network failure.
 */
export async function purchaseWithKey(
  url: string,
  shopper: LoadShopper,
  setId: string,
  key: string,
  onAnswer: (answer: { status: number; body: string }) => void = () => {},
) {
  const body = JSON.stringify({ username: shopper.username, setId, ticketsBought: 1 });
  const resentAfter: number[] = [];
  for (let attempts = 1; ; attempts++) {
    const answer = await send(`${url}/api/token/use`, {
      method: 'POST',
      headers: {
        authorization: shopper.authorization,
        'content-type': 'application/json',
        [IDEMPOTENCY_KEY_HEADER]: key,
      },
      body,
    });
    onAnswer(answer);
    if (!RETRY_STATUSES.has(answer.status) || keySpent(answer)) return { ...answer, attempts, resentAfter };
    resentAfter.push(answer.status);
    await pause(200);
  }
}

/**
 * Starts the loops: `catalogueLoops` reading the listing, one balance loop per `readers` shopper and
 * one purchase loop per `buyers` entry (a shopper and the round they buy one ticket of at a time).
 * `stop()` ends every loop after its current call (a purchase first gets its answer) and reports.
 */
export function startMixedLoad(options: {
  url: string;
  catalogueLoops: number;
  readers: LoadShopper[];
  buyers: Array<{ shopper: LoadShopper; setId: string }>;
}) {
  let running = true;
  const report: LoadReport = {
    catalogueReads: 0,
    balanceReads: 0,
    failedReads: [],
    purchases: [],
    refusedPurchases: [],
    retriedSends: 0,
    resentAfter: {},
    requests: 0,
    statuses: {},
    unanswered: [],
  };
  const count = ({ status, body }: { status: number; body: string }) => {
    report.statuses[status] = (report.statuses[status] ?? 0) + 1;
    if (status === 0 && report.unanswered.length < 20) report.unanswered.push(body.slice(0, 200));
  };

  async function readLoop(path: string, authorization?: string) {
    while (running) {
      const answer = await send(`${options.url}${path}`, { headers: authorization ? { authorization } : {} });
      const { status } = answer;
      report.requests += 1;
      count(answer);
      if (path.includes('balance')) report.balanceReads += 1;
      else report.catalogueReads += 1;
      if (status !== 200) report.failedReads.push({ url: path, status, at: Date.now() });
      await pause(5);
    }
  }

  async function purchaseLoop(shopper: LoadShopper, setId: string) {
    while (running) {
      const key = crypto.randomUUID();
      const answer = await purchaseWithKey(options.url, shopper, setId, key, count);
      const answeredAt = Date.now();
      report.requests += answer.attempts;
      report.retriedSends += answer.attempts - 1;
      for (const status of answer.resentAfter) report.resentAfter[status] = (report.resentAfter[status] ?? 0) + 1;
      if (answer.status === 200) {
        const { orderId } = JSON.parse(answer.body) as { orderId: string };
        report.purchases.push({ key, userId: shopper.userId, orderId, attempts: answer.attempts, answeredAt });
      } else if (keySpent(answer))
        report.purchases.push({ key, userId: shopper.userId, orderId: null, attempts: answer.attempts, answeredAt });
      else report.refusedPurchases.push({ key, status: answer.status, body: answer.body.slice(0, 200) });
      await pause(20);
    }
  }

  const loops = [
    ...Array.from({ length: options.catalogueLoops }, () => readLoop('/api/ichiban-kuji-products')),
    ...options.readers.map((reader) => readLoop('/api/token/balance', reader.authorization)),
    ...options.buyers.map(({ shopper, setId }) => purchaseLoop(shopper, setId)),
  ];
  return {
    report,
    async stop(): Promise<LoadReport> {
      running = false;
      await Promise.all(loops);
      return report;
    },
  };
}

/** One connection of a `ReconnectingSocket`: which instance answered the upgrade, and what it sent. */
export interface SocketConnection {
  servedBy: string;
  openedAt: number;
  closedAt?: number;
  closeCode?: number;
  messages: LiveServerMessage[];
}

/**
 * A node client of /ws that behaves like the web app's (apps/web/src/lib/live-socket.ts): it sends
 * the shopper's token first and opens a new connection shortly after one is lost, to whichever
 * instance haproxy picks. haproxy's `X-Served-By` on the upgrade answer tells which instance that is.
 */
export class ReconnectingSocket {
  readonly connections: SocketConnection[] = [];
  private socket: WebSocket | undefined;
  private running = true;

  constructor(
    private readonly url: string,
    private readonly token?: string,
    private readonly reconnectMs = 200,
  ) {
    this.open();
  }

  get current(): SocketConnection | undefined {
    return this.connections.at(-1);
  }

  private open(): void {
    const socket = new WebSocket(`${this.url.replace(/^http/, 'ws')}/ws`);
    this.socket = socket;
    let connection: SocketConnection | undefined;
    socket.on('upgrade', (res) => {
      connection = { servedBy: String(res.headers['x-served-by'] ?? ''), openedAt: Date.now(), messages: [] };
      this.connections.push(connection);
    });
    socket.on('open', () => {
      if (this.token) socket.send(JSON.stringify({ type: 'auth', token: this.token }));
    });
    socket.on('message', (data) => {
      const parsed = liveServerMessageSchema.safeParse(JSON.parse(String(data)));
      if (parsed.success) connection?.messages.push(parsed.data);
    });
    socket.on('error', () => {}); // a 'close' follows
    socket.on('close', (code) => {
      if (connection) Object.assign(connection, { closedAt: Date.now(), closeCode: code });
      if (this.running) setTimeout(() => this.running && this.open(), this.reconnectMs);
    });
  }

  close(): void {
    this.running = false;
    this.socket?.terminate();
  }
}
