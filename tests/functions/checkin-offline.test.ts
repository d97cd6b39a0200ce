/**
 * Offline check-in (issue 25): the snapshot a verifier device prepares from, and the sync of the
 * scans it queued offline. One check-in per nonce however often a sync is retried; a ticket
 * checked in the same day on two devices is a conflict on the admin's list; forged, cancelled and
 * unconfirmed tickets are refused with nothing recorded; old HMAC tickets still verify online.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import snapshot from '../../netlify/functions/admin-checkins-snapshot';
import sync from '../../netlify/functions/admin-checkins-sync';
import verifyQr from '../../netlify/functions/verify-qr';
import { keys, redis } from '../../netlify/server/store';
import { ticketSignature, ticketText } from '../../netlify/server/tickets';
import { offlineVerdict, type CheckinSnapshot, type SnapshotRegistration } from '../../src/shared/checkin';
import { conference } from '../../src/content/conference';
import { shiftDay } from '../setup/edition-clock';
import { call, conferenceDay, pinClock } from './helpers';
import { adminHeaders, seedRegistration } from './helpers-admin';

/** Instants and days relative to this edition's dates in src/content (issue 20, "The next edition"). */
const utc = (iso: string) => new Date(iso).toISOString();
const day = (n: number) => shiftDay(conference.startDate, n);
const nonce = () => randomBytes(12).toString('base64url');
const scanAt = conferenceDay(0, '09:05:00');

async function seedCancelled() {
  const r = await seedRegistration();
  await redis().set(keys.registration(r.registrationNumber), { ...r, cancellation: { status: 'approved', requestedAt: r.createdAt, decidedAt: r.createdAt, refundAmount: 0, currency: r.currency } });
  return r;
}

async function syncScans(scans: unknown[]) {
  return call(sync, { body: { scans }, headers: await adminHeaders() });
}

