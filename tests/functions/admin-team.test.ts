/**
 * Named accounts and the audit record (docs/security.md, "Roles, accounts and devices" and "The
 * audit record"; decision 044): the owner makes an account, the person sets a password from the
 * e-mailed one-time link (received by a real SMTP server), signs in with e-mail and password and
 * gets their roles; the link works once, a newer one replaces it; changing roles or disabling
 * ends the person's sessions. The audit record of a refund names the person who paid it, with
 * their roles and client address; it is listed with filters and pages that hold while entries
 * arrive, and downloaded as CSV with every cell neutralised.
 */
import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import team from '../../netlify/functions/admin-team';
import teamAccount from '../../netlify/functions/admin-team-account';
import teamLink from '../../netlify/functions/admin-team-link';
import setPassword from '../../netlify/functions/admin-auth-set-password';
import login from '../../netlify/functions/admin-auth-login';
import verify from '../../netlify/functions/admin-auth-verify';
import auditList from '../../netlify/functions/admin-audit';
import auditExport from '../../netlify/functions/admin-audit-export';
import cancellationRequest from '../../netlify/functions/cancellation-request';
import decide from '../../netlify/functions/admin-cancellations-decide';
import payRefund from '../../netlify/functions/admin-refunds-pay';
import registrationsExport from '../../netlify/functions/registrations-export';
import listCancellations from '../../netlify/functions/admin-cancellations';
import { keys, redis } from '../../netlify/server/platform/store';
import { PASSWORD_LINK_HOURS } from '../../netlify/server/team';
import { afterConference, call, pinClock, STANDARD_DAY } from './helpers';
import { adminHeaders, mailAndWebhook, parseMail, registerPaid } from './helpers-admin';

const fx = mailAndWebhook();

let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The set-password link's secret in the last message to `to` (from its plain-text part). */
async function linkSecretFor(to: string): Promise<{ secret: string; text: string; subject: string }> {
  const parsed = await Promise.all(fx.smtp.messages.map(parseMail));
  const mine = parsed.filter((m) => m.to?.some((a) => a.address === to));
  expect(mine.length, `a message to ${to}`).toBeGreaterThan(0);
  const last = mine.at(-1)!;
  const match = /\/admin\/set-password#token=([A-Za-z0-9_-]{43})/.exec(last.text ?? '');
  expect(match, last.text).not.toBeNull();
  return { secret: match![1]!, text: last.text ?? '', subject: last.subject ?? '' };
}

async function createAccount(body: unknown) {
  return call(team, { body, headers: await adminHeaders() });
}

async function signIn(email: string, password: string, ip = freshIp()) {
  return call(login, { body: { email, password }, ip });
}

/** Makes an account with `roles`, sets its password from the link; returns the id and a signed-in token. */
async function person(name: string, email: string, roles: string[], password = 'a long passphrase 2025') {
  const made = await createAccount({ name, email, roles });
  expect(made.status, made.text).toBe(201);
  const { secret } = await linkSecretFor(email);
  expect((await call(setPassword, { body: { token: secret, password }, ip: freshIp() })).status).toBe(200);
  const signed = await signIn(email, password);
  expect(signed.status, signed.text).toBe(200);
  return { id: made.body.account.id as string, token: signed.body.token as string };
}

