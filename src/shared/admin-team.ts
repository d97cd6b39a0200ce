/**
 * The contract of the organisers' accounts, desk devices, one-time password links and the audit
 * record (docs/security.md, "Roles, accounts and devices" and "The audit record"; decision 044):
 * request schemas (zod/mini) and answer shapes, for the functions and the admin pages alike.
 */
import * as z from 'zod/mini';
import { ROLES, type Role } from './admin-roles';

const email = () =>
  z.pipe(
    z.string({ error: 'E-mail is required.' }).check(z.trim(), z.minLength(1, 'E-mail is required.'), z.maxLength(254, 'E-mail is too long.')),
    z.email({ error: 'Enter a valid e-mail address.' }),
  );
const name = () => z.string({ error: 'Name is required.' }).check(z.trim(), z.minLength(1, 'Name is required.'), z.maxLength(100, 'Name must be at most 100 characters.'));
const roles = () =>
  z.array(z.enum(ROLES, { error: `Each role must be one of ${ROLES.join(', ')}.` })).check(z.minLength(1, 'Give the account at least one role.'), z.maxLength(ROLES.length, 'Each role at most once.'));

/** Shortest password an organiser may set (a passphrase of a few words). */
export const MIN_ACCOUNT_PASSWORD = 12;

/** POST /api/admin/team {name, email, roles}: a new organiser account. */
export const createAccountRequest = z.object({ name: name(), email: email(), roles: roles() });

/** PATCH /api/admin/team/{id} {name?, roles?, disabled?}: at least one of them. */
export const changeAccountRequest = z
  .object({ name: z.optional(name()), roles: z.optional(roles()), disabled: z.optional(z.boolean({ error: 'disabled must be true or false.' })) })
  .check(z.refine((v) => v.name !== undefined || v.roles !== undefined || v.disabled !== undefined, 'Change the name, the roles or disabled.'));

/** POST /api/admin-auth/set-password {token, password}: the secret of the one-time link and the new password. */
export const setPasswordRequest = z.object({
  token: z.string({ error: 'The link is incomplete.' }).check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'The link is incomplete: open it from the e-mail again.')),
  password: z
    .string({ error: 'Password is required.' })
    .check(z.minLength(MIN_ACCOUNT_PASSWORD, `Password must be at least ${MIN_ACCOUNT_PASSWORD} characters.`), z.maxLength(256, 'Password must be at most 256 characters.')),
});

/** POST /api/admin/devices {name}: a desk device. */
export const createDeviceRequest = z.object({ name: z.string({ error: 'Name is required.' }).check(z.trim(), z.minLength(1, 'Name is required.'), z.maxLength(60, 'Name must be at most 60 characters.')) });

/** GET /api/admin/audit and /api/admin/audit/export query: filters and paging. */
export const auditQuery = z.object({
  actor: z.optional(z.string().check(z.trim(), z.maxLength(100, 'actor must be at most 100 characters.'))),
  action: z.optional(z.string().check(z.trim(), z.regex(/^[a-z0-9.-]{0,60}$/, 'action is a dotted name such as refund or refund.started.'))),
  cursor: z.optional(z.string().check(z.regex(/^\d{1,12}$/, 'cursor must be the nextCursor of an earlier page.'))),
  limit: z.optional(z.coerce.number().check(z.int('limit must be a whole number.'), z.minimum(1, 'limit must be 1 to 500.'), z.maximum(500, 'limit must be 1 to 500.'))),
});

/** An account as GET /api/admin/team lists it (no hash of any kind). */
export interface TeamAccount {
  id: string;
  name: string;
  email: string;
  roles: Role[];
  disabled: boolean;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  passwordSet: boolean;
  passwordSetAt: string | null;
  linkExpiresAt: string | null;
  lastSignInAt: string | null;
}

/** 201 of POST /api/admin/team and 200 of the link resend: the account and whether the link's e-mail went out. */
export interface AccountLinkAnswer {
  account: TeamAccount;
  linkSent: boolean;
  /** Why the e-mail did not go (the account is kept: send a new link). */
  mailError?: string;
}

/** A desk device as stored and as GET /api/admin/devices lists it. Times are ISO instants. */
export interface DeskDevice {
  /** Also its check-in device name in the sync (never 'online'). */
  id: string;
  name: string;
  createdAt: string;
  /** The actor id of who made it, and their name. */
  createdBy: string;
  createdByName: string;
  /** The end of its token: the end of the conference's last day (Asia/Kolkata). */
  expiresAt: string;
  revokedAt?: string;
  revokedBy?: string;
}

/** 201 of POST /api/admin/devices: the device's id (its check-in device name), its token (role desk) and when that ends. */
export interface DeviceAnswer {
  id: string;
  token: string;
  expiresAt: string;
}

/** One audit entry as GET /api/admin/audit lists it (netlify/server/platform/store.ts AuditEntry). */
export interface AuditRecordEntry {
  at: string;
  actor: string;
  actorName?: string;
  roles?: string[];
  address?: string;
  action: string;
  details: Record<string, unknown>;
}

/** 200 of GET /api/admin/audit. */
export interface AuditAnswer {
  entries: AuditRecordEntry[];
  nextCursor: string | null;
  total: number;
}

/** Where the one-time set-password link and the enrolment link carry their secret: the URL's fragment, never sent to a server or kept in its logs. */
export const LINK_TOKEN_PARAM = 'token';
