/**
 * The role table's rules and the admin pages' reading of a token (decision 044): who may call
 * what, the FORBIDDEN_ROLE message, the identity a token's claims name (the shared password's
 * tokens from before roles are the owner's), and the enrolment and set-password links' secrets.
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINT_ROLES, ROLES, forbiddenRoleMessage, isRole, joinRoles, mayCall, type AdminEndpoint } from '../../src/shared/admin-roles';
import { identityOf } from '../../src/lib/admin-token';
import { enrolmentToken, enrolmentUrl, fragmentToken } from '../../src/lib/device-enrolment';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const token = (claims: Record<string, unknown>) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.c2ln`;

describe('the role table', () => {
  it('lets a token call an endpoint when one of its roles is listed, the owner everywhere', () => {
    for (const name of Object.keys(ENDPOINT_ROLES) as AdminEndpoint[]) expect(mayCall(['owner'], name), name).toBe(true);
    expect(mayCall(['desk'], 'admin-checkins-sync')).toBe(true);
    expect(mayCall(['desk'], 'admin-refunds-pay')).toBe(false);
    expect(mayCall(['visa', 'finance'], 'admin-refunds-pay')).toBe(true);
    expect(mayCall([], 'admin-auth-verify')).toBe(false);
  });

  it('says which roles are needed and which are held', () => {
    expect(forbiddenRoleMessage('admin-refunds-pay', ['desk'])).toBe('This needs the role owner or finance; you have desk.');
    expect(forbiddenRoleMessage('verify-qr', ['visa', 'finance'])).toBe('This needs the role owner, registrations or desk; you have visa or finance.');
    expect(forbiddenRoleMessage('admin-audit', [])).toBe('This needs the role owner; you have no role.');
    expect(joinRoles([])).toBe('');
  });

  it('knows the six roles and nothing else', () => {
    expect(ROLES).toEqual(['owner', 'finance', 'registrations', 'publications', 'visa', 'desk']);
    expect(isRole('admin')).toBe(false);
    expect(isRole('desk')).toBe(true);
  });
});

describe("a token's identity as the admin pages read it", () => {
  it('reads the subject, kind, roles and name of our tokens', () => {
    expect(identityOf(token({ sub: 'acct-1', kind: 'account', roles: ['finance', 'visa'], name: 'Kavya Iyer <k@example.org>' }))).toEqual({
      subject: 'acct-1',
      kind: 'account',
      roles: ['finance', 'visa'],
      name: 'Kavya Iyer <k@example.org>',
    });
    expect(identityOf(token({ sub: 'desk-door-1-abc', kind: 'device', roles: ['desk'], name: 'Door 1' }))?.kind).toBe('device');
  });

  it("takes a token from before roles as the shared password's (owner), and nothing else without roles", () => {
    expect(identityOf(token({ sub: 'admin' }))).toMatchObject({ subject: 'admin', kind: 'password', roles: ['owner'] });
    expect(identityOf(token({ sub: 'someone' }))).toBeNull();
    expect(identityOf(token({ sub: 'acct-1', kind: 'account', roles: ['root'] }))).toBeNull();
    expect(identityOf(token({ sub: 'acct-1', kind: 'robot', roles: ['desk'] }))).toBeNull();
    expect(identityOf('not-a-token')).toBeNull();
    expect(identityOf(null)).toBeNull();
  });
});

describe('the links that carry a secret in their fragment', () => {
  const device = token({ sub: 'desk-door-2-xyz', kind: 'device', roles: ['desk'], name: 'Door 2' });

  it('reads a device token from an enrolment link, whatever the origin, and nothing else', () => {
    const url = enrolmentUrl('https://pesgre.example', device);
    expect(url).toBe(`https://pesgre.example/admin/enrol#token=${device}`);
    expect(enrolmentToken(url)).toBe(device);
    expect(enrolmentToken(enrolmentUrl('http://localhost:5173', device))).toBe(device);
    // A person's token in an enrolment link is not a device's enrolment.
    expect(enrolmentToken(enrolmentUrl('https://pesgre.example', token({ sub: 'admin', kind: 'password', roles: ['owner'] })))).toBeNull();
    expect(enrolmentToken('{"rid":"PESGRE25-ABCDEFGH","sig":"x"}')).toBeNull();
    expect(enrolmentToken(`https://pesgre.example/admin/other#token=${device}`)).toBeNull();
  });

  it('reads the one-time secret from a set-password link', () => {
    const secret = 'A'.repeat(43);
    expect(fragmentToken(`#token=${secret}`)).toBe(secret);
    expect(fragmentToken('')).toBeNull();
    expect(fragmentToken('#token=<script>')).toBeNull();
  });
});
