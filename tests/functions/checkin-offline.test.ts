/**
 * Offline check-in (decision 014): the snapshot a verifier device prepares from, and the sync of the
 * scans it queued offline. One check-in per nonce however often a sync is retried; a ticket
 * checked in the same day on two devices is a conflict on the admin's list; forged, cancelled and
 * unconfirmed tickets are refused with nothing recorded; old HMAC tickets still verify online.
 */
import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDay as formatDayOf } from '../../src/shared/dates';
import snapshot from '../../netlify/functions/admin-checkins-snapshot';
import sync from '../../netlify/functions/admin-checkins-sync';
import desk from '../../netlify/functions/admin-checkins-desk';
import verifyQr from '../../netlify/functions/verify-qr';
import { certificatesOf } from '../../netlify/server/certificates';
import { keys, redis } from '../../netlify/server/platform/store';
import { ticketSignature, ticketText } from '../../netlify/server/tickets';
import { deskExtrasLines, offlineVerdict, type CheckinSnapshot, type SnapshotRegistration, type SyncResult } from '../../src/shared/checkin';
import { conference } from '../../src/content/conference';
import { shiftDay } from '../setup/edition-clock';
import { afterConference, call, conferenceDay, keysMatching, pinClock } from './helpers';
import { adminHeaders, seedRegistration } from './helpers-admin';

/** Instants and days relative to this edition's dates in src/content. */
const utc = (iso: string) => new Date(iso).toISOString();
const day = (n: number) => shiftDay(conference.startDate, n);
const nonce = () => randomBytes(12).toString('base64url');
const scanAt = conferenceDay(0, '09:05:00');

async function seedCancelled() {
  const r = await seedRegistration();
  await redis().set(keys.registration(r.registrationNumber), { ...r, cancellation: { status: 'approved', requestedAt: r.createdAt, decidedAt: r.createdAt, refundAmount: 0, currency: r.currency } });
  return r;
}

/** A sync's whole answer: nothing but what `part` names. */
const answer = (part: Partial<SyncResult>): SyncResult => ({ recorded: 0, duplicates: 0, conflicts: [], refused: [], flagged: [], ...part });

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
    expect(mine).toEqual({
      registrationNumber: ok.registrationNumber,
      name: 'Dr अनन्या शर्मा',
      organization: 'IIT Dharwad',
      tier: expect.any(String),
      days: body.days,
      status: 'confirmed',
      ticketVersion: 0,
      extras: { welcomeReception: { attends: false, extraTickets: 0 }, galaDinner: { attends: false, extraTickets: 0 }, diet: 'VEGETARIAN' },
    });
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
    const judge = (text: string, at = new Date(conferenceDay(0, '09:05:00'))) => offlineVerdict(text, body, (n) => regs.get(n), (n) => revoked.get(n), (n) => today.get(n), at);
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
    // An old HMAC ticket, and a genuine ticket the device does not know: not verified yet, kept for the server.
    expect(await judge(JSON.stringify({ rid: ok.registrationNumber, sig: ticketSignature(ok.registrationNumber) }))).toMatchObject({ kind: 'unverified', registrationNumber: ok.registrationNumber, message: expect.stringMatching(/older ticket.*Not verified yet/) });
    const later = await seedRegistration();
    expect(await judge(await ticketText(later.registrationNumber))).toMatchObject({ kind: 'unverified', registrationNumber: later.registrationNumber, message: expect.stringMatching(/not on this device.*Not verified yet/) });
    expect(await judge('not json')).toMatchObject({ kind: 'forged', registrationNumber: null });
    // After the conference's last day the device refuses, by the server's rule.
    today.clear();
    expect(await judge(valid, new Date(conferenceDay(3, '23:59:00')))).toMatchObject({ kind: 'valid' });
    expect(await judge(valid, new Date(afterConference('08:00:00')))).toMatchObject({ kind: 'closed', message: `Check-in is closed: the conference ended on ${formatDayOf(day(3))}.` });
  });
});

