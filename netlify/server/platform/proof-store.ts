/**
 * The proofs of student status in Netlify Blobs (`@netlify/blobs`, decision 013): a site-wide store
 * named `proofs`, never served publicly (only admin-verification-proof reads it). On Netlify the
 * functions get the store's address and token from the platform (NETLIFY_BLOBS_CONTEXT); npm
 * start and the tests run @netlify/blobs' own BlobsServer and hand the same variable to the
 * functions (scripts/local-blobs.ts). Keys carry the deploy context's key prefix, as Redis keys
 * do, so previews and tests never read production's files.
 */
import { getStore, type Store } from '@netlify/blobs';
import { ConfigError } from './env';
import { ServiceUnavailableError } from './http';
import { keyPrefix } from './store';

export const PROOF_STORE_NAME = 'proofs';

const UNAVAILABLE = 'The file store is temporarily unavailable. Nothing was saved; please try again in a few minutes.';

function store(): Store {
  try {
    return getStore({ name: PROOF_STORE_NAME, consistency: 'strong' });
  } catch {
    // MissingBlobsEnvironmentError: the platform (or npm start) gave no Blobs context.
    throw new ConfigError(['NETLIFY_BLOBS_CONTEXT']);
  }
}

/** The blob key of `regNo`'s proof: the key prefix with ':' as '/', then the number. */
function proofKey(regNo: string): string {
  return `${keyPrefix().replace(/:/g, '/')}${regNo}`;
}

async function withBlobs<T>(op: (s: Store) => Promise<T>): Promise<T> {
  const s = store();
  try {
    return await op(s);
  } catch (err) {
    throw new ServiceUnavailableError(UNAVAILABLE, { cause: err });
  }
}

/** Writes `bytes` as the proof of `regNo` (replacing an earlier one); returns its key. ServiceUnavailableError when the store is down. */
export async function writeProofBlob(regNo: string, bytes: Uint8Array, contentType: string): Promise<string> {
  const key = proofKey(regNo);
  // A copy in its own ArrayBuffer: the upload's bytes may be a view into a larger buffer.
  const body = bytes.slice().buffer;
  await withBlobs((s) => s.set(key, body, { metadata: { contentType } }));
  return key;
}

/** The bytes stored under `key`, or null when there are none. ServiceUnavailableError when the store is down. */
export async function readProofBlob(key: string): Promise<ArrayBuffer | null> {
  return withBlobs((s) => s.get(key, { type: 'arrayBuffer' }));
}
