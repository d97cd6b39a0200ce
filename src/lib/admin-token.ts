/**
 * The admin session token kept in localStorage under 'admin-token' (docs/rules.md#the-admin-area), and
 * what the admin pages read from it: who is signed in and their roles (decision 044). The token's
 * claims are readable by design (a JWT's payload is not secret); the server checks the signature
 * and the roles on every call, so the pages only use them to show what the person may use.
 * Reads are wrapped because storage can throw (disabled cookies, some private modes).
 */
import { PASSWORD_SUBJECT, isRole, type PrincipalKind, type Role } from '../shared/admin-roles';

export const ADMIN_TOKEN_KEY = 'admin-token';

/**
 * GET with `Authorization: Bearer <token>`: 2xx means the token is valid (docs/rules.md#the-api).
 * Kept here until src/shared/api.ts's apiPaths gains the admin-auth paths.
 */
export const adminVerifyPath = '/api/admin-auth/verify';

/** The stored admin token, or null when there is none or storage is unavailable. */
export function readAdminToken(storage: Storage | undefined = safeLocalStorage()): string | null {
  try {
    const token = storage?.getItem(ADMIN_TOKEN_KEY);
    return token ? token : null;
  } catch {
    return null;
  }
}

/** Stores the admin token after a successful login (docs/rules.md#the-admin-area). Returns false when storage is unavailable. */
export function writeAdminToken(token: string, storage: Storage | undefined = safeLocalStorage()): boolean {
  try {
    if (!storage) return false;
    storage.setItem(ADMIN_TOKEN_KEY, token);
    return true;
  } catch {
    return false;
  }
}

/** Deletes the stored admin token (a rejected verification or logout, docs/rules.md#the-admin-area). */
export function removeAdminToken(storage: Storage | undefined = safeLocalStorage()): void {
  try {
    storage?.removeItem(ADMIN_TOKEN_KEY);
  } catch {
    // Nothing to remove if storage is unavailable.
  }
}

/** window.localStorage, or undefined where touching it throws or there is no window (tests). */
export function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** Who a stored token speaks for, as the admin pages show it. */
export interface AdminIdentity {
  /** 'admin' (the shared password), an account id or a device id. */
  subject: string;
  kind: PrincipalKind;
  roles: Role[];
  /** A person's name and e-mail, a device's name, or the shared password's description. */
  name: string;
}

/** base64url text to a string (UTF-8), or null when it does not decode. */
function fromBase64Url(text: string): string | null {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '='));
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/**
 * The identity a token's claims name, without checking its signature (the server does), or null
 * for anything that is not one of our tokens' payloads. A token from before roles (no `roles`
 * claim, subject 'admin') is the shared password's: owner.
 */
export function identityOf(token: string | null): AdminIdentity | null {
  const payload = token?.split('.')[1];
  const text = payload ? fromBase64Url(payload) : null;
  if (!text) return null;
  let claims: { sub?: unknown; roles?: unknown; kind?: unknown; name?: unknown };
  try {
    claims = JSON.parse(text) as typeof claims;
  } catch {
    return null;
  }
  if (typeof claims.sub !== 'string') return null;
  if (claims.roles === undefined) return claims.sub === PASSWORD_SUBJECT ? { subject: claims.sub, kind: 'password', roles: ['owner'], name: "Organisers' shared password" } : null;
  if (!Array.isArray(claims.roles) || !claims.roles.every(isRole)) return null;
  const kind = claims.kind === 'account' || claims.kind === 'device' || claims.kind === 'password' ? claims.kind : null;
  if (!kind) return null;
  return { subject: claims.sub, kind, roles: claims.roles, name: typeof claims.name === 'string' ? claims.name : claims.sub };
}

/** The identity of the stored token (identityOf), or null. */
export function storedIdentity(storage: Storage | undefined = safeLocalStorage()): AdminIdentity | null {
  return identityOf(readAdminToken(storage));
}
