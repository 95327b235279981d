import { createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP service that is not an SMTP server (a cache, a database, an internal admin port): it greets
 * every connection with its own banner and answers every line with an error that names itself. What
 * the SMTP setting may reach on a private network, to check that its words never come back.
 */
export interface BannerService {
  readonly port: number;
  close(): Promise<void>;
}

export async function startBannerService(banner: string): Promise<BannerService> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.write(`${banner}\r\n`);
    socket.on('data', () => socket.write(`-ERR ${banner}\r\n`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
