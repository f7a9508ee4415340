import {
  LIVE_CLOSE_SERVICE_RESTART,
  LIVE_RECONNECT_MS,
  LIVE_WATCH_MAX_SETS,
  liveServerMessageSchema,
  type LiveServerMessage,
} from '@kujiya/shared';

/** WebSocket.OPEN (the constant, so tests' fake sockets need no global WebSocket). */
const OPEN = 1;

type Listener = (message: LiveServerMessage) => void;

export interface LiveSocketOptions {
  /** ws:// or wss:// address of /ws. */
  url: string;
  /** The signed-in shopper's bearer token, sent as the first message (never in the URL). */
  getToken: () => string | null;
  reconnectMs?: number;
  createSocket?: (url: string) => WebSocket;
}

/**
 * One shared connection to the shop's live socket: parses every message with the shared schema,
 * hands it to the listeners, and reopens the socket 5 s after it is lost, at once when the server
 * closed it for a restart (1012, docs/operations.md). Works signed out too
 * (the purchase banners are public).
 */
export class LiveSocketClient {
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private readonly listeners = new Set<Listener>();
  private readonly reconnectMs: number;
  private watched: string[] = [];

  constructor(private readonly options: LiveSocketOptions) {
    this.reconnectMs = options.reconnectMs ?? LIVE_RECONNECT_MS;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The sets whose live prize board this page wants (docs/rules/drops.md, "Live board"): sent now
   * when connected, and again after every reconnect.
   */
  watch(setIds: readonly string[]): void {
    const next = [...new Set(setIds)].slice(0, LIVE_WATCH_MAX_SETS);
    if (next.join() === this.watched.join()) return;
    this.watched = next;
    if (this.socket?.readyState === OPEN) this.sendWatch(this.socket);
  }

  private sendWatch(socket: WebSocket): void {
    socket.send(JSON.stringify({ type: 'watch', setIds: this.watched }));
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.open();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
  }

  /** After login or logout: a new connection right away with the new identity. */
  restart(): void {
    this.stop();
    this.start();
  }

  private open(): void {
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url));
    const socket = create(this.options.url);
    this.socket = socket;
    socket.addEventListener('open', () => {
      const token = this.options.getToken();
      if (token) socket.send(JSON.stringify({ type: 'auth', token }));
      // After the auth: the server takes `auth` only as the first message.
      if (this.watched.length > 0) this.sendWatch(socket);
    });
    socket.addEventListener('message', (event) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const parsed = liveServerMessageSchema.safeParse(data);
      if (parsed.success) this.listeners.forEach((listener) => listener(parsed.data));
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return; // replaced by restart()
      this.socket = null;
      // 1012: the instance is restarting (a deploy); another one answers now, so no wait.
      const wait = event.code === LIVE_CLOSE_SERVICE_RESTART ? 0 : this.reconnectMs;
      if (this.running) this.timer = setTimeout(() => this.running && this.open(), wait);
    });
  }
}

/** The address of /ws on the page's own host (Vite's dev server proxies it). */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}
