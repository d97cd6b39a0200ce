/**
 * The organisers' named accounts, their one-time set-password links, the desk devices, and the
 * token version of every token subject (docs/security.md, "Roles, accounts and devices";
 * decision 044).
 *
 * - An account: name, e-mail (one account per address), roles, a scrypt password hash
 *   (password.ts, as the shared password's) once the person has set one, and `disabled`.
 * - A set-password link carries a random 256-bit secret; only its SHA-256 is stored, under a key
 *   that expires after PASSWORD_LINK_HOURS, is replaced by a newer link and is deleted when used.
 * - A desk device: a name, who made it, and the end of its token (the conference's last day).
 * - Revocation: every token carries its subject's version; disabling an account, changing its
 *   roles or password, or revoking a device raises the version, and requireRole (auth.ts) refuses
 *   a token of an older version. Versions are cached in this process for at most
 *   TOKEN_VERSION_CACHE_MS, so a revocation made by another function instance takes effect
 *   within that time (this process forgets its copy at once).
 * Every change here is written with its audit entry in one script.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '../../src/shared/admin-roles';
import type { DeskDevice, TeamAccount } from '../../src/shared/admin-team';
import { HttpError } from './platform/http';
import { hashPassword, parsePasswordHash, verifyPassword, DEFAULT_SCRYPT_PARAMS } from './platform/password';
import type { AuditEntry } from './platform/store';
import { keyPrefix, keys, withStore } from './platform/store';

/**
 * An organiser's account as stored: the listed fields (TeamAccount; the e-mail trimmed and
 * lower-cased, createdBy the actor id of who made it) and the secrets that are never listed.
 * Times are ISO instants.
 */
export interface StoredAccount extends Pick<TeamAccount, 'id' | 'name' | 'email' | 'roles' | 'disabled' | 'createdAt' | 'createdBy' | 'updatedAt'> {
  passwordHash?: string;
  passwordSetAt?: string;
  /** SHA-256 hex of the secret of the one link that is valid now (a newer link replaces it). */
  linkHash?: string;
  linkExpiresAt?: string;
  lastSignInAt?: string;
}

/** An account as the team page sees it (no hash of any kind), and a desk device as stored and listed. */
export type AccountView = TeamAccount;
export type StoredDevice = DeskDevice;

/** How long a set-password link works. */
export const PASSWORD_LINK_HOURS = 72;
/** How long this process trusts a token version it read (a revocation elsewhere takes at most this long). */
export const TOKEN_VERSION_CACHE_MS = 30_000;

/** The account of the e-mail `email` in the index's spelling. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The team page's view of an account. */
export function accountView(a: StoredAccount): AccountView {
  const linkLive = !!a.linkHash && !!a.linkExpiresAt;
  return {
    id: a.id,
    name: a.name,
    email: a.email,
    roles: a.roles,
    disabled: a.disabled,
    createdAt: a.createdAt,
    createdBy: a.createdBy,
    updatedAt: a.updatedAt,
    passwordSet: !!a.passwordHash,
    passwordSetAt: a.passwordSetAt ?? null,
    linkExpiresAt: linkLive ? a.linkExpiresAt! : null,
    lastSignInAt: a.lastSignInAt ?? null,
  };
}

const parse = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const randomId = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

// --- token versions -------------------------------------------------------------------------

const versionCache = new Map<string, { version: number; until: number }>();

/**
 * The current token version of `subject` (0 when never raised). Read from Redis and kept in this
 * process for TOKEN_VERSION_CACHE_MS; `fresh` reads Redis whatever the cache holds (a token newer
 * than the cached version was issued after a change this process has not seen).
 * Throws ServiceUnavailableError when Redis is down.
 */
export async function tokenVersion(subject: string, opts: { fresh?: boolean } = {}): Promise<number> {
  const cacheKey = `${keyPrefix()}${subject}`;
  const cached = versionCache.get(cacheKey);
  if (!opts.fresh && cached && cached.until > Date.now()) return cached.version;
  const raw = await withStore((r) => r.hget<number | string>(keys.adminTokenVersions(), subject));
  const version = Number(raw ?? 0) || 0;
  if (versionCache.size > 5000) versionCache.clear();
  versionCache.set(cacheKey, { version, until: Date.now() + TOKEN_VERSION_CACHE_MS });
  return version;
}

/** Forgets this process's copy of `subject`'s version (after raising it here). */
function forgetVersion(subject: string): void {
  versionCache.delete(`${keyPrefix()}${subject}`);
}

// KEYS: the record hash, the token versions hash, the audit list.
// ARGV: field, record JSON, audit JSON, subject whose version to raise ('' for none).
// Returns the subject's new version (or 0 when none was raised).
const WRITE_SCRIPT = `
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('LPUSH', KEYS[3], ARGV[3])
if ARGV[4] ~= '' then return redis.call('HINCRBY', KEYS[2], ARGV[4], 1) end
return 0
`;

