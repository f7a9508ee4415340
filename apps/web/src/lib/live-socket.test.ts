import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveSocketClient, liveSocketUrl } from './live-socket';

class FakeSocket extends EventTarget {
  sent: string[] = [];
  closedWith: number | undefined;
  constructor(readonly url: string) {
    super();
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.dispatchEvent(new Event('close'));
  }
  receive(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }
}

describe('live socket client', () => {
  afterEach(() => vi.useRealTimers());

  function setup(token: string | null) {
    const sockets: FakeSocket[] = [];
    const client = new LiveSocketClient({
      url: 'ws://shop/ws',
      getToken: () => token,
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
    });
    return { client, sockets };
  }

  it('sends the token as the first message and passes on only valid messages', () => {
    const { client, sockets } = setup('jwt');
    const got: unknown[] = [];
    client.subscribe((m) => got.push(m));
    client.start();
    sockets[0]!.dispatchEvent(new Event('open'));
    expect(sockets[0]!.sent).toEqual([JSON.stringify({ type: 'auth', token: 'jwt' })]);
    sockets[0]!.receive({ type: 'purchase', username: 'bob', productName: 'Set', message: 'bob just bought Set!' });
    sockets[0]!.receive({ type: 'purchase', username: 'no message field' });
    sockets[0]!.receive('not json');
    expect(got).toEqual([{ type: 'purchase', username: 'bob', productName: 'Set', message: 'bob just bought Set!' }]);
  });

  it('sends nothing when signed out and reconnects 5 s after a loss', () => {
    vi.useFakeTimers();
    const { client, sockets } = setup(null);
    client.start();
    sockets[0]!.dispatchEvent(new Event('open'));
    expect(sockets[0]!.sent).toEqual([]);
    sockets[0]!.dispatchEvent(new Event('close'));
    vi.advanceTimersByTime(4_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    client.stop();
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(2);
  });

  it('reconnects at once when the server closes for a restart (1012), to whichever instance answers', () => {
    vi.useFakeTimers();
    const { client, sockets } = setup(null);
    client.start();
    sockets[0]!.dispatchEvent(new Event('open'));
    sockets[0]!.dispatchEvent(Object.assign(new Event('close'), { code: 1012 }));
    vi.advanceTimersByTime(0);
    expect(sockets).toHaveLength(2);
    // Any other close (a lost network) still waits the 5 s.
    sockets[1]!.dispatchEvent(Object.assign(new Event('close'), { code: 1006 }));
    vi.advanceTimersByTime(4_999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    client.stop();
  });

  it('builds the address from the page', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'kujiya.sg' })).toBe('wss://kujiya.sg/ws');
    expect(liveSocketUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws');
  });

  it('sends the watched sets after the auth on open, at once when already open, and again after a reconnect', () => {
    vi.useFakeTimers();
    const { client, sockets } = setup('jwt');
    const a = crypto.randomUUID();
    const b = crypto.randomUUID();
    client.watch([a, a]);
    client.start();
    const first = sockets[0]!;
    first.dispatchEvent(new Event('open'));
    expect(first.sent.map((s) => JSON.parse(s))).toEqual([
      { type: 'auth', token: 'jwt' },
      { type: 'watch', setIds: [a] },
    ]);
    Object.assign(first, { readyState: 1 });
    client.watch([a, b]);
    client.watch([a, b]);
    expect(first.sent.slice(2).map((s) => JSON.parse(s))).toEqual([{ type: 'watch', setIds: [a, b] }]);
    first.close(1006);
    vi.advanceTimersByTime(5_000);
    const second = sockets[1]!;
    second.dispatchEvent(new Event('open'));
    expect(JSON.parse(second.sent.at(-1)!)).toEqual({ type: 'watch', setIds: [a, b] });
  });
});
