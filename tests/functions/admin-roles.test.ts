/**
 * Roles (docs/security.md, "Roles, accounts and devices"; decision 044): the role table against
 * every function in netlify/functions, found on the disk with its path read from its `config`
 * (a new admin endpoint missing from the table fails here), then the whole matrix of roles and
 * admin endpoints called with real tokens: a role the table accepts is let through, any other
 * gets 403 FORBIDDEN_ROLE naming the roles needed, with nothing written. Then the desk device of
 * the issue: refused on refunds, the registrations CSV, the visa clearance list and the papers
 * import, accepted on the snapshot and the sync, refused once revoked (also by another instance,
 * within the token-version cache's time).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeJwt } from 'jose';
import { ENDPOINT_ROLES, OPTIONAL_TOKEN_ENDPOINTS, ROLES, TOKENLESS_ADMIN_ENDPOINTS, type AdminEndpoint, type Role } from '../../src/shared/admin-roles';
import { issueAccountToken } from '../../netlify/server/auth';
import { TOKEN_VERSION_CACHE_MS, type StoredAccount } from '../../netlify/server/team';
import { keys, redis } from '../../netlify/server/platform/store';
import { ticketText } from '../../netlify/server/tickets';
import devices from '../../netlify/functions/admin-devices';
import revokeDevice from '../../netlify/functions/admin-device-revoke';
import snapshot from '../../netlify/functions/admin-checkins-snapshot';
import sync from '../../netlify/functions/admin-checkins-sync';
import verify from '../../netlify/functions/admin-auth-verify';
import refundsPay from '../../netlify/functions/admin-refunds-pay';
import registrationsExport from '../../netlify/functions/registrations-export';
import visaExport from '../../netlify/functions/admin-visa-letters-export';
import papersImport from '../../netlify/functions/admin-papers-import';
import registrationById from '../../netlify/functions/registration-by-id';
import { afterConference, call, conferenceDay, keysMatching, pinClock, type Fn } from './helpers';
import { adminHeaders, seedRegistration } from './helpers-admin';

const functionsDir = path.resolve(import.meta.dirname, '../../netlify/functions');

interface FunctionFile {
  name: string;
  text: string;
  paths: string[];
  handler: Fn;
}

/** Every function in netlify/functions with its source, its `config.path` and its handler. */
async function functionFiles(): Promise<FunctionFile[]> {
  const files = readdirSync(functionsDir).filter((f) => /\.tsx?$/.test(f));
  return Promise.all(
    files.map(async (file) => {
      const full = path.join(functionsDir, file);
      const mod = (await import(pathToFileURL(full).href)) as { default: Fn; config?: { path?: string | string[] } };
      const configured = mod.config?.path;
      return { name: file.replace(/\.tsx?$/, ''), text: readFileSync(full, 'utf8'), paths: configured === undefined ? [] : Array.isArray(configured) ? configured : [configured], handler: mod.default };
    }),
  );
}