describe('the snapshot', () => {
  it('needs an admin, and carries confirmed registrations, revoked numbers, the public key and when it was taken', async () => {
    pinClock(conferenceDay(-1, '20:00:00'));
    expect((await call(snapshot)).status).toBe(401);
    const ok = await seedRegistration({ firstName: 'अनन्या', lastName: 'शर्मा', organization: 'IIT Dharwad' });
    const gone = await seedCancelled();
    const r = await call(snapshot, { headers: await adminHeaders() });
    expect(r.status).toBe(200);
    const body = r.body as CheckinSnapshot;
    expect(body.takenAt).toBe(utc(conferenceDay(-1, '20:00:00')));
    expect(body.publicKey).toEqual({ kty: 'OKP', crv: 'Ed25519', x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(body.days).toEqual([day(0), day(1), day(2), day(3)]);
    const mine = body.registrations.find((x) => x.registrationNumber === ok.registrationNumber);
    expect(mine).toEqual({ registrationNumber: ok.registrationNumber, name: 'Dr अनन्या शर्मा', organization: 'IIT Dharwad', tier: expect.any(String), days: body.days, status: 'confirmed', ticketVersion: 0 });
    // Nothing a door does not need: no e-mail, phone or payment.
    expect(JSON.stringify(body)).not.toContain(ok.email);
    expect(body.registrations.some((x) => x.registrationNumber === gone.registrationNumber)).toBe(false);
    expect(body.revoked).toContain(gone.registrationNumber);
    expect(body.revokedReasons[gone.registrationNumber]).toBe('Registration cancelled');
  });

  it('lets a device judge a ticket with the public key alone: valid, repeat, cancelled, forged, and an old HMAC ticket it cannot check', async () => {
    const ok = await seedRegistration();
    const gone = await seedCancelled();
    const body = (await call(snapshot, { headers: await adminHeaders() })).body as CheckinSnapshot;
    const regs = new Map(body.registrations.map((x) => [x.registrationNumber, x] as [string, SnapshotRegistration]));
    const revoked = new Map(body.revoked.map((n) => [n, body.revokedReasons[n]!] as [string, string]));
    const today = new Map<string, string>();
    const judge = (text: string) => offlineVerdict(text, body, (n) => regs.get(n), (n) => revoked.get(n), (n) => today.get(n));
    const valid = await ticketText(ok.registrationNumber);
    expect((await judge(valid)).kind).toBe('valid');
    today.set(ok.registrationNumber, utc(conferenceDay(0, '09:05:00')));
    expect(await judge(valid)).toMatchObject({ kind: 'repeat', firstAt: utc(conferenceDay(0, '09:05:00')) });
    expect(await judge(await ticketText(gone.registrationNumber))).toMatchObject({ kind: 'revoked', message: 'Registration cancelled' });
    const t = JSON.parse(valid) as { rid: string; sig: string };
    const forged = JSON.stringify({ ...t, sig: (t.sig[10] === 'A' ? 'B' : 'A').padStart(11, t.sig.slice(0, 10)) + t.sig.slice(11) });
    expect(await judge(forged)).toMatchObject({ kind: 'forged', message: 'Ticket signature is not valid.' });
    // A ticket of one registration relabelled with another's number.
    expect(await judge(JSON.stringify({ rid: gone.registrationNumber, sig: t.sig }))).toMatchObject({ kind: 'forged' });
    expect(await judge(JSON.stringify({ rid: ok.registrationNumber, sig: ticketSignature(ok.registrationNumber) }))).toMatchObject({ kind: 'forged', message: expect.stringMatching(/older ticket/) });
    expect(await judge('not json')).toMatchObject({ kind: 'forged', registrationNumber: null });
  });
});

describe('the sync', () => {
  it('records one check-in per nonce: a retried sync counts nothing twice', async () => {
    const r = await seedRegistration();
    const scan = { nonce: nonce(), ticket: await ticketText(r.registrationNumber), scannedAt: scanAt, device: 'door-a' };
    const first = await syncScans([scan]);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ recorded: 1, duplicates: 0, conflicts: [], refused: [] });
    expect(await redis().get(keys.checkin(r.registrationNumber, day(0)))).toEqual({ at: utc(conferenceDay(0, '09:05:00')), device: 'door-a' });
    // The same queue sent again (the answer was lost), and twice at once.
    const again = await Promise.all([syncScans([scan]), syncScans([scan])]);
    for (const a of again) expect(a.body).toEqual({ recorded: 0, duplicates: 1, conflicts: [], refused: [] });
    const audits = (await redis().lrange<{ action: string; details: { regNo: string } }>(keys.audit(), 0, -1)).filter((e) => e.details?.regNo === r.registrationNumber);
    expect(audits.filter((e) => e.action === 'checkin.recorded')).toHaveLength(1);
    // A second scan of the same ticket on the same device that day is a repeat, not a conflict.
    const repeat = await syncScans([{ ...scan, nonce: nonce(), scannedAt: conferenceDay(0, '11:00:00') }]);
    expect(repeat.body).toEqual({ recorded: 0, duplicates: 1, conflicts: [], refused: [] });
    // The next day is a new check-in.
    const next = await syncScans([{ ...scan, nonce: nonce(), scannedAt: conferenceDay(1, '09:00:00') }]);
    expect(next.body).toMatchObject({ recorded: 1, duplicates: 0 });
  });

  it('puts a ticket checked in on two offline devices the same day on the conflicts list', async () => {
    const r = await seedRegistration();
    const ticket = await ticketText(r.registrationNumber);
    const a = await syncScans([{ nonce: nonce(), ticket, scannedAt: scanAt, device: 'door-a' }]);
    expect(a.body.recorded).toBe(1);
    const bNonce = nonce();
    const b = await syncScans([{ nonce: bNonce, ticket, scannedAt: conferenceDay(0, '09:20:00'), device: 'door-b' }]);
    const conflict = { registrationNumber: r.registrationNumber, day: day(0), first: { device: 'door-a', at: utc(conferenceDay(0, '09:05:00')) }, other: { device: 'door-b', at: utc(conferenceDay(0, '09:20:00')), nonce: bNonce } };
    expect(b.body).toEqual({ recorded: 0, duplicates: 0, conflicts: [conflict], refused: [] });
    // Retrying door b's sync adds no second conflict.
    expect((await syncScans([{ nonce: bNonce, ticket, scannedAt: conferenceDay(0, '09:20:00'), device: 'door-b' }])).body).toEqual({ recorded: 0, duplicates: 1, conflicts: [], refused: [] });
    const list = ((await call(snapshot, { headers: await adminHeaders() })).body as CheckinSnapshot).conflicts.filter((c) => c.registrationNumber === r.registrationNumber);
    expect(list).toEqual([conflict]);
    // A ticket checked in online first, then on an offline device: also a conflict.
    const online = await seedRegistration();
    pinClock(conferenceDay(0, '08:00:00'));
    expect((await call(verifyQr, { raw: await ticketText(online.registrationNumber), headers: await adminHeaders() })).status).toBe(200);
    const c = await syncScans([{ nonce: nonce(), ticket: await ticketText(online.registrationNumber), scannedAt: scanAt, device: 'door-a' }]);
    expect(c.body.conflicts).toEqual([expect.objectContaining({ registrationNumber: online.registrationNumber, first: { device: 'online', at: utc(conferenceDay(0, '08:00:00')) } })]);
  });

  it('refuses forged, cancelled and unknown tickets, recording nothing; an old HMAC ticket is checked on the server', async () => {
    const ok = await seedRegistration();
    const gone = await seedCancelled();
    const old = await seedRegistration();
    const t = JSON.parse(await ticketText(ok.registrationNumber)) as { rid: string; sig: string };
    const forged = JSON.stringify({ rid: t.rid, sig: `${t.sig.slice(0, 85)}${t.sig.endsWith('A') ? 'Q' : 'A'}` });
    const scans = [
      { nonce: nonce(), ticket: forged, scannedAt: scanAt, device: 'door-a' },
      { nonce: nonce(), ticket: await ticketText(gone.registrationNumber), scannedAt: scanAt, device: 'door-a' },
      { nonce: nonce(), ticket: await ticketText('PESGRE25-ZZZZZZZZ'), scannedAt: scanAt, device: 'door-a' },
      { nonce: nonce(), ticket: JSON.stringify({ rid: old.registrationNumber, sig: ticketSignature(old.registrationNumber) }), scannedAt: scanAt, device: 'door-a' },
    ];
    const r = await syncScans(scans);
    expect(r.body).toEqual({
      recorded: 1,
      duplicates: 0,
      conflicts: [],
      refused: [
        { nonce: scans[0]!.nonce, registrationNumber: ok.registrationNumber, reason: 'Ticket signature is not valid.' },
        { nonce: scans[1]!.nonce, registrationNumber: gone.registrationNumber, reason: 'Registration cancelled' },
        { nonce: scans[2]!.nonce, registrationNumber: 'PESGRE25-ZZZZZZZZ', reason: 'No registration with this number.' },
      ],
    });
    for (const n of [ok, gone]) expect(await redis().exists(keys.checkin(n.registrationNumber, day(0)))).toBe(0);
    expect(await redis().exists(keys.checkin(old.registrationNumber, day(0)))).toBe(1);
  });

  it('answers a malformed body with 400 saying what is wrong, recording nothing; 401 without a token', async () => {
    expect((await call(sync, { body: { scans: [] } })).status).toBe(401);
    const bad = await syncScans([{ nonce: 'short', ticket: 'x', scannedAt: 'yesterday', device: 'door-a' }]);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect(bad.body.error.fieldErrors).toMatchObject({ 'scans.0.nonce': 'nonce must be 16 to 64 base64url characters.', 'scans.0.scannedAt': 'scannedAt must be an ISO date-time.' });
  });
});
