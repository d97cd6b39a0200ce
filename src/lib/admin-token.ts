/**
 * The admin session token kept in localStorage under 'admin-token' (spec part 2 section 4).
 * Reads are wrapped because storage can throw (disabled cookies, some private modes).
 */
export const ADMIN_TOKEN_KEY = 'admin-token';

/**
 * GET with `Authorization: Bearer <token>`: 2xx means the token is valid (spec part 2 section 7).
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

/** Stores the admin token after a successful login (spec part 2 section 4). Returns false when storage is unavailable. */
export function writeAdminToken(token: string, storage: Storage | undefined = safeLocalStorage()): boolean {
  try {
    if (!storage) return false;
    storage.setItem(ADMIN_TOKEN_KEY, token);
    return true;
  } catch {
    return false;
  }
}

/** Deletes the stored admin token (a rejected verification or logout, spec part 2 section 4). */
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
