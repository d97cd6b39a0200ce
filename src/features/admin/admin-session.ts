/**
 * What AdminGuard tells the admin pages it guards: whether the stored token has verified yet.
 * The pages are mounted (hidden) during the check so their data loads run beside it; a page whose
 * effects do more than read (the ticket verifier's camera) waits for the check with this hook.
 */
import { useOutletContext } from 'react-router-dom';
import type { AdminIdentity } from '../../lib/admin-token';

/** The Outlet context AdminGuard provides. */
export interface AdminOutletContext {
  adminVerified: boolean;
  /** Who the stored token speaks for and their roles (access.ts), or null when it cannot be read. */
  identity: AdminIdentity | null;
}

/** True once AdminGuard has verified the token; true as well outside the guard (nothing to wait for). */
export function useAdminVerified(): boolean {
  return useOutletContext<AdminOutletContext | undefined>()?.adminVerified ?? true;
}
