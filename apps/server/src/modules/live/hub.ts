import {
  LIVE_ANONYMOUS_NAME,
  LIVE_BOARD_INTERVAL_MS,
  liveServerMessageSchema,
  mergedPurchaseBannerText,
  purchaseBannerText,
  type LiveBusEvent,
  type LiveServerMessage,
} from '@kujiya/shared';
import { BoardFeed } from './boards.ts';

/** What the hub needs of a socket (the `ws` WebSocket has it; tests pass fakes). */
export interface LiveSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  ping(): void;
  terminate(): void;
  close(code: number, reason: string): void;
}

export interface LiveClient {
  socket: LiveSocket;
  ip: string;
  userId?: string;
  /** The bearer token the socket signed in with: its session is checked again periodically. */
  token?: string;
  /** Answered the last ping (heartbeat). */
  alive: boolean;
  /** The sets whose live board it watches. */
  watching: Set<string>;
}

export interface LiveHubOptions {
  /** Open sockets allowed per client address. */
  maxSocketsPerIp: number;
  /** Ping period; a socket that has not answered the previous ping is closed. */
  heartbeatMs: number;
  /** A socket with more than this waiting to be sent is a slow client and is dropped. */
  maxBufferedBytes: number;
  /** At most one purchase banner per this period; purchases in between are merged. */
  bannerIntervalMs: number;
  /**
   * Banner sends per second this instance allows itself: with more sockets than this many per period,
   * the period grows so that a drop's audience costs the same as a quiet day (docs/rules/live.md).
   */
  bannerSendsPerSecond: number;
  /** At most one prize board of a set per this period. */
  boardIntervalMs: number;
}

export const defaultHubOptions: LiveHubOptions = {
  maxSocketsPerIp: 50,
  heartbeatMs: 30_000,
  maxBufferedBytes: 64 * 1024,
  bannerIntervalMs: 500,
  bannerSendsPerSecond: 1000,
  boardIntervalMs: LIVE_BOARD_INTERVAL_MS,
};

type PurchaseEvent = Extract<LiveBusEvent, { kind: 'purchase' }>;
const OPEN = 1;

/** The banner for these purchases, or null when there are none. */
export function bannerFor(events: readonly PurchaseEvent[]): LiveServerMessage | null {
  const last = events[events.length - 1];
  if (!last) return null;
  const buyers = new Set(events.map((e) => e.buyerId)).size;
  if (buyers === 1) {
    return {
      type: 'purchase',
      username: last.displayName,
      productName: last.productName,
      message: purchaseBannerText(last.displayName, last.productName),
    };
  }
  return {
    type: 'purchase',
    username: LIVE_ANONYMOUS_NAME,
    productName: last.productName,
    message: mergedPurchaseBannerText(
      buyers,
      events.map((e) => e.productName),
    ),
    count: buyers,
  };
}

/**
 * This instance's live sockets: per-address limits, heartbeats, purchase banners merged during a
 * burst, and per-shopper events. Sending never waits: a socket whose send buffer is over the limit
 * is dropped, so one slow client cannot hold up the others.
 */
export class LiveHub {
  readonly clients = new Set<LiveClient>();
  private readonly byUser = new Map<string, Set<LiveClient>>();
  private readonly perIp = new Map<string, number>();
  /** The rooms each shopper on this instance was last told they wait in (not yet admitted). */
  private readonly waitingIn = new Map<string, Set<string>>();
  private pending: PurchaseEvent[] = [];
  private lastBannerAt = -Infinity;
  private bannerTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  /** Sockets dropped for a full send buffer (observability and tests). */
  droppedSlow = 0;
  /** The live prize boards of the sets this instance's sockets watch. */
  readonly boards: BoardFeed<LiveClient>;

  constructor(
    readonly options: LiveHubOptions = defaultHubOptions,
    private readonly onDrop: (client: LiveClient, reason: string) => void = () => {},
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.boards = new BoardFeed(options.boardIntervalMs, (client, text) => this.send(client, text), onError);
  }

  canAccept(ip: string): boolean {
    return (this.perIp.get(ip) ?? 0) < this.options.maxSocketsPerIp;
  }

  add(socket: LiveSocket, ip: string): LiveClient {
    const client: LiveClient = { socket, ip, alive: true, watching: new Set() };
    this.clients.add(client);
    this.perIp.set(ip, (this.perIp.get(ip) ?? 0) + 1);
    return client;
  }

  authenticate(client: LiveClient, userId: string, token?: string): void {
    if (!this.clients.has(client)) return;
    client.userId = userId;
    if (token) client.token = token;
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(client);
  }

  remove(client: LiveClient): void {
    if (!this.clients.delete(client)) return;
    this.boards.forget(client);
    const left = (this.perIp.get(client.ip) ?? 1) - 1;
    if (left > 0) this.perIp.set(client.ip, left);
    else this.perIp.delete(client.ip);
    if (client.userId) {
      const set = this.byUser.get(client.userId);
      set?.delete(client);
      if (set?.size === 0) {
        this.byUser.delete(client.userId);
        this.waitingIn.delete(client.userId);
      }
    }
  }

  /** Sends one message; drops the client instead when its send buffer is over the limit. */
  send(client: LiveClient, text: string): boolean {
    const { socket } = client;
    if (socket.readyState !== OPEN) return false;
    if (socket.bufferedAmount > this.options.maxBufferedBytes) {
      this.droppedSlow++;
      this.drop(client, 'slow client: send buffer full');
      return false;
    }
    socket.send(text);
    return true;
  }