/** Writes `record` under `field` of `hash` with its audit entry, raising `revoke`'s token version when given: one script. */
async function writeRecord(hash: string, field: string, record: unknown, entry: AuditEntry, revoke?: string): Promise<void> {
  await withStore((r) => r.eval<string[], number>(WRITE_SCRIPT, [hash, keys.adminTokenVersions(), keys.audit()], [field, JSON.stringify(record), JSON.stringify(entry), revoke ?? '']));
  if (revoke) forgetVersion(revoke);
}

// --- accounts -------------------------------------------------------------------------------

/** Every account, oldest first. */
export async function listAccounts(): Promise<StoredAccount[]> {
  const all = await withStore((r) => r.hgetall<Record<string, unknown>>(keys.adminAccounts()));
  return Object.values(all ?? {})
    .map((v) => parse<StoredAccount>(v))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** One account, or null. */
export async function getAccount(id: string): Promise<StoredAccount | null> {
  const v = await withStore((r) => r.hget<unknown>(keys.adminAccounts(), id));
  return v ? parse<StoredAccount>(v) : null;
}

/** The account of `email` (any case, spaces trimmed), or null. */
export async function accountByEmail(email: string): Promise<StoredAccount | null> {
  const id = await withStore((r) => r.hget<string>(keys.adminAccountByEmail(), normaliseEmail(email)));
  return id ? getAccount(String(id)) : null;
}

// KEYS: e-mail index, accounts, audit. ARGV: e-mail, id, account JSON, audit JSON. Returns 0 when the address has an account.
const CREATE_SCRIPT = `
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
redis.call('LPUSH', KEYS[3], ARGV[4])
return 1
`;

/**
 * Creates an account for `input` at `at`, made by `createdBy` (an actor id), with the audit entry
 * `entry(account)`. Throws HttpError 409 ACCOUNT_EXISTS when the e-mail already has one.
 */
export async function createAccount(input: { name: string; email: string; roles: Role[] }, at: Date, createdBy: string, entry: (a: StoredAccount) => AuditEntry): Promise<StoredAccount> {
  const iso = at.toISOString();
  const account: StoredAccount = { id: `acct-${randomId(9)}`, name: input.name.trim(), email: normaliseEmail(input.email), roles: [...input.roles], disabled: false, createdAt: iso, createdBy, updatedAt: iso };
  const created = await withStore((r) =>
    r.eval<string[], number>(CREATE_SCRIPT, [keys.adminAccountByEmail(), keys.adminAccounts(), keys.audit()], [account.email, account.id, JSON.stringify(account), JSON.stringify(entry(account))]),
  );
  if (Number(created) !== 1) throw new HttpError(409, 'ACCOUNT_EXISTS', `${account.email} already has an account. Change that one instead.`);
  return account;
}

/** What the owner may change on an account. */
export interface AccountChange {
  name?: string;
  roles?: Role[];
  disabled?: boolean;
}

/**
 * Applies `change` to account `id` at `at` with the audit entry `entry(before, after)`. Changing
 * the roles or disabling ends the person's sessions (their token version is raised). Throws
 * HttpError 404 ACCOUNT_NOT_FOUND.
 */
export async function changeAccount(id: string, change: AccountChange, at: Date, entry: (before: StoredAccount, after: StoredAccount) => AuditEntry): Promise<StoredAccount> {
  const before = await getAccount(id);
  if (!before) throw new HttpError(404, 'ACCOUNT_NOT_FOUND', 'No account with this id.');
  const after: StoredAccount = {
    ...before,
    ...(change.name !== undefined ? { name: change.name.trim() } : {}),
    ...(change.roles !== undefined ? { roles: [...change.roles] } : {}),
    ...(change.disabled !== undefined ? { disabled: change.disabled } : {}),
    updatedAt: at.toISOString(),
  };
  const rolesChanged = change.roles !== undefined && [...before.roles].sort().join() !== [...after.roles].sort().join();
  const revoke = rolesChanged || (after.disabled && !before.disabled);
  await writeRecord(keys.adminAccounts(), id, after, entry(before, after), revoke ? id : undefined);
  return after;
}

/**
 * Makes a new one-time set-password link for `account` at `at` (the previous one stops working),
 * recorded with `entry(expiresAt)`. Returns the secret to put in the e-mailed link (shown nowhere
 * else) and when it expires.
 */
export async function issuePasswordLink(account: StoredAccount, at: Date, entry: (expiresAt: string) => AuditEntry): Promise<{ secret: string; expiresAt: string; account: StoredAccount }> {
  const secret = randomBytes(32).toString('base64url');
  const hash = sha256(secret);
  const expiresAt = new Date(at.getTime() + PASSWORD_LINK_HOURS * 3600_000).toISOString();
  const next: StoredAccount = { ...account, linkHash: hash, linkExpiresAt: expiresAt, updatedAt: at.toISOString() };
  await withStore(async (r) => {
    const p = r.pipeline();
    if (account.linkHash) p.del(keys.adminPasswordLink(account.linkHash));
    p.set(keys.adminPasswordLink(hash), account.id, { ex: PASSWORD_LINK_HOURS * 3600 });
    p.hset(keys.adminAccounts(), { [account.id]: JSON.stringify(next) });
    p.lpush(keys.audit(), JSON.stringify(entry(expiresAt)));
    return p.exec();
  });
  return { secret, expiresAt, account: next };
}

export const LINK_INVALID_MESSAGE = 'This link no longer works: it was used, replaced by a newer one, or has expired. Ask the owner to send a new one.';

// KEYS: link key, accounts, token versions, audit. ARGV: account id, account JSON, audit JSON.
// Returns 1 when the password was set, 0 when the link was used or replaced meanwhile.
const SET_PASSWORD_SCRIPT = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('HINCRBY', KEYS[3], ARGV[1], 1)
redis.call('LPUSH', KEYS[4], ARGV[3])
return 1
`;

/**
 * Sets the password of the account a one-time link names, once: the link is deleted in the same
 * script, and the person's earlier sessions end. Throws HttpError 410 LINK_INVALID for a link
 * unknown, used, replaced or expired, or an account disabled since. Returns the account.
 */
export async function setPasswordFromLink(secret: string, password: string, at: Date, entry: (a: StoredAccount) => AuditEntry): Promise<StoredAccount> {
  const hash = sha256(secret);
  const invalid = () => new HttpError(410, 'LINK_INVALID', LINK_INVALID_MESSAGE);
  const id = await withStore((r) => r.get<string>(keys.adminPasswordLink(hash)));
  if (!id) throw invalid();
  const account = await getAccount(String(id));
  if (!account || account.disabled || account.linkHash !== hash) throw invalid();
  const iso = at.toISOString();
  const { linkHash: _h, linkExpiresAt: _e, ...rest } = account;
  const next: StoredAccount = { ...rest, passwordHash: await hashPassword(password), passwordSetAt: iso, updatedAt: iso };
  const done = await withStore((r) =>
    r.eval<string[], number>(SET_PASSWORD_SCRIPT, [keys.adminPasswordLink(hash), keys.adminAccounts(), keys.adminTokenVersions(), keys.audit()], [account.id, JSON.stringify(next), JSON.stringify(entry(next))]),
  );
  if (Number(done) !== 1) throw invalid();
  forgetVersion(account.id);
  return next;
}

// A hash to check against when the e-mail has no usable account, so a wrong address costs the
// same scrypt time as a wrong password and the answer's timing does not tell which was wrong.
let decoy: Promise<string> | undefined;

/**
 * Checks a sign-in with `email` and `password`: `ok` only for an enabled account whose password
 * it is. An unknown address, a password not set yet, a disabled account and a wrong password all
 * fail alike, in about the same time; `account` names the account the address belongs to, if
 * any, for the audit record.
 */
export async function checkAccountPassword(email: string, password: string): Promise<{ account: StoredAccount | null; ok: boolean }> {
  const account = await accountByEmail(email);
  const parsed = account?.passwordHash ? parsePasswordHash(account.passwordHash) : null;
  if (!account || !parsed || account.disabled) {
    decoy ??= hashPassword(randomBytes(16).toString('hex'), DEFAULT_SCRYPT_PARAMS);
    await verifyPassword(password, parsePasswordHash(await decoy)!);
    return { account, ok: false };
  }
  return { account, ok: await verifyPassword(password, parsed) };
}

/** Notes a successful sign-in on the account, with its audit entry (one script). */
export async function recordSignIn(account: StoredAccount, at: Date, entry: AuditEntry): Promise<void> {
  await writeRecord(keys.adminAccounts(), account.id, { ...account, lastSignInAt: at.toISOString() }, entry);
}

// --- desk devices ---------------------------------------------------------------------------

/** A device id from its name: 'desk-' + a slug of the name + a random tail (4-64 of [A-Za-z0-9_-], never 'online'). */
export function deviceIdFor(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/, '');
  return `desk-${slug ? `${slug}-` : ''}${randomId(6)}`;
}

/** Every desk device, newest first. */
export async function listDevices(): Promise<StoredDevice[]> {
  const all = await withStore((r) => r.hgetall<Record<string, unknown>>(keys.adminDevices()));
  return Object.values(all ?? {})
    .map((v) => parse<StoredDevice>(v))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

/** Stores a new desk device with its audit entry. */
export async function saveDevice(device: StoredDevice, entry: AuditEntry): Promise<void> {
  await writeRecord(keys.adminDevices(), device.id, device, entry);
}

/**
 * Revokes device `id` at `at`, by `by` (an actor id), with the audit entry `entry(device)`: its
 * token stops working (version raised). Revoking a revoked device changes nothing. Throws
 * HttpError 404 DEVICE_NOT_FOUND.
 */
export async function revokeDevice(id: string, at: Date, by: string, entry: (d: StoredDevice) => AuditEntry): Promise<StoredDevice> {
  const raw = await withStore((r) => r.hget<unknown>(keys.adminDevices(), id));
  if (!raw) throw new HttpError(404, 'DEVICE_NOT_FOUND', 'No desk device with this id.');
  const device = parse<StoredDevice>(raw);
  if (device.revokedAt) return device;
  const revoked: StoredDevice = { ...device, revokedAt: at.toISOString(), revokedBy: by };
  await writeRecord(keys.adminDevices(), id, revoked, entry(revoked), id);
  return revoked;
}
