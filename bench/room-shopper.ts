/**
 * One shopper of the drop-with-a-room benchmark (bench/room.ts): a keep-alive HTTP connection of its
 * own (`BenchConnection`), a live socket (`/ws`, authenticated) or 2-second status polls, the join,
 * and the purchases up to the set's limit as soon as the room admits it (docs/performance.md).
 */
import WebSocket from 'ws';
import { dropStatusPollMs } from '@kujiya/shared';
import { BenchConnection } from './lib.ts';

/** Wall-clock milliseconds with sub-millisecond precision, comparable with the opening time. */
export const wallClock = () => performance.timeOrigin + performance.now();

export interface BenchShopper {
  id: string;
  username: string;
  token: string;
}

/** One room answer or socket message as the shopper saw it (`at`: wall clock). */
export interface RoomUpdate {
  at: number;
  position: number | null;
  admitted: boolean;
}

export interface ShopperPlan {
  setId: string;
  /** Tickets the shopper tries to buy in all (the set's `maxTicketsPerShopper`). */
  limit: number;
  /** Tickets per order (the set's `maxTicketsPerOrder`, else the limit). */
  perOrder: number;
  /** After reaching the limit, one more 1-ticket order that the shop must refuse. */
  probe: boolean;
  /**
   * Poll `GET …/status` every this many ms while waiting (2,000 without sockets); null: as the web app
   * does beside its socket, `dropStatusPollMs` after the room's last word, restarted by every word.
   */
  pollMs: number | null;
}

interface RoomAnswer {
  setId?: string;
  joined?: boolean;
  opensAt?: string | null;
  position?: number | null;
  admitted?: boolean;
  /** Not in the contract: used when the room says when it admitted the shopper. */
  admittedAt?: string;
  /** Not in the contract: the entrant list hash, if the room's answers publish it. */
  entrantListHash?: string;
}

export class RoomShopper {
  joinStatus = 0;
  authenticated = false;
  /** When the shopper learnt it may buy (wall clock): its admission, or the opening without a room. */
  admittedAt: number | undefined;
  /** The room's own admission time when its answers carry one (`admittedAt`, not in the contract). */
  serverAdmittedAt: number | undefined;
  readonly updates: RoomUpdate[] = [];
  readonly accepted: { at: number; tickets: number }[] = [];
  readonly refusals = new Map<string, number>();
  serverErrors = 0;
  /** The entrant list hash, when a room answer carried one. */
  entrantListHash: string | undefined;
  /** The limit probe's outcome: 'accepted', or the refusal's code. */
  probe: string | undefined;
  private readonly http: BenchConnection;
  private socket: WebSocket | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private pollTimer: NodeJS.Timeout | undefined;
  private waiting = false;
  /** The room's last word, socket messages merged into the last status as the web app's query does. */
  private lastWord: RoomAnswer = {};
  private readonly pollSpread = Math.random();
  private buying: Promise<void> | undefined;
  private stopped = false;

  constructor(
    readonly shopper: BenchShopper,
    readonly baseUrl: string,
    private readonly plan: ShopperPlan,
    /** Called with the tickets a purchase took, so the run knows when the round is sold out. */
    private readonly onSold: (tickets: number) => void,
  ) {
    this.http = BenchConnection.open(baseUrl);
  }

