import net from 'node:net';

/**
 * A TCP port that forwards to another (a test's PostgreSQL) while it is open: `close()` refuses new
 * connections and cuts the open ones, as a stopped or unreachable database server does; `open()`
 * listens again on the same port.
 */
export interface TcpForwarder {
  port: number;
  open(): Promise<void>;
  close(): Promise<void>;
}

export function tcpForwarder(port: number, target: { host: string; port: number }): TcpForwarder {
  let server: net.Server | undefined;
  const sockets = new Set<net.Socket>();
  const forward = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  };
  return {
    port,
    open: () =>
      new Promise<void>((resolve, reject) => {
        server = net.createServer(forward);
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
  };
}