describe('the sync', () => {
  // The server's clock after the scans (a sync after the conference is normal: the hall had no network).
  beforeEach(() => pinClock(conferenceDay(3, '20:00:00')));

  it('records one check-in per nonce: a retried sync counts nothing twice', async () => {
    const r = await seedRegistration();
    const scan = { nonce: nonce(), ticket: await ticketText(r.registrationNumber), scannedAt: scanAt, device: 'door-a' };
    const first = await syncScans([scan]);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual(answer({ recorded: 1 }));
    expect(await redis().get(keys.checkin(r.registrationNumber, day(0)))).toEqual({ at: utc(conferenceDay(0, '09:05:00')), device: 'door-a' });
    // The same queue sent again (the answer was lost), and twice at once.
    const again = await Promise.all([syncScans([scan]), syncScans([scan])]);
    for (const a of again) expect(a.body).toEqual(answer({ duplicates: 1 }));
    const audits = (await redis().lrange<{ action: string; details: { regNo: string } }>(keys.audit(), 0, -1)).filter((e) => e.details?.regNo === r.registrationNumber);
    expect(audits.filter((e) => e.action === 'checkin.recorded')).toHaveLength(1);
    // A second scan of the same ticket on the same device that day is a repeat, not a conflict.
    const repeat = await syncScans([{ ...scan, nonce: nonce(), scannedAt: conferenceDay(0, '11:00:00') }]);
    expect(repeat.body).toEqual(answer({ duplicates: 1 }));
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
    expect(b.body).toEqual(answer({ conflicts: [conflict] }));
    // Retrying door b's sync adds no second conflict.
    expect((await syncScans([{ nonce: bNonce, ticket, scannedAt: conferenceDay(0, '09:20:00'), device: 'door-b' }])).body).toEqual(answer({ duplicates: 1 }));
    const list = ((await call(snapshot, { headers: await adminHeaders() })).body as CheckinSnapshot).conflicts.filter((c) => c.registrationNumber === r.registrationNumber);
    expect(list).toEqual([conflict]);
    // A ticket checked in online first, then on an offline device: also a conflict.
    const online = await seedRegistration();
    pinClock(conferenceDay(0, '08:00:00'));
    expect((await call(verifyQr, { raw: await ticketText(online.registrationNumber), headers: await adminHeaders() })).status).toBe(200);
    pinClock(conferenceDay(3, '20:00:00'));
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
    expect(r.body).toEqual(answer({
      recorded: 1,
      refused: [
        { nonce: scans[0]!.nonce, registrationNumber: ok.registrationNumber, reason: 'Ticket signature is not valid.' },
        { nonce: scans[1]!.nonce, registrationNumber: gone.registrationNumber, reason: 'Registration cancelled' },
        { nonce: scans[2]!.nonce, registrationNumber: 'PESGRE25-ZZZZZZZZ', reason: 'No registration with this number.' },
      ],
    }));
    for (const n of [ok, gone]) expect(await redis().exists(keys.checkin(n.registrationNumber, day(0)))).toBe(0);
    expect(await redis().exists(keys.checkin(old.registrationNumber, day(0)))).toBe(1);
  });

  it('flags a scan dated outside the conference days or ahead of the server clock: no check-in, no certificate', async () => {
    const r = await seedRegistration();
    const ticket = await ticketText(r.registrationNumber);
    // The server's clock on the first morning; one device's clock is years ahead, another's a day.
    pinClock(conferenceDay(0, '10:00:00'));
    const scans = [
      { nonce: nonce(), ticket, scannedAt: '2030-01-01T09:00:00+05:30', device: 'door-a' },
      { nonce: nonce(), ticket, scannedAt: conferenceDay(2, '09:00:00'), device: 'door-b' },
      { nonce: nonce(), ticket, scannedAt: conferenceDay(-3, '09:00:00'), device: 'door-c' },
    ];
    const flagged = await syncScans(scans);
    expect(flagged.status, flagged.text).toBe(200);
    expect(flagged.body).toMatchObject({ recorded: 0, duplicates: 0, conflicts: [], refused: [] });
    expect(flagged.body.flagged).toEqual([
      { nonce: scans[0]!.nonce, device: 'door-a', registrationNumber: r.registrationNumber, scannedAt: utc('2030-01-01T09:00:00+05:30'), reason: expect.stringMatching(/ahead of the server's clock/) },
      { nonce: scans[1]!.nonce, device: 'door-b', registrationNumber: r.registrationNumber, scannedAt: utc(conferenceDay(2, '09:00:00')), reason: expect.stringMatching(/ahead of the server's clock/) },
      { nonce: scans[2]!.nonce, device: 'door-c', registrationNumber: r.registrationNumber, scannedAt: utc(conferenceDay(-3, '09:00:00')), reason: expect.stringMatching(/not a conference day/) },
    ]);
    expect(await keysMatching(`checkin:${r.registrationNumber}:*`)).toEqual([]);
    // Kept for the organisers (the verifier shows them), once however often the device retries.
    expect((await syncScans(scans)).body).toMatchObject({ duplicates: 3, flagged: [] });
    const listed = ((await call(snapshot, { headers: await adminHeaders() })).body as CheckinSnapshot).flagged.filter((f) => f.registrationNumber === r.registrationNumber);
    expect(listed).toHaveLength(3);
    // No attendance, so no certificate, even once the day the device named has come.
    pinClock(afterConference());
    expect(await certificatesOf([r])).toEqual([]);
    // A phone a minute fast is not a wrong clock: recorded.
    pinClock(conferenceDay(1, '10:00:00'));
    const fast = await syncScans([{ nonce: nonce(), ticket, scannedAt: conferenceDay(1, '10:02:00'), device: 'door-a' }]);
    expect(fast.body).toMatchObject({ recorded: 1, flagged: [] });
    expect((await certificatesOf([r]))[0]!.days).toEqual([day(1)]);
  });

  it('keys nonces by device: the same nonce from two devices records both scans', async () => {
    const [a, b] = [await seedRegistration(), await seedRegistration()];
    const shared = nonce();
    const r = await syncScans([
      { nonce: shared, ticket: await ticketText(a.registrationNumber), scannedAt: scanAt, device: 'door-a' },
      { nonce: shared, ticket: await ticketText(b.registrationNumber), scannedAt: scanAt, device: 'door-b' },
    ]);
    expect(r.body).toEqual(answer({ recorded: 2 }));
    for (const x of [a, b]) expect(await redis().exists(keys.checkin(x.registrationNumber, day(0)))).toBe(1);
  });

  it('lets no device take the server\'s name for online check-ins, so an online check-in always shows as a conflict', async () => {
    const r = await seedRegistration();
    const ticket = await ticketText(r.registrationNumber);
    for (const device of ['online', 'ONLINE', 'Online']) {
      const bad = await syncScans([{ nonce: nonce(), ticket, scannedAt: scanAt, device }]);
      expect(bad.status, device).toBe(400);
      expect(bad.body.error.fieldErrors['scans.0.device']).toMatch(/may not be named "online"/);
    }
    expect(await keysMatching(`checkin:${r.registrationNumber}:*`)).toEqual([]);
    pinClock(conferenceDay(0, '08:00:00'));
    expect((await call(verifyQr, { raw: ticket, headers: await adminHeaders() })).status).toBe(200);
    pinClock(conferenceDay(3, '20:00:00'));
    const later = await syncScans([{ nonce: nonce(), ticket, scannedAt: scanAt, device: 'onlinex' }]);
    expect(later.body.conflicts).toEqual([expect.objectContaining({ first: { device: 'online', at: utc(conferenceDay(0, '08:00:00')) }, other: expect.objectContaining({ device: 'onlinex' }) })]);
  });

  it('records a delegate checked in by number from "Find a delegate" (no ticket), by the same rules', async () => {
    const ok = await seedRegistration();
    const gone = await seedCancelled();
    const scans = [
      { nonce: nonce(), registrationNumber: ok.registrationNumber, scannedAt: scanAt, device: 'door-a' },
      { nonce: nonce(), registrationNumber: gone.registrationNumber, scannedAt: scanAt, device: 'door-a' },
      { nonce: nonce(), registrationNumber: 'PESGRE25-ZZZZZZZZ', scannedAt: scanAt, device: 'door-a' },
    ];
    const r = await syncScans(scans);
    expect(r.body).toEqual(answer({
      recorded: 1,
      refused: [
        { nonce: scans[1]!.nonce, registrationNumber: gone.registrationNumber, reason: 'Registration cancelled' },
        { nonce: scans[2]!.nonce, registrationNumber: 'PESGRE25-ZZZZZZZZ', reason: 'No registration with this number.' },
      ],
    }));
    expect(await redis().get(keys.checkin(ok.registrationNumber, day(0)))).toEqual({ at: utc(scanAt), device: 'door-a' });
    const audit = (await redis().lrange<{ action: string; details: { regNo?: string; manual?: boolean } }>(keys.audit(), 0, 50)).find((e) => e.action === 'checkin.recorded' && e.details.regNo === ok.registrationNumber);
    expect(audit?.details.manual).toBe(true);
    // A scan is a ticket or a number, never both nor neither.
    const both = await syncScans([{ nonce: nonce(), ticket: await ticketText(ok.registrationNumber), registrationNumber: ok.registrationNumber, scannedAt: scanAt, device: 'door-a' }]);
    expect(both.status).toBe(400);
    expect((await syncScans([{ nonce: nonce(), scannedAt: scanAt, device: 'door-a' }])).status).toBe(400);
  });

  it('answers a malformed body with 400 saying what is wrong, recording nothing; 401 without a token', async () => {
    expect((await call(sync, { body: { scans: [] } })).status).toBe(401);
    const bad = await syncScans([{ nonce: 'short', ticket: 'x', scannedAt: 'yesterday', device: 'door-a' }]);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect(bad.body.error.fieldErrors).toMatchObject({ 'scans.0.nonce': 'nonce must be 16 to 64 base64url characters.', 'scans.0.scannedAt': 'scannedAt must be an ISO date-time.' });
  });
});

describe('at the desk, online', () => {
  it('checks a delegate in by number, with the extras to hand out; a repeat says when; cancelled and unknown are refused', async () => {
    const ok = await seedRegistration({ welcomeReception: 'yes', additionalReceptionTickets: 2, welcomeReceptionExtraFee: 0, galaDinner: 'yes', additionalGalaDinnerTickets: 0, dietaryRequirements: ['VEGAN', 'OTHER'], dietaryOtherText: 'no peanuts' });
    pinClock(conferenceDay(1, '09:15:00'));
    expect((await call(desk, { body: { registrationNumber: ok.registrationNumber } })).status).toBe(401);
    const first = await call(desk, { body: { registrationNumber: ok.registrationNumber.toLowerCase() }, headers: await adminHeaders() });
    expect(first.status, first.text).toBe(200);
    const extras = { welcomeReception: { attends: true, extraTickets: 2 }, galaDinner: { attends: true, extraTickets: 0 }, diet: 'VEGAN, OTHER: no peanuts' };
    expect(first.body).toEqual({ valid: true, rid: ok.registrationNumber, repeat: false, message: 'Checked in.', name: expect.any(String), tier: expect.any(String), extras, checkedInAt: utc(conferenceDay(1, '09:15:00')) });
    expect(deskExtrasLines(extras)).toEqual(['Reception: 3 tickets (1 + 2 extra)', 'Gala dinner: 1 ticket', 'Diet: VEGAN, OTHER: no peanuts']);
    expect(deskExtrasLines({ welcomeReception: { attends: false, extraTickets: 0 }, galaDinner: { attends: true, extraTickets: 0 }, diet: '' })).toEqual(['Reception: none', 'Gala dinner: 1 ticket', 'Diet: no special requirement']);
    expect(await redis().get(keys.checkin(ok.registrationNumber, day(1)))).toEqual({ at: utc(conferenceDay(1, '09:15:00')) });
    // The same extras come with a scanned ticket.
    pinClock(conferenceDay(1, '10:30:00'));
    const scanned = await call(verifyQr, { raw: await ticketText(ok.registrationNumber), headers: await adminHeaders() });
    expect(scanned.body).toMatchObject({ valid: true, repeat: true, message: 'Already checked in today at 09:15 IST.', extras });
    const gone = await seedCancelled();
    const refused = await call(desk, { body: { registrationNumber: gone.registrationNumber }, headers: await adminHeaders() });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ valid: false, rid: gone.registrationNumber, message: 'Registration cancelled' });
    expect((await call(desk, { body: { registrationNumber: 'PESGRE25-ZZZZZZZZ' }, headers: await adminHeaders() })).status).toBe(404);
    expect((await call(desk, { body: { registrationNumber: 'nope' }, headers: await adminHeaders() })).status).toBe(400);
  });

  it('refuses a check-in after the conference, scanned or at the desk, recording nothing', async () => {
    const r = await seedRegistration();
    pinClock(afterConference('09:00:00'));
    const message = `Check-in is closed: the conference ended on ${formatDayOf(day(3))}.`;
    const scanned = await call(verifyQr, { raw: await ticketText(r.registrationNumber), headers: await adminHeaders() });
    expect(scanned.status).toBe(409);
    expect(scanned.body).toMatchObject({ valid: false, rid: r.registrationNumber, message, error: { code: 'CHECKIN_CLOSED' } });
    const atDesk = await call(desk, { body: { registrationNumber: r.registrationNumber }, headers: await adminHeaders() });
    expect(atDesk.status).toBe(409);
    expect(atDesk.body.error.code).toBe('CHECKIN_CLOSED');
    expect(await keysMatching(`checkin:${r.registrationNumber}:*`)).toEqual([]);
    // The last evening is still the conference.
    pinClock(conferenceDay(3, '23:30:00'));
    expect((await call(verifyQr, { raw: await ticketText(r.registrationNumber), headers: await adminHeaders() })).status).toBe(200);
  });
});