  sendMessage(client: LiveClient, message: LiveServerMessage): boolean {
    return this.send(client, JSON.stringify(liveServerMessageSchema.parse(message)));
  }

  /** The signed-in shoppers with a socket on this instance. */
  connectedUserIds(): string[] {
    return [...this.byUser.keys()];
  }

  /**
   * One message to every socket of a shopper on this instance. Not parsed again: its type is the
   * contract's, and a drop's room sends thousands of these at its opening (docs/performance.md).
   */
  sendToUser(userId: string, message: LiveServerMessage): void {
    const sockets = this.byUser.get(userId);
    if (!sockets) return;
    if (message.type === 'drop') this.noteRoom(userId, message.setId, !message.admitted);
    const text = JSON.stringify(message);
    for (const client of sockets) this.send(client, text);
  }

  /**
   * Shoppers connected here who wait in a set's room, known before each is told a place: at a drop's
   * opening the places go out slice by slice, and the first banners must not reach those not told yet.
   */
  noteWaiting(setId: string, userIds: readonly string[]): void {
    for (const userId of userIds) if (this.byUser.has(userId)) this.noteRoom(userId, setId, true);
  }

  /**
   * A shopper told a place in a room (not admitted) gets no purchase banners until admitted or the
   * room closes: the room's messages are the news, and at a drop's opening the banners' fan-out to
   * thousands of waiting sockets would take the CPU the admitted buyers need (docs/rules/live.md).
   */
  private noteRoom(userId: string, setId: string, waiting: boolean): void {
    const rooms = this.waitingIn.get(userId);
    if (waiting) {
      if (rooms) rooms.add(setId);
      else this.waitingIn.set(userId, new Set([setId]));
    } else if (rooms?.delete(setId) && rooms.size === 0) this.waitingIn.delete(userId);
  }

  /** An event from the bus (any instance). */
  deliver(event: LiveBusEvent): void {
    if (event.kind === 'purchase') return this.queuePurchase(event);
    if (event.kind === 'board') return this.boards.changed(event.setId);
    const text = JSON.stringify(liveServerMessageSchema.parse({ type: event.event }));
    for (const client of this.byUser.get(event.userId) ?? []) this.send(client, text);
  }

  private queuePurchase(event: PurchaseEvent): void {
    this.pending.push(event);
    if (this.bannerTimer) return;
    // The first purchase after a quiet period goes out on the next tick; later ones wait for the period.
    const wait = Math.max(0, this.lastBannerAt + this.bannerPeriodMs() - performance.now());
    this.bannerTimer = setTimeout(() => this.flushBanners(), wait);
    this.bannerTimer.unref();
  }

  /**
   * The period between banners: `bannerIntervalMs`, longer when this instance has more sockets than
   * its send budget covers in that time (5,000 sockets at 1,000 sends a second: one banner per 5 s,
   * still more often than the web's toast (3 s) is read).
   */
  bannerPeriodMs(): number {
    const { bannerIntervalMs, bannerSendsPerSecond } = this.options;
    return Math.max(bannerIntervalMs, (this.clients.size * 1000) / bannerSendsPerSecond);
  }

  private flushBanners(): void {
    try {
      this.sendBanners();
    } catch (error) {
      // A timer callback must never throw (it would stop the process); the batch is dropped.
      this.onError(error);
    }
  }

  private sendBanners(): void {
    this.bannerTimer = undefined;
    const events = this.pending;
    this.pending = [];
    this.lastBannerAt = performance.now();
    const forAll = bannerFor(events);
    if (!forAll) return;
    const text = JSON.stringify(liveServerMessageSchema.parse(forAll));
    const buyers = new Set(events.map((e) => e.buyerId));
    // A buyer's own purchase is left out of the banners they get.
    const forBuyer = new Map<string, string | null>();
    for (const client of [...this.clients]) {
      if (client.userId && this.waitingIn.has(client.userId)) continue;
      if (client.userId && buyers.has(client.userId)) {
        let own = forBuyer.get(client.userId);
        if (own === undefined) {
          const banner = bannerFor(events.filter((e) => e.buyerId !== client.userId));
          own = banner ? JSON.stringify(liveServerMessageSchema.parse(banner)) : null;
          forBuyer.set(client.userId, own);
        }
        if (own) this.send(client, own);
      } else this.send(client, text);
    }
  }

  pong(client: LiveClient): void {
    client.alive = true;
  }

  /** One heartbeat round: close the sockets that missed the last ping, ping the others. */
  beat(): void {
    for (const client of [...this.clients]) {
      if (!client.alive) {
        this.drop(client, 'no answer to ping');
        continue;
      }
      client.alive = false;
      try {
        client.socket.ping();
      } catch {
        this.drop(client, 'ping failed');
      }
    }
  }

  start(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Closes every socket with `code` (the client's cue, e.g. reconnect now) and forgets them. */
  closeAll(code: number, reason: string): void {
    for (const client of [...this.clients]) this.close(client, code, reason);
  }

  /** Closes one socket with `code` and forgets it. */
  close(client: LiveClient, code: number, reason: string): void {
    this.remove(client);
    try {
      client.socket.close(code, reason);
    } catch {
      client.socket.terminate();
    }
  }

  stop(): void {
    clearInterval(this.heartbeat);
    clearTimeout(this.bannerTimer);
    this.boards.stop();
    this.heartbeat = undefined;
    this.bannerTimer = undefined;
    for (const client of [...this.clients]) client.socket.terminate();
    this.clients.clear();
  }

  private drop(client: LiveClient, reason: string): void {
    this.remove(client);
    client.socket.terminate();
    this.onDrop(client, reason);
  }
}
