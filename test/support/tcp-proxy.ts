import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Drops every open connection and refuses new ones, as a restarting server does. */
  cut(): Promise<void>;
  /** Accepts connections again on the same port. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

/** A loopback TCP relay in front of a real server, so a test can take that server away and give it back. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve(next));
    });
  server = await listen(0);
  const port = (server.address() as AddressInfo).port;
  const stop = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  return {
    port,
    cut: stop,
    async resume() {
      if (!server) server = await listen(port);
    },
    close: stop,
  };
}
