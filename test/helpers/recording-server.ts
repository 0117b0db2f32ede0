// A plain HTTP server on one loopback address that records the paths it was asked for: the SSRF
// tests start a "public" and an "internal" one on the same port and check which was reached.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server on `address:port` answering `routes` by path (404 for any other) and recording every path asked. */
export function recordingServer(address: string, port: number, routes: Record<string, (res: ServerResponse) => void>) {
  const hits: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url!.split('?')[0]!;
    hits.push(path);
    (routes[path] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res);
  });
  return {
    hits,
    start: () => new Promise<number>((resolve) => server.listen(port, address, () => resolve((server.address() as AddressInfo).port))),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