  /** Requests on the shopper's one connection, one after the other (polls and purchases share it). */
  private send(method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = { authorization: `Bearer ${this.shopper.token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const answer = this.queue.then(() =>
      this.http.request(method, path, headers, body === undefined ? undefined : JSON.stringify(body)),
    );
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  /** Opens the live socket and waits (at most 15 s) until it is authenticated. */
  openSocket(): Promise<void> {
    const url = new URL('/ws', this.baseUrl);
    url.protocol = 'ws:';
    const socket = new WebSocket(url, { perMessageDeflate: false });
    this.socket = socket;
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, 15_000);
      socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: this.shopper.token })));
      socket.on('error', () => resolve());
      socket.on('message', (data: Buffer) => {
        let message: { type?: string } & RoomAnswer;
        try {
          message = JSON.parse(String(data));
        } catch {
          return;
        }
        if (message.type === 'authenticated') {
          this.authenticated = true;
          clearTimeout(timer);
          resolve();
        } else if (message.type === 'drop' && message.setId === this.plan.setId) this.onRoomAnswer(message);
      });
    });
  }

  /** The product page: the listing (it also warms the instance and the connection). */
  async openPage(): Promise<void> {
    await this.send('GET', '/api/ichiban-kuji-products');
  }

  async join(): Promise<number> {
    const answer = await this.send('POST', `/api/drops/${this.plan.setId}/join`, {});
    this.joinStatus = answer.status;
    if (answer.status < 300) this.onRoomAnswer(JSON.parse(answer.body) as RoomAnswer);
    return answer.status;
  }

  /** Waits in the room: polls the status (every `pollMs`, the first after a random share of it; or as the web app). */
  waitInRoom(): void {
    this.waiting = true;
    this.schedulePoll(this.plan.pollMs === null ? undefined : Math.random() * this.plan.pollMs);
  }

  private schedulePoll(delayMs?: number): void {
    clearTimeout(this.pollTimer);
    if (this.stopped || this.admittedAt !== undefined) return;
    const wait = delayMs ?? this.plan.pollMs ?? dropStatusPollMs(this.statusWord(), Date.now(), this.pollSpread);
    this.pollTimer = setTimeout(() => void this.poll(), wait);
  }

  private statusWord() {
    const { joined = false, admitted = false, position = null, opensAt = null } = this.lastWord;
    return { joined, admitted, position, opensAt };
  }

  private async poll(): Promise<void> {
    if (this.stopped || this.admittedAt !== undefined) return;
    const answer = await this.send('GET', `/api/drops/${this.plan.setId}/status`).catch(() => undefined);
    if (answer && answer.status < 300) this.onRoomAnswer(JSON.parse(answer.body) as RoomAnswer, true);
    else this.schedulePoll();
  }

  /** Without a room: everyone may buy from the opening. */
  admitAt(at: number): void {
    this.admittedAt = at;
    this.buying = this.buy();
  }

  private onRoomAnswer(answer: RoomAnswer, polled = false): void {
    const at = wallClock();
    this.updates.push({ at, position: answer.position ?? null, admitted: answer.admitted === true });
    this.lastWord = { ...this.lastWord, ...answer };
    // A fixed period counts from the last poll; the web app's wait from the room's last word.
    if (this.waiting && (polled || this.plan.pollMs === null)) this.schedulePoll();
    if (answer.entrantListHash) this.entrantListHash = answer.entrantListHash;
    if (answer.admitted !== true || this.admittedAt !== undefined) return;
    this.admittedAt = at;
    if (answer.admittedAt) this.serverAdmittedAt = Date.parse(answer.admittedAt);
    clearTimeout(this.pollTimer);
    this.buying = this.buy();
  }

  private refused(code: string): void {
    this.refusals.set(code, (this.refusals.get(code) ?? 0) + 1);
  }

  /** Buys up to the limit (orders of `perOrder`), then probes the limit once. */
  private async buy(): Promise<void> {
    let bought = 0;
    let ask = Math.min(this.plan.perOrder, this.plan.limit);
    let retries = 0;
    while (!this.stopped && bought < this.plan.limit) {
      const answer = await this.order(ask).catch(() => undefined);
      if (!answer) return;
      if (answer.status === 200) {
        const tickets = (JSON.parse(answer.body) as { totalTicketsBought: number }).totalTicketsBought;
        bought += tickets;
        this.accepted.push({ at: wallClock(), tickets });
        this.onSold(tickets);
        ask = Math.min(this.plan.perOrder, this.plan.limit - bought);
        continue;
      }
      if (answer.status >= 500) return void this.serverErrors++;
      const refusal = JSON.parse(answer.body || '{}') as { code?: string; ticketsLeft?: number };
      this.refused(refusal.code ?? String(answer.status));
      // An admission another instance has not seen yet, or a busy shop (403, 429): a few tries again.
      if ((answer.status === 403 || answer.status === 429) && retries++ < 3) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
      // Fewer left than asked: take what is left, as the popup offers.
      if (refusal.code !== 'NOT_ENOUGH_TICKETS' || !refusal.ticketsLeft || refusal.ticketsLeft >= ask) return;
      ask = refusal.ticketsLeft;
    }
    if (this.stopped || !this.plan.probe) return;
    const probe = await this.order(1).catch(() => undefined);
    if (!probe) return;
    this.probe =
      probe.status === 200
        ? 'accepted'
        : ((JSON.parse(probe.body || '{}') as { code?: string }).code ?? String(probe.status));
    if (probe.status === 200) this.onSold(1);
  }

  /** One ticket of another set (the bench's warm-up before the drop). */
  async buyOne(setId: string): Promise<number> {
    const answer = await this.send('POST', '/api/token/use', {
      setId,
      username: this.shopper.username,
      ticketsBought: 1,
    });
    return answer.status;
  }

  private order(ticketsBought: number) {
    return this.send('POST', '/api/token/use', {
      setId: this.plan.setId,
      username: this.shopper.username,
      ticketsBought,
    });
  }

  /** Stops polling, lets a purchase in flight finish (at most 10 s), closes both connections. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.pollTimer);
    await Promise.race([this.buying, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    this.socket?.terminate();
    this.http.close();
  }
}
