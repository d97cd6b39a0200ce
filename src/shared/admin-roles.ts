/**
 * Organisers' roles and the one table of which roles each admin endpoint accepts
 * (docs/security.md, "Roles"; decision 044). The server's guard (netlify/server/auth.ts
 * requireRole) reads it on every admin request; the admin pages read it to show only what the
 * signed-in person may use; tests/functions/admin-roles.test.ts walks every role against every
 * admin function it finds in netlify/functions, so an admin endpoint missing here fails a test.
 * A leaf module: it imports nothing (the admin pages load it at once).
 */

/** Every role, in the order the team page lists them. */
export const ROLES = ['owner', 'finance', 'registrations', 'publications', 'visa', 'desk'] as const;

export type Role = (typeof ROLES)[number];

/** What each role is for, as the team page and the docs say it. */
export const ROLE_SCOPES: Record<Role, string> = {
  owner: 'Everything, and the team, desk devices and the audit record.',
  finance: 'Accounts, cancellations, refunds, invoices.',
  registrations: 'The registrations table and CSV, proofs and membership checks, resending tickets, the desk, desk devices.',
  publications: 'Accepted papers and the programme.',
  visa: 'Visa invitation letters and their clearance list.',
  desk: 'The ticket verifier, check-in sync and snapshot, badges. Nothing else.',
};

/** True when `value` names a role. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * Whose a token is: the organisers' shared password (subject `admin`, role owner), a named
 * account (subject its id), or an enrolled desk device (subject its id, role desk only).
 */
export type PrincipalKind = 'password' | 'account' | 'device';

/** The subject of tokens signed in with the shared organisers' password. */
export const PASSWORD_SUBJECT = 'admin';

const ALL: readonly Role[] = ROLES;

/**
 * The roles each admin endpoint accepts, keyed by its function's file name in netlify/functions
 * (without `.ts`). `owner` is listed in every entry: the owner may do everything.
 *
 * MERGING OR ADDING AN ADMIN ENDPOINT: add one line here for the new function file. The role
 * matrix test discovers every function file and its path from its `config` and fails for an
 * admin function (a path under /api/admin or /api/admin-auth, or one that calls requireRole or
 * isAdminRequest) that has no entry, for an entry whose file is gone, and for a function that
 * does not pass its own name to requireRole / isAdminRequest. Nothing else needs editing.
 */
export const ENDPOINT_ROLES = {
  // Any signed-in organiser or device may ask whether its token still holds.
  'admin-auth-verify': ALL,
  // Finance: accounts, cancellations, refunds, invoices.
  'admin-attention-refund': ['owner', 'finance'],
  'admin-cancellations': ['owner', 'finance'],
  'admin-cancellations-decide': ['owner', 'finance'],
  'admin-invoices': ['owner', 'finance'],
  'admin-refunds-pay': ['owner', 'finance'],
  'payments-attention': ['owner', 'finance'],
  // Registrations: the table, the CSV, proofs and membership checks, tickets, certificates.
  'registrations-list': ['owner', 'registrations'],
  'registrations-export': ['owner', 'registrations'],
  'registrations-summary': ['owner', 'registrations', 'finance'],
  'registrations-resend-ticket': ['owner', 'registrations'],
  'admin-verifications': ['owner', 'registrations'],
  'admin-verifications-decide': ['owner', 'registrations'],
  'admin-verification-proof': ['owner', 'registrations'],
  'admin-certificates-send': ['owner', 'registrations'],
  // The desk: the verifier, the snapshot and the sync, the check-in by name, badges.
  'verify-qr': ['owner', 'registrations', 'desk'],
  'admin-checkins-desk': ['owner', 'registrations', 'desk'],
  'admin-checkins-snapshot': ['owner', 'registrations', 'desk'],
  'admin-checkins-sync': ['owner', 'registrations', 'desk'],
  'admin-badges': ['owner', 'registrations', 'desk'],
  // Desk devices are made and revoked by whoever runs the desk.
  'admin-devices': ['owner', 'registrations'],
  'admin-device-revoke': ['owner', 'registrations'],
  // Publications: the accepted papers (and the programme).
  'admin-papers': ['owner', 'publications'],
  'admin-programme': ['owner', 'publications'],
  'admin-programme-import': ['owner', 'publications'],
  'admin-papers-import': ['owner', 'publications'],
  'admin-papers-export': ['owner', 'publications'],
  'admin-papers-xplore': ['owner', 'publications'],
  'admin-papers-mark': ['owner', 'publications'],
  'admin-papers-scan': ['owner', 'publications'],
  'admin-papers-mail': ['owner', 'publications'],
  'admin-papers-session-coupons': ['owner', 'publications'],
  // Visa letters and the clearance list (passport data).
  'admin-visa-letters': ['owner', 'visa'],
  'admin-visa-letters-decide': ['owner', 'visa'],
  'admin-visa-letters-export': ['owner', 'visa'],
  // The owner alone: the team and the audit record.
  'admin-team': ['owner'],
  'admin-team-account': ['owner'],
  'admin-team-link': ['owner'],
  'admin-audit': ['owner'],
  'admin-audit-export': ['owner'],
  // Public endpoints a token of these roles gives more (OPTIONAL_TOKEN_ENDPOINTS).
  'registration-by-id': ['owner', 'registrations', 'finance'],
  'payment-create-order': ['owner', 'registrations'],
} as const satisfies Record<string, readonly Role[]>;

/** The name of an admin endpoint's function (a key of ENDPOINT_ROLES). */
export type AdminEndpoint = keyof typeof ENDPOINT_ROLES;

/**
 * Public endpoints that do more for a token of their roles (the whole registration, the wizard's
 * admin mode). A token of another role, like no token, gets the public answer, never 403.
 */
export const OPTIONAL_TOKEN_ENDPOINTS: readonly AdminEndpoint[] = ['registration-by-id', 'payment-create-order'];

/** Admin-area functions that take no token at all: signing in, and setting a password from the e-mailed one-time link. */
export const TOKENLESS_ADMIN_ENDPOINTS = ['admin-auth-login', 'admin-auth-set-password'] as const;

/** The roles `endpoint` accepts. */
export function rolesFor(endpoint: AdminEndpoint): readonly Role[] {
  return ENDPOINT_ROLES[endpoint];
}

/** True when a token holding `roles` may call `endpoint`. */
export function mayCall(roles: readonly Role[], endpoint: AdminEndpoint): boolean {
  const accepted: readonly Role[] = ENDPOINT_ROLES[endpoint];
  return roles.some((r) => accepted.includes(r));
}

/** Roles joined for a sentence: 'owner', 'owner or finance', 'owner, registrations or desk'. */
export function joinRoles(roles: readonly string[]): string {
  return roles.length <= 1 ? (roles[0] ?? '') : `${roles.slice(0, -1).join(', ')} or ${roles.at(-1)}`;
}

/** The message of a 403 FORBIDDEN_ROLE: the roles needed and the ones held. */
export function forbiddenRoleMessage(endpoint: AdminEndpoint, held: readonly Role[]): string {
  const needed = ENDPOINT_ROLES[endpoint];
  return `This needs the role ${joinRoles(needed)}; you have ${held.length ? joinRoles(held) : 'no role'}.`;
}
