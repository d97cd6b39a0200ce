/**
 * What the signed-in organiser or desk device may see in the admin area (decision 044): the
 * pages, dashboard cards and buttons follow the same role table the server enforces
 * (src/shared/admin-roles.ts). Showing less is only a courtesy: every call is checked by the
 * server, which answers 403 FORBIDDEN_ROLE to anything else.
 */
import { useOutletContext } from 'react-router-dom';
import { storedIdentity, type AdminIdentity } from '../../lib/admin-token';
import { mayCall, type AdminEndpoint } from '../../shared/admin-roles';
import { paths } from '../../shared/routes';
import type { AdminOutletContext } from './admin-session';

/** True when `identity` may call `endpoint`. No identity (a token the page cannot read) may call nothing. */
export function can(identity: AdminIdentity | null, endpoint: AdminEndpoint): boolean {
  return !!identity && mayCall(identity.roles, endpoint);
}

/** True when `identity` may call at least one of `endpoints`. */
export function canAny(identity: AdminIdentity | null, endpoints: readonly AdminEndpoint[]): boolean {
  return endpoints.some((e) => can(identity, e));
}

/**
 * The guarded admin pages and the endpoints that open them (any one is enough): a page is shown
 * to whoever may call one of them. The dashboard is everyone's.
 */
export const PAGE_NEEDS: Readonly<Record<string, readonly AdminEndpoint[]>> = {
  [paths.adminTicketVerifier]: ['verify-qr', 'admin-papers-scan'],
  [paths.adminRegistrations]: ['registrations-list'],
  [paths.adminAccounts]: ['admin-cancellations'],
  [paths.adminPapers]: ['admin-papers'],
  [paths.adminProgramme]: ['admin-programme'],
  [paths.adminVerifications]: ['admin-verifications'],
  [paths.adminBadgesCertificates]: ['admin-badges', 'admin-certificates-send'],
  [paths.adminVisaLetters]: ['admin-visa-letters'],
  [paths.adminTeam]: ['admin-team'],
  [paths.adminDevices]: ['admin-devices'],
  [paths.adminAudit]: ['admin-audit'],
};

/** True when `identity` may open the admin page at `pathname` (pages not listed: the dashboard, anyone signed in). */
export function mayOpen(identity: AdminIdentity | null, pathname: string): boolean {
  const needs = PAGE_NEEDS[pathname.replace(/\/+$/, '') || '/'];
  return !needs || canAny(identity, needs);
}

/** The signed-in identity, from AdminGuard (or read from the stored token outside it). */
export function useAdminIdentity(): AdminIdentity | null {
  const context = useOutletContext<AdminOutletContext | undefined>();
  return context ? context.identity : storedIdentity();
}
