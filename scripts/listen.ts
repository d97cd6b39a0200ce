/**
 * Starts a node:http server on host:port (0 = a free port) and returns its base URL, e.g.
 * http://127.0.0.1:5174; IPv6 hosts are bracketed and wildcard hosts shown as 127.0.0.1.
 * Rejects with the server's error (EADDRINUSE, ...) when it cannot listen.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function listen(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: bound } = server.address() as AddressInfo;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${bound}`;
}