/** An admin function: one under /api/admin or /api/admin-auth, or one that checks an admin token. */
const isAdminFunction = (f: FunctionFile) => f.paths.some((p) => /^\/api\/admin(\/|-auth\/)/.test(p)) || /requireRole\(|isAdminRequest\(|requireAdmin\(/.test(f.text);

const tableNames = Object.keys(ENDPOINT_ROLES) as AdminEndpoint[];

/** A real token of an account holding `roles` (the account need not be stored: its token version is 0). */
async function tokenOf(roles: Role[], id = `acct-matrix${roles.join('')}`): Promise<string> {
  const account = { id, name: `Matrix ${roles.join(' ')}`, email: `${id}@example.org`, roles } as StoredAccount;
  return (await issueAccountToken(account)).session.token;
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The methods a function answers, from the Allow header of its 405 to a method none takes. */
async function methodsOf(fn: Fn): Promise<string[]> {
  const r = await call(fn, { method: 'OPTIONS' });
  expect(r.status).toBe(405);
  return (r.headers.get('allow') ?? '').split(',').map((m) => m.trim()).filter(Boolean);
}

/** A request path for `pattern` (a `:param` filled with a made-up value). */
const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, 'matrix-unknown');

afterEach(() => vi.restoreAllMocks());

describe('the role table', () => {
  it('names every admin function on the disk, and every function it names exists and guards itself with its own entry', async () => {
    const files = await functionFiles();
    const byName = new Map(files.map((f) => [f.name, f]));
    const admin = files.filter(isAdminFunction).map((f) => f.name);
    // Enough to be sure the discovery found the admin area (at the time of writing, 45).
    expect(admin.length).toBeGreaterThanOrEqual(40);
    const known = new Set<string>([...tableNames, ...TOKENLESS_ADMIN_ENDPOINTS]);
    expect(admin.filter((n) => !known.has(n)), 'admin functions missing from ENDPOINT_ROLES (src/shared/admin-roles.ts)').toEqual([]);
    expect([...known].filter((n) => !byName.has(n)), 'table entries without a function file').toEqual([]);
    for (const name of tableNames) {
      const text = byName.get(name)!.text;
      const calls = [...text.matchAll(/requireRole\(req, '([a-z0-9-]+)'|isAdminRequest\(req, [^,]+, '([a-z0-9-]+)'\)/g)].map((m) => m[1] ?? m[2]);
      expect(calls.length, `${name} checks its token with requireRole (or isAdminRequest)`).toBeGreaterThan(0);
      expect(new Set(calls), `${name} passes its own name`).toEqual(new Set([name]));
      expect(/isAdminRequest\(/.test(text), `${name}: only the optional-token endpoints use isAdminRequest`).toBe(OPTIONAL_TOKEN_ENDPOINTS.includes(name));
    }
    for (const name of TOKENLESS_ADMIN_ENDPOINTS) expect(byName.get(name)!.text).not.toMatch(/requireRole\(|isAdminRequest\(/);
    // The one guard: the old all-or-nothing check is gone.
    expect(files.filter((f) => /requireAdmin\(/.test(f.text)).map((f) => f.name)).toEqual([]);
  });

  it('gives the owner everything and every entry at least one role', () => {
    for (const name of tableNames) {
      expect(ENDPOINT_ROLES[name], name).toContain('owner');
      for (const role of ENDPOINT_ROLES[name]) expect(ROLES).toContain(role);
    }
    // The desk is the verifier, the snapshot, the sync, the check-in by name and badges: nothing else.
    const desk = tableNames.filter((n) => (ENDPOINT_ROLES[n] as readonly Role[]).includes('desk')).sort();
    expect(desk).toEqual(['admin-auth-verify', 'admin-badges', 'admin-checkins-desk', 'admin-checkins-snapshot', 'admin-checkins-sync', 'verify-qr']);
  });
});

describe('the matrix of roles and admin endpoints', () => {
  it('refuses every role an endpoint does not accept with 403 FORBIDDEN_ROLE naming the roles needed, writing nothing; lets every accepted role through', async () => {
    pinClock(conferenceDay(0, '08:00:00'));
    const files = new Map((await functionFiles()).map((f) => [f.name, f]));
    const guarded = tableNames.filter((n) => !OPTIONAL_TOKEN_ENDPOINTS.includes(n));
    const tokens = Object.fromEntries(await Promise.all(ROLES.map(async (r) => [r, await tokenOf([r])] as const))) as Record<Role, string>;
    const plan: { name: AdminEndpoint; fn: Fn; method: string; path: string }[] = [];
    for (const name of guarded) {
      const f = files.get(name)!;
      for (const method of await methodsOf(f.handler)) plan.push({ name, fn: f.handler, method, path: concrete(f.paths[0]!) });
    }
    const send = (p: (typeof plan)[number], role: Role) =>
      call(p.fn, { method: p.method, path: p.path, headers: bearer(tokens[role]), ...(p.method === 'GET' || p.method === 'DELETE' ? {} : { body: {} }) });

    // Refusals first, all of them, then nothing may have been written.
    const before = (await keysMatching('*')).sort();
    const auditBefore = await redis().llen(keys.audit());
    let refused = 0;
    for (const p of plan) {
      for (const role of ROLES) {
        if ((ENDPOINT_ROLES[p.name] as readonly Role[]).includes(role)) continue;
        const r = await send(p, role);
        expect(r.status, `${role} on ${p.method} ${p.name}: ${r.text}`).toBe(403);
        expect(Object.keys(r.body)).toEqual(['error']);
        expect(r.body.error.code).toBe('FORBIDDEN_ROLE');
        for (const needed of ENDPOINT_ROLES[p.name]) expect(r.body.error.message, `${p.name}'s refusal names ${needed}`).toContain(needed);
        expect(r.body.error.message).toContain(`you have ${role}`);
        refused++;
      }
    }
    expect((await keysMatching('*')).sort()).toEqual(before);
    expect(await redis().llen(keys.audit())).toBe(auditBefore);

    let allowed = 0;
    for (const p of plan) {
      for (const role of ENDPOINT_ROLES[p.name]) {
        const r = await send(p, role);
        expect(r.status, `${role} on ${p.method} ${p.name}: ${r.text}`).not.toBe(401);
        expect(r.status === 403 && r.body?.error?.code === 'FORBIDDEN_ROLE', `${role} on ${p.method} ${p.name} refused: ${r.text}`).toBe(false);
        allowed++;
      }
    }
    // The whole matrix was walked: every pair of role and method-endpoint, once.
    expect(refused + allowed).toBe(plan.length * ROLES.length);
    expect(refused).toBeGreaterThan(plan.length * 3);
  }, 240_000);

  it('adds up several roles: a token of finance and visa calls both areas and neither other', async () => {
    const token = await tokenOf(['finance', 'visa']);
    const files = new Map((await functionFiles()).map((f) => [f.name, f]));
    const get = (name: AdminEndpoint) => call(files.get(name)!.handler, { headers: bearer(token) });
    expect((await get('admin-cancellations')).status).toBe(200);
    expect((await get('admin-visa-letters')).status).toBe(200);
    const csv = await get('registrations-export');
    expect(csv.status).toBe(403);
    expect(csv.body.error.message).toBe('This needs the role owner or registrations; you have finance or visa.');
  });

  it('gives the public answer, never 403, to a token of a role an optional-token endpoint does not take', async () => {
    const reg = await seedRegistration();
    const path = `/api/registrations/${reg.registrationNumber}`;
    const asRole = async (role: Role) => (await call(registrationById, { path, headers: bearer(await tokenOf([role])) })).body;
    for (const role of ROLES) {
      const body = await asRole(role);
      const whole = (ENDPOINT_ROLES['registration-by-id'] as readonly Role[]).includes(role);
      expect(body.registrationNumber).toBe(reg.registrationNumber);
      expect('email' in body, `${role} sees the whole registration: ${whole}`).toBe(whole);
    }
  });
});

/** A signed-in owner makes a desk device; returns its id and token. */
async function makeDevice(name: string): Promise<{ id: string; token: string; expiresAt: string }> {
  const r = await call(devices, { body: { name }, headers: await adminHeaders() });
  expect(r.status, r.text).toBe(201);
  expect(Object.keys(r.body).sort()).toEqual(['expiresAt', 'id', 'token']);
  return r.body;
}

describe('a desk device', () => {
  it('holds the role desk alone until the end of the last conference day (IST)', async () => {
    pinClock(conferenceDay(-1, '18:00:00'));
    const device = await makeDevice('Door 1 phone');
    expect(device.id).toMatch(/^desk-door-1-phone-[A-Za-z0-9]{8}$/);
    const claims = decodeJwt(device.token);
    expect(claims).toMatchObject({ sub: device.id, kind: 'device', roles: ['desk'], name: 'Door 1 phone' });
    // The last second is 23:59:59 IST on the last day: the token ends as the next day starts.
    expect(device.expiresAt).toBe(new Date(afterConference('00:00:00')).toISOString());
    expect(new Date(claims.exp! * 1000).toISOString()).toBe(device.expiresAt);
    const listed = (await call(devices, { headers: await adminHeaders() })).body.devices;
    expect(listed.find((d: { id: string }) => d.id === device.id)).toMatchObject({ name: 'Door 1 phone', createdBy: 'admin', expiresAt: device.expiresAt });
    expect(JSON.stringify(listed)).not.toContain(device.token);
  });

  it('is refused (403) on refunds, the registrations CSV, the visa clearance list and the papers import; accepted on the snapshot and the sync', async () => {
    pinClock(conferenceDay(0, '10:00:00'));
    const reg = await seedRegistration();
    const device = await makeDevice('Door 2');
    const h = bearer(device.token);
    const refused: [string, Fn, Parameters<typeof call>[1]][] = [
      ['refunds', refundsPay, { body: { registrationNumber: reg.registrationNumber }, headers: h }],
      ['registrations CSV', registrationsExport, { headers: h }],
      ['visa clearance list', visaExport, { headers: h }],
      ['papers import', papersImport, { method: 'POST', raw: 'Paper ID,Title\n1,x', headers: h }],
    ];
    const auditBefore = await redis().llen(keys.audit());
    for (const [what, fn, opts] of refused) {
      const r = await call(fn, opts);
      expect(r.status, what).toBe(403);
      expect(r.body.error.code, what).toBe('FORBIDDEN_ROLE');
    }
    expect(await redis().llen(keys.audit())).toBe(auditBefore);

    const snap = await call(snapshot, { headers: h });
    expect(snap.status).toBe(200);
    expect(snap.body.registrations.some((r: { registrationNumber: string }) => r.registrationNumber === reg.registrationNumber)).toBe(true);
    // The device syncs as itself, whatever id its scans carry.
    const scan = { nonce: 'nonce-of-the-device-1', ticket: await ticketText(reg.registrationNumber), scannedAt: conferenceDay(0, '09:30:00'), device: 'dev-made-up-before-enrolment' };
    const synced = await call(sync, { body: { scans: [scan] }, headers: h });
    expect(synced.status, synced.text).toBe(200);
    expect(synced.body.recorded).toBe(1);
    const stored = await redis().get<{ device: string }>(keys.checkin(reg.registrationNumber, conferenceDay(0, '00:00:00').slice(0, 10)));
    expect(stored?.device).toBe(device.id);
    // The audit record names the device: its check-in and the snapshot it took.
    const entries = await redis().lrange<{ action: string; actor: string; actorName?: string; roles?: string[]; address?: string; details: { regNo?: string } }>(keys.audit(), 0, 20);
    const checkin = entries.find((e) => e.action === 'checkin.recorded' && e.details.regNo === reg.registrationNumber);
    expect(checkin).toMatchObject({ actor: device.id, actorName: 'Door 2', roles: ['desk'], address: expect.any(String) });
    expect(entries.find((e) => e.action === 'checkins.snapshot')).toMatchObject({ actor: device.id });
  });

  it('is refused once revoked, online and at its next sync, and a revocation by another instance holds within the cache time', async () => {
    pinClock(conferenceDay(0, '11:00:00'));
    const device = await makeDevice('Door 3');
    const h = bearer(device.token);
    expect((await call(verify, { headers: h })).status).toBe(200);
    const revoked = await call(revokeDevice, { method: 'DELETE', path: `/api/admin/devices/${device.id}`, headers: await adminHeaders() });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.device).toMatchObject({ id: device.id, revokedAt: new Date(conferenceDay(0, '11:00:00')).toISOString(), revokedBy: 'admin' });
    for (const [fn, opts] of [
      [verify, {}],
      [snapshot, {}],
      [sync, { body: { scans: [] } }],
    ] as const) {
      const r = await call(fn, { ...opts, headers: h });
      expect(r.status).toBe(401);
      expect(r.body.error).toEqual({ code: 'TOKEN_REVOKED', message: 'This desk device was revoked. Please sign in again.' });
    }
    // Revoking again changes nothing; an unknown device is 404.
    expect((await call(revokeDevice, { method: 'DELETE', path: `/api/admin/devices/${device.id}`, headers: await adminHeaders() })).body.device.revokedAt).toBe(revoked.body.device.revokedAt);
    expect((await call(revokeDevice, { method: 'DELETE', path: '/api/admin/devices/desk-nothing-here', headers: await adminHeaders() })).status).toBe(404);

    // Another function instance revokes (its own process raises the version): this process trusts
    // its cached version for at most TOKEN_VERSION_CACHE_MS, within the minute the rules allow.
    expect(TOKEN_VERSION_CACHE_MS).toBeLessThanOrEqual(60_000);
    const other = await makeDevice('Door 4');
    const h4 = bearer(other.token);
    expect((await call(snapshot, { headers: h4 })).status).toBe(200);
    await redis().hincrby(keys.adminTokenVersions(), other.id, 1);
    expect((await call(snapshot, { headers: h4 })).status).toBe(200);
    const later = Date.now() + TOKEN_VERSION_CACHE_MS + 1;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect((await call(snapshot, { headers: h4 })).status).toBe(401);
  });

  it('cannot be made after the conference, and only by the owner or registrations', async () => {
    pinClock(conferenceDay(4, '09:00:00'));
    const late = await call(devices, { body: { name: 'Too late' }, headers: await adminHeaders() });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('CONFERENCE_ENDED');
    pinClock(conferenceDay(0, '09:00:00'));
    expect((await call(devices, { body: { name: 'By the desk' }, headers: bearer(await tokenOf(['desk'])) })).status).toBe(403);
    expect((await call(devices, { body: { name: 'By registrations' }, headers: bearer(await tokenOf(['registrations'])) })).status).toBe(201);
    expect((await call(devices, { body: { name: '' }, headers: await adminHeaders() })).status).toBe(400);
  });
});
