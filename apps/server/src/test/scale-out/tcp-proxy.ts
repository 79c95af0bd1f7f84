import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** The service's URL, pointed at the proxy instead. */
  relay(serviceUrl: string): string;
  /** Drops every connection and refuses new ones, as a crashed or unreachable server would. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A loopback TCP relay to a real service, so a test can take that service away and back. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no port');
  const { port } = address;

  const cut = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    relay: (serviceUrl) => {
      const url = new URL(serviceUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut,
    restore: () => listen(port),
    close: () => (server.listening ? cut() : Promise.resolve()),
  };
}
