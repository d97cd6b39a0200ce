/**
 * Netlify Blobs on this machine (the students' proofs): @netlify/blobs' own
 * BlobsServer, the local server the Netlify CLI runs for `netlify dev`, with its files under a
 * folder. The functions find it through NETLIFY_BLOBS_CONTEXT (base64 JSON of the site id, the
 * token and the server's address as edgeURL), the variable Netlify sets for them in production;
 * `blobsContext()` builds it. npm start (scripts/start.ts) and the tests' global setup
 * (tests/setup/local-stack.ts) start one.
 */
import { mkdir } from 'node:fs/promises';
import { BlobsServer } from '@netlify/blobs/server';

/** The site id the local server files blobs under (any value works; Netlify gives the real one). */
export const LOCAL_BLOBS_SITE_ID = 'pesgre-local';

export interface LocalBlobs {
  url: string;
  /** The value for NETLIFY_BLOBS_CONTEXT. */
  context: string;
  close(): Promise<void>;
}

/** The NETLIFY_BLOBS_CONTEXT value for a server at `url` with `token`. */
export function blobsContext(url: string, token: string): string {
  return Buffer.from(JSON.stringify({ siteID: LOCAL_BLOBS_SITE_ID, token, edgeURL: url, uncachedEdgeURL: url })).toString('base64');
}

/** Starts a BlobsServer on 127.0.0.1:`port` (0: any free port) keeping files in `directory`. */
export async function startLocalBlobs(opts: { directory: string; port?: number; token: string }): Promise<LocalBlobs> {
  await mkdir(opts.directory, { recursive: true });
  const server = new BlobsServer({ directory: opts.directory, port: opts.port ?? 0, token: opts.token, logger: () => undefined });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  return { url, context: blobsContext(url, opts.token), close: async () => void (await server.stop()) };
}
