// A TCP proxy on loopback in front of a server, which a test cuts and restores to play the server
// going away and coming back without stopping it: `refuse` resets every connection (as a server
// that is down); `silence` forwards nothing more, on the connections open and on new ones, which
// it accepts (as a host gone quiet behind a broken network); `open` forwards, after dropping the
// connections that went quiet.
import { createServer, connect, type Socket } from 'node:net';

/** How the proxy treats connections. */
export type ProxyMode = 'open' | 'refuse' | 'silence';

/** A running proxy. */
export interface TcpProxy {
  /** The loopback port it listens on. */
  port: number;
  /** Switches mode. */
  set(mode: ProxyMode): void;
  /** Connections accepted so far. */
  accepted(): number;
  close(): Promise<void>;
}

/** Starts a proxy to `host:port` on a free loopback port, in mode `open`. */
export async function tcpProxy(host: string, port: number): Promise<TcpProxy> {
  let mode: ProxyMode = 'open';
  let accepted = 0;
  const live = new Set<Socket>();
  const piped = new Map<Socket, Socket>();
  const track = (socket: Socket) => {
    live.add(socket);
    socket.on('close', () => live.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    accepted += 1;
    track(client);
    if (mode === 'refuse') return void client.resetAndDestroy();
    if (mode === 'silence') return;
    const upstream = connect(port, host);
    track(upstream);
    piped.set(client, upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    set(next) {
      if (next === 'silence') {
        for (const [client, upstream] of piped) {
          client.unpipe(upstream);
          upstream.unpipe(client);
        }
      } else if (next === 'refuse' || mode === 'silence') {
        for (const socket of live) socket.resetAndDestroy();
      }
      piped.clear();
      mode = next;
    },
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of live) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