describe('named accounts', () => {
  it('are made by the owner, set their password from the one-time link, and sign in with their roles', async () => {
    const made = await createAccount({ name: 'Kavya Iyer', email: ' Kavya.Iyer@Example.org ', roles: ['finance'] });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ linkSent: true, account: { name: 'Kavya Iyer', email: 'kavya.iyer@example.org', roles: ['finance'], disabled: false, passwordSet: false, createdBy: 'admin' } });
    expect(made.body.account.linkExpiresAt).toBe(new Date(Date.parse(STANDARD_DAY) + PASSWORD_LINK_HOURS * 3600_000).toISOString());
    const { secret, text, subject } = await linkSecretFor('kavya.iyer@example.org');
    expect(subject).toMatch(/set your admin password/);
    expect(text).toContain('Roles: finance');

    // Not before the password is set; the same answer as a wrong password.
    const early = await signIn('kavya.iyer@example.org', 'anything at all here');
    expect(early.status).toBe(401);
    expect(early.body.error).toEqual({ code: 'INVALID_PASSWORD', message: 'Invalid e-mail or password' });
    expect((await call(setPassword, { body: { token: secret, password: 'short' }, ip: freshIp() })).status).toBe(400);

    const set = await call(setPassword, { body: { token: secret, password: 'correct horse battery' }, ip: freshIp() });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toEqual({ email: 'kavya.iyer@example.org' });
    // The link works once.
    const again = await call(setPassword, { body: { token: secret, password: 'another long password' }, ip: freshIp() });
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe('LINK_INVALID');

    const ip = freshIp();
    const signed = await signIn('KAVYA.IYER@example.org', 'correct horse battery', ip);
    expect(signed.status, signed.text).toBe(200);
    expect(Object.keys(signed.body).sort()).toEqual(['expiresAt', 'token']);
    expect(decodeJwt(signed.body.token)).toMatchObject({ sub: made.body.account.id, kind: 'account', roles: ['finance'], name: 'Kavya Iyer <kavya.iyer@example.org>' });
    expect((await call(verify, { headers: bearer(signed.body.token) })).status).toBe(200);
    expect((await call(listCancellations, { headers: bearer(signed.body.token) })).status).toBe(200);
    expect((await call(registrationsExport, { headers: bearer(signed.body.token) })).status).toBe(403);
    expect((await call(team, { headers: bearer(signed.body.token) })).status).toBe(403);

    // Sign-ins, good and bad, are in the audit record with the address.
    expect((await signIn('kavya.iyer@example.org', 'wrong password here', ip)).status).toBe(401);
    const entries = await redis().lrange<{ action: string; actor: string; address?: string; details: Record<string, unknown> }>(keys.audit(), 0, 5);
    expect(entries[0]).toMatchObject({ action: 'admin.login-failed', actor: made.body.account.id, address: ip, details: { email: 'kavya.iyer@example.org' } });
    expect(entries[1]).toMatchObject({ action: 'admin.login', actor: made.body.account.id, address: ip });

    // Listed without any hash.
    const listed = await call(team, { headers: await adminHeaders() });
    expect(listed.status).toBe(200);
    expect(listed.body.accounts.find((a: { id: string }) => a.id === made.body.account.id)).toMatchObject({ passwordSet: true, linkExpiresAt: null, lastSignInAt: expect.any(String) });
    expect(listed.text).not.toMatch(/scrypt|passwordHash|linkHash/);
  });

  it('refuses a second account for an address, an unknown role and no role', async () => {
    expect((await createAccount({ name: 'Ravi', email: 'ravi@example.org', roles: ['visa'] })).status).toBe(201);
    const twice = await createAccount({ name: 'Ravi again', email: 'RAVI@example.org', roles: ['desk'] });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('ACCOUNT_EXISTS');
    expect((await createAccount({ name: 'X', email: 'x@example.org', roles: ['admin'] })).status).toBe(400);
    expect((await createAccount({ name: 'X', email: 'x@example.org', roles: [] })).status).toBe(400);
    expect((await createAccount({ name: 'X', email: 'not an address', roles: ['desk'] })).status).toBe(400);
  });

  it('end the sessions of a person whose roles change or who is disabled; a new link replaces the old', async () => {
    const p = await person('Meera Nair', 'meera@example.org', ['registrations']);
    expect((await call(registrationsExport, { headers: bearer(p.token) })).status).toBe(200);
    const changed = await call(teamAccount, { method: 'PATCH', path: `/api/admin/team/${p.id}`, body: { roles: ['publications'] }, headers: await adminHeaders() });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.account.roles).toEqual(['publications']);
    const old = await call(verify, { headers: bearer(p.token) });
    expect(old.status).toBe(401);
    expect(old.body.error).toEqual({ code: 'TOKEN_REVOKED', message: 'This session was ended by the owner. Please sign in again.' });
    const again = await signIn('meera@example.org', 'a long passphrase 2025');
    expect(decodeJwt(again.body.token).roles).toEqual(['publications']);

    // A name change alone keeps the session.
    expect((await call(teamAccount, { method: 'PATCH', path: `/api/admin/team/${p.id}`, body: { name: 'Meera K. Nair' }, headers: await adminHeaders() })).status).toBe(200);
    expect((await call(verify, { headers: bearer(again.body.token) })).status).toBe(200);

    const disabled = await call(teamAccount, { method: 'PATCH', path: `/api/admin/team/${p.id}`, body: { disabled: true }, headers: await adminHeaders() });
    expect(disabled.body.account.disabled).toBe(true);
    expect((await call(verify, { headers: bearer(again.body.token) })).status).toBe(401);
    expect((await signIn('meera@example.org', 'a long passphrase 2025')).status).toBe(401);
    expect((await call(teamLink, { path: `/api/admin/team/${p.id}/password-link`, body: {}, headers: await adminHeaders() })).status).toBe(409);

    expect((await call(teamAccount, { method: 'PATCH', path: `/api/admin/team/${p.id}`, body: { disabled: false }, headers: await adminHeaders() })).status).toBe(200);
    expect((await signIn('meera@example.org', 'a long passphrase 2025')).status).toBe(200);
    const first = await call(teamLink, { path: `/api/admin/team/${p.id}/password-link`, body: {}, headers: await adminHeaders() });
    expect(first.status, first.text).toBe(200);
    const { secret: older } = await linkSecretFor('meera@example.org');
    await call(teamLink, { path: `/api/admin/team/${p.id}/password-link`, body: {}, headers: await adminHeaders() });
    const { secret: newer } = await linkSecretFor('meera@example.org');
    expect(newer).not.toBe(older);
    expect((await call(setPassword, { body: { token: older, password: 'an older link password' }, ip: freshIp() })).status).toBe(410);
    expect((await call(setPassword, { body: { token: newer, password: 'the newest password 1' }, ip: freshIp() })).status).toBe(200);
    expect((await signIn('meera@example.org', 'a long passphrase 2025')).status).toBe(401);
    expect((await signIn('meera@example.org', 'the newest password 1')).status).toBe(200);

    expect((await call(teamAccount, { method: 'PATCH', path: '/api/admin/team/acct-nobody', body: { name: 'x' }, headers: await adminHeaders() })).status).toBe(404);
    expect((await call(teamAccount, { method: 'PATCH', path: `/api/admin/team/${p.id}`, body: {}, headers: await adminHeaders() })).status).toBe(400);
  });

  it('keep an owner from disabling their own account', async () => {
    const owner = await person('Anil Rao', 'anil@example.org', ['owner']);
    const self = await call(teamAccount, { method: 'PATCH', path: `/api/admin/team/${owner.id}`, body: { disabled: true }, headers: bearer(owner.token) });
    expect(self.status).toBe(409);
    expect(self.body.error.code).toBe('OWN_ACCOUNT');
  });
});

