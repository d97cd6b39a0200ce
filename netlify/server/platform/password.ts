/**
 * Admin password hashing with scrypt (node:crypto). A hash is one string,
 * `scrypt$N$r$p$saltBase64$hashBase64`, so the parameters travel with it and can be raised later
 * without breaking the stored value. Pure crypto: no environment, no I/O (the hash script and
 * netlify/server/auth.ts both use it).
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelisation. */
  p: number;
}

/** OWASP's recommended minimum for scrypt (N=2^17, r=8, p=1): about 128 MiB and a few hundred ms per check. */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;

export interface ParsedPasswordHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

/** scrypt as a promise. maxmem is raised to what N and r need (Node's default stops at 32 MiB). */
function derive(password: string, salt: Buffer, keyLength: number, { N, r, p }: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Strict standard base64 (with padding) to bytes, or null. */
function fromBase64(text: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  return Buffer.from(text, 'base64');
}

const isPowerOfTwo = (n: number) => Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;

/**
 * Parses `scrypt$N$r$p$salt$hash`. Returns null for anything else, including parameters outside
 * sane bounds (N 2^10..2^20, r 1..32, p 1..16, salt >= 8 bytes, hash 16..64 bytes), so a
 * mistyped setting can never make a sign-in allocate gigabytes.
 */
export function parsePasswordHash(encoded: string): ParsedPasswordHash | null {
  const parts = encoded.trim().split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map((x) => (/^\d{1,8}$/.test(x ?? '') ? Number(x) : NaN)) as [number, number, number];
  if (!isPowerOfTwo(N) || N < 2 ** 10 || N > 2 ** 20) return null;
  if (!(r >= 1 && r <= 32) || !(p >= 1 && p <= 16)) return null;
  const salt = fromBase64(parts[4] ?? '');
  const hash = fromBase64(parts[5] ?? '');
  if (!salt || salt.length < 8 || !hash || hash.length < 16 || hash.length > 64) return null;
  return { params: { N, r, p }, salt, hash };
}

/** Hashes `password` with a fresh 16-byte salt: `scrypt$N$r$p$saltBase64$hashBase64`. */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, KEY_BYTES, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** True when `password` matches the parsed hash (constant-time comparison of the derived keys). */
export async function verifyPassword(password: string, stored: ParsedPasswordHash): Promise<boolean> {
  const derived = await derive(password, stored.salt, stored.hash.length, stored.params);
  return timingSafeEqual(derived, stored.hash);
}
