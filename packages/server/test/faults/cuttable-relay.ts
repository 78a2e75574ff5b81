import { createServer, Socket, type Server } from 'node:net';

/**
 * A loopback TCP relay to a real server that a test can cut (every connection dropped, new ones
 * refused) and restore on the same port: the app sees its database restart, while the shared
 * PostgreSQL itself keeps running for every other test.
 */
export interface CuttableRelay {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function cuttableRelay(host: string, targetPort: number): Promise<CuttableRelay> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = async () => {
    const next = createServer((client) => {
      const upstream = new Socket();
      sockets.add(client).add(upstream);
      upstream.connect(targetPort, host);
      client.pipe(upstream).pipe(client);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    const address = next.address();
    port = typeof address === 'object' && address ? address.port : 0;
    server = next;
  };

  const cut = async () => {
    const running = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
  };

  await listen();
  return { port, cut, restore: listen, close: cut };
}