describe('the audit record', () => {
  it('names the person who paid a refund, with their roles and address; lists and exports it by actor and action', async () => {
    const finance = await person('Sunita Menon', 'sunita@example.org', ['finance']);
    pinClock(STANDARD_DAY);
    const { regNo } = await registerPaid();
    expect((await call(cancellationRequest, { body: { regId: regNo, email: 'asha@example.org' }, ip: freshIp() })).status).toBe(200);
    expect((await call(decide, { body: { registrationNumber: regNo, decision: 'approve' }, headers: bearer(finance.token) })).status).toBe(200);
    pinClock(afterConference());
    const fresh = await signIn('sunita@example.org', 'a long passphrase 2025');
    const ip = '203.0.113.77';
    const paid = await call(payRefund, { body: { registrationNumber: regNo }, headers: bearer(fresh.body.token), ip });
    expect(paid.status, paid.text).toBe(200);

    const owner = await adminHeaders();
    const list = await call(auditList, { path: `/api/admin/audit?actor=${finance.id}&action=refund`, headers: owner });
    expect(list.status, list.text).toBe(200);
    const refund = list.body.entries.find((e: { action: string }) => e.action === 'refund.started');
    expect(refund).toMatchObject({
      actor: finance.id,
      actorName: 'Sunita Menon <sunita@example.org>',
      roles: ['finance'],
      address: ip,
      details: { regNo },
    });
    expect(list.body.entries.every((e: { actor: string; action: string }) => e.actor === finance.id && e.action.startsWith('refund.'))).toBe(true);
    // The approval is hers too.
    const approvals = await call(auditList, { path: `/api/admin/audit?actor=${finance.id}&action=cancellation.approved`, headers: owner });
    expect(approvals.body.entries).toEqual([expect.objectContaining({ details: expect.objectContaining({ regNo }) })]);

    const csv = await call(auditExport, { path: `/api/admin/audit/export?actor=${finance.id}`, headers: owner });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="audit_\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Time (IST),Time (ISO),Actor,Actor name,Roles,Client address,Action,Details');
    expect(lines.some((l) => l.includes('refund.started') && l.includes('Sunita Menon <sunita@example.org>') && l.includes(ip))).toBe(true);
    // The owner's download is recorded.
    expect((await redis().lrange<{ action: string; actor: string }>(keys.audit(), 0, 0))[0]).toMatchObject({ action: 'audit.exported', actor: 'admin' });
    // Only the owner reads the record.
    expect((await call(auditList, { headers: bearer(fresh.body.token) })).status).toBe(403);
  });

  it('pages newest first with a cursor that holds while entries arrive, and neutralises formulas in the CSV', async () => {
    const actor = `acct-paging${Date.now()}`;
    const entry = (i: number) =>
      JSON.stringify({ at: new Date(Date.parse(STANDARD_DAY) + i * 1000).toISOString(), actor, ...(i === 5 ? { actorName: '=HYPERLINK("http://x")' } : {}), action: i % 10 === 0 ? 'paging.rare' : 'paging.common', details: { i } });
    for (let i = 0; i < 2600; i += 500) await redis().lpush(keys.audit(), ...Array.from({ length: Math.min(500, 2600 - i) }, (_, k) => entry(i + k)));
    const owner = await adminHeaders();
    const page = (q: string) => call(auditList, { path: `/api/admin/audit?${q}`, headers: owner });

    const first = await page(`actor=${actor}&limit=100`);
    expect(first.body.entries.map((e: { details: { i: number } }) => e.details.i)).toEqual(Array.from({ length: 100 }, (_, k) => 2599 - k));
    // New entries arrive between pages: the next page goes on where the first stopped.
    await redis().lpush(keys.audit(), entry(9999), entry(9998));
    const second = await page(`actor=${actor}&limit=100&cursor=${first.body.nextCursor}`);
    expect(second.body.entries.map((e: { details: { i: number } }) => e.details.i)).toEqual(Array.from({ length: 100 }, (_, k) => 2499 - k));

    // A filter on the action: every tenth, all 260 of them across the pages.
    const rare: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const r: { body: { entries: { actor: string; details: { i: number } }[]; nextCursor: string | null } } = await page(`actor=${actor}&action=paging.rare&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      rare.push(...r.body.entries.filter((e) => e.actor === actor).map((e) => e.details.i));
      cursor = r.body.nextCursor;
    }
    expect(rare).toEqual(Array.from({ length: 260 }, (_, k) => 2590 - k * 10));

    expect((await page('limit=0')).status).toBe(400);
    expect((await page('cursor=abc')).status).toBe(400);

    const csv = await call(auditExport, { path: `/api/admin/audit/export?actor=${actor}&action=paging.common`, headers: owner });
    const rows = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    // The 2,340 common ones and the two that arrived between the pages.
    expect(rows).toHaveLength(1 + 2600 - 260 + 2);
    const formula = rows.find((r) => r.includes('HYPERLINK'))!;
    expect(formula).toContain(`,"'=HYPERLINK(""http://x"")",`);
  });
});
