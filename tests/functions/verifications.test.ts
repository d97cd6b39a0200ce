/**
 * Decision 013: one status per registration, students' proof of status, IEEE membership without a
 * verification service, and the registration window. Real Redis (bridge), the Razorpay double,
 * a real SMTP receiver, and Netlify Blobs' own local server (tests/setup/local-stack.ts).
 */
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import createOrder from '../../netlify/functions/payment-create-order';
import ieeeStatus from '../../netlify/functions/ieee-status';
import verifyQr from '../../netlify/functions/verify-qr';
import registrationById from '../../netlify/functions/registration-by-id';
import uploadProofFn from '../../netlify/functions/registration-proof';
import listFn from '../../netlify/functions/admin-verifications';
import decideFn from '../../netlify/functions/admin-verifications-decide';
import proofFn from '../../netlify/functions/admin-verification-proof';
import upgradeTier from '../../netlify/functions/tier-upgrade-create-order';
import verifyUpgrade from '../../netlify/functions/tier-upgrade-verify';
import changeIeee from '../../netlify/functions/ieee-change-create-order';
import verifyIeeeChange from '../../netlify/functions/ieee-change-verify';
import type { Registration } from '../../netlify/server/registrations';
import { keys, redis } from '../../netlify/server/platform/store';
import { ticketText } from '../../netlify/server/tickets';
import { MAX_PROOF_BYTES } from '../../src/shared/proof-rules';
import { REGISTRATION_CLOSED_MESSAGE } from '../../src/shared/messages';
import { registrationFees } from '../../src/content/registration';
import { conference } from '../../src/content/conference';
import { DEV, STANDARD_DAY, afterConference, at as editionAt, conferenceDay, call, doublePay, freshAddress, keysMatching, pinClock, totalFor, validForm } from './helpers';
import { adminHeaders, decodeQrPng, mailAndWebhook, messagesFor, registerPaid } from './helpers-admin';

const fx = mailAndWebhook();

const STUDENT = { registrationTier: 'stud_non_indian_std', registrationFee: 8400, noPaper: true, paperId: '' };
const IEEE_PROF = { registrationTier: 'prof_ieee_indian_std', registrationFee: 12500, ieeeMemberNumber: '12345678' };

const stored = async (regNo: string) => (await redis().get<Registration>(keys.registration(regNo)))!;
const scan = async (regNo: string) => call(verifyQr, { raw: await ticketText(regNo), headers: await adminHeaders() });

/** A PDF's first bytes (what file-type reads) and a little body. */
const pdfBytes = () => new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A real 2x2 PNG. */
const pngBytes = () => new Uint8Array(PNG.sync.write(Object.assign(new PNG({ width: 2, height: 2 }), { data: Buffer.alloc(16, 255) })));
/** A Windows executable's header (MZ ... PE), whatever name it is given. */
function exeBytes(): Uint8Array {
  const b = new Uint8Array(512);
  b.set([0x4d, 0x5a]);
  b[0x3c] = 0x80;
  b.set([0x50, 0x45, 0, 0], 0x80);
  return b;
}

/** POST /api/registration/proof as a browser's FormData sends it. */
async function upload(fields: { regId: string; email: string }, file: Uint8Array | null, name = 'proof.pdf', ip = freshAddress()) {
  const form = new FormData();
  form.set('regId', fields.regId);
  form.set('email', fields.email);
  if (file) form.set('file', new File([file.slice().buffer], name, { type: 'application/pdf' }));
  const req = new Request('http://localhost/api/registration/proof', { method: 'POST', body: form });
  const res = await uploadProofFn(req, { ...DEV, ip });
  return { status: res.status, body: (await res.json()) as any };
}

const decide = async (body: unknown) => call(decideFn, { body, headers: await adminHeaders() });
const lastMail = async (regNo: string) => (await messagesFor(fx.smtp.messages, regNo)).at(-1)!;
const qrOf = (mail: Awaited<ReturnType<typeof lastMail>>) => mail.attachments.find((a) => a.filename === `ticket-${mail.subject!.split('— ')[1]}.png`);

afterEach(() => {
  delete process.env.IEEE_MEMBERSHIP_QUEUE;
});

describe('a student pays', () => {
  it('is awaiting-proof: an e-mail without a QR that says how to send the proof, and the verifier refuses the ticket', async () => {
    const { regNo } = await registerPaid({ ...STUDENT, email: 'student1@example.org', verifyEmail: 'student1@example.org' });
    const r = await stored(regNo);
    expect(r.status).toBe('awaiting-proof');
    expect(r.verification).toEqual({ pending: ['student-proof'] });

    const mails = await messagesFor(fx.smtp.messages, regNo);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`PESGRE 2025 payment received, proof of student status needed — ${regNo}`);
    expect(mail.text).toContain('We have received your payment');
    expect(mail.text).toContain('not yet confirmed');
    expect(mail.text).toContain('/registration/proof');
    expect(mail.text).toContain('PDF, JPEG or PNG file of at most 5 MB');
    expect(mail.attachments.filter((a) => a.mimeType === 'image/png')).toHaveLength(0);
    expect(mail.html).not.toContain('cid:');

    const refused = await scan(regNo);
    expect(refused).toMatchObject({ status: 409, body: { valid: false, rid: regNo, message: 'Not confirmed: proof of student status not yet verified.', error: { code: 'AWAITING_PROOF' } } });
    expect(await keysMatching(`checkin:${regNo}:*`)).toEqual([]);

    // The admin's GET /api/registrations/{id} carries the status.
    const byId = await call(registrationById, { path: `/api/registrations/${regNo}`, headers: await adminHeaders() });
    expect(byId.body).toMatchObject({ registrationNumber: regNo, status: 'awaiting-proof' });
  });
});

describe('POST /api/registration/proof', () => {
  it('refuses a 6 MB file, a renamed .exe, a wrong e-mail and an unknown ID, writing nothing', async () => {
    const { regNo } = await registerPaid({ ...STUDENT, email: 'student2@example.org', verifyEmail: 'student2@example.org' });
    const before = JSON.stringify(await stored(regNo));
    const auditBefore = await redis().llen(keys.audit());
    const who = { regId: regNo, email: 'student2@example.org' };

    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(pdfBytes());
    expect(big.byteLength).toBeGreaterThan(MAX_PROOF_BYTES);
    const tooLarge = await upload(who, big);
    expect(tooLarge).toMatchObject({ status: 413, body: { success: false, error: { code: 'FILE_TOO_LARGE', message: expect.stringContaining('5 MB') } } });

    const exe = await upload(who, exeBytes(), 'student-id.pdf');
    expect(exe).toMatchObject({ status: 415, body: { success: false, error: { code: 'UNSUPPORTED_FILE_TYPE', message: expect.stringContaining('not a PDF, JPEG or PNG') } } });

    const wrongEmail = await upload({ regId: regNo, email: 'someone@example.org' }, pdfBytes());
    const unknown = await upload({ regId: 'PESGRE25-ZZZZZZZZ', email: 'student2@example.org' }, pdfBytes());
    expect(wrongEmail.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(wrongEmail.body).toEqual(unknown.body);

    const noFile = await upload(who, null);
    expect(noFile).toMatchObject({ status: 400, body: { error: { code: 'FILE_MISSING' } } });

    expect(JSON.stringify(await stored(regNo))).toBe(before);
    expect(await redis().llen(keys.audit())).toBe(auditBefore);
  });

  it('is rate-limited per client address', async () => {
    const ip = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await upload({ regId: 'PESGRE25-ZZZZZZZZ', email: 'x@example.org' }, pdfBytes(), 'p.pdf', ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('stores the proof for the admin only; approve confirms, e-mails a QR the verifier accepts, and audits', async () => {
    const { regNo } = await registerPaid({ ...STUDENT, email: 'student3@example.org', verifyEmail: 'student3@example.org' });
    const ok = await upload({ regId: regNo.toLowerCase(), email: ' Student3@Example.org ' }, pngBytes(), 'card.jpeg');
    expect(ok).toMatchObject({ status: 200, body: { success: true, registrationNumber: regNo } });
    const r = await stored(regNo);
    expect(r.status).toBe('awaiting-proof');
    // The type comes from the bytes (a PNG), not from the name (card.jpeg).
    expect(r.verification?.proof).toMatchObject({ contentType: 'image/png', fileName: 'card.jpeg', size: pngBytes().byteLength });

    // The queue lists it with the proof to open; the proof is readable with an admin token only.
    expect((await call(listFn, {})).status).toBe(401);
    const list = await call(listFn, { headers: await adminHeaders() });
    const item = (list.body as any[]).find((i) => i.registrationNumber === regNo);
    expect(item).toMatchObject({ status: 'awaiting-proof', proofPath: `/api/admin/verifications/proof?registrationNumber=${regNo}` });
    expect((await call(proofFn, { path: item.proofPath })).status).toBe(401);
    const proofRes = await proofFn(new Request(`http://localhost${item.proofPath}`, { headers: await adminHeaders() }), DEV);
    expect(proofRes.status).toBe(200);
    expect(proofRes.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await proofRes.arrayBuffer())).toEqual(pngBytes());

    const auditBefore = await redis().llen(keys.audit());
    const approved = await decide({ registrationNumber: regNo, decision: 'approve' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'confirmed', verification: { pending: [] } });
    expect((await stored(regNo)).status).toBe('confirmed');
    const entries = (await redis().lrange<{ action: string; details: { regNo: string } }>(keys.audit(), 0, (await redis().llen(keys.audit())) - auditBefore - 1));
    expect(entries.some((e) => e.action === 'verification.approved' && e.details.regNo === regNo)).toBe(true);

    const mail = await lastMail(regNo);
    expect(mail.subject).toBe(`PESGRE 2025 registration confirmed — ${regNo}`);
    const qr = qrOf(mail);
    expect(qr).toBeDefined();
    const text = decodeQrPng(qr!.content as ArrayBuffer);
    const checked = await call(verifyQr, { raw: text, headers: await adminHeaders() });
    expect(checked).toMatchObject({ status: 200, body: { valid: true, rid: regNo, repeat: false } });

    // Nothing left to verify: the queue no longer lists it and a second decision is refused.
    const after = await call(listFn, { headers: await adminHeaders() });
    expect((after.body as any[]).some((i) => i.registrationNumber === regNo)).toBe(false);
    expect((await decide({ registrationNumber: regNo, decision: 'approve' })).status).toBe(409);
  });

  it('reject needs a reason, e-mails it with the options, and the status stays awaiting-proof', async () => {
    const { regNo } = await registerPaid({ ...STUDENT, email: 'student4@example.org', verifyEmail: 'student4@example.org' });
    expect((await upload({ regId: regNo, email: 'student4@example.org' }, pdfBytes())).status).toBe(200);
    const noReason = await decide({ registrationNumber: regNo, decision: 'reject' });
    expect(noReason).toMatchObject({ status: 400, body: { error: { fieldErrors: { reason: 'A reason is required to reject.' } } } });
    const rejected = await decide({ registrationNumber: regNo, decision: 'reject', reason: 'The ID card expired in 2024.' });
    expect(rejected.status).toBe(200);
    const r = await stored(regNo);
    expect(r.status).toBe('awaiting-proof');
    expect(r.verification?.rejection).toEqual({ at: new Date(STANDARD_DAY).toISOString(), reason: 'The ID card expired in 2024.' });

    const mail = await lastMail(regNo);
    expect(mail.subject).toBe(`PESGRE 2025 proof of student status not accepted — ${regNo}`);
    expect(mail.text).toContain('Reason: The ID card expired in 2024.');
    expect(mail.text).toContain('/registration/proof');
    expect(mail.text).toContain('/tier-upgrade');
    expect(mail.text).toContain('/cancel-registration');
    expect(mail.attachments.filter((a) => a.mimeType === 'image/png')).toHaveLength(0);
    expect((await scan(regNo)).body).toMatchObject({ valid: false, error: { code: 'AWAITING_PROOF' } });

    // A new upload clears the rejection: the registration is back in the queue with a fresh proof.
    expect((await upload({ regId: regNo, email: 'student4@example.org' }, pngBytes(), 'again.png')).status).toBe(200);
    expect((await stored(regNo)).verification).not.toHaveProperty('rejection');
  });

  it('a student who upgrades gives the Paper ID and is confirmed without proof', async () => {
    const { regNo } = await registerPaid({ ...STUDENT, email: 'student5@example.org', verifyEmail: 'student5@example.org' });
    const missing = await call(upgradeTier, { body: { regId: regNo, noPaper: false } });
    expect(missing).toMatchObject({ status: 400, body: { error: { code: 'PAPER_REQUIRED' } } });
    const order = await call(upgradeTier, { body: { regId: regNo, noPaper: false, paperId: 'PESGRE-777' } });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const verified = await call(verifyUpgrade, { body: await doublePay(order.body.order.id) });
    expect(verified.status).toBe(200);
    const r = await stored(regNo);
    expect(r).toMatchObject({ registrationTier: 'prof_non_indian_std', status: 'confirmed', noPaper: false, paperId: 'PESGRE-777', verification: { pending: [] } });
    expect((await scan(regNo)).status).toBe(200);
  });
});

describe('IEEE membership without a verification service', () => {
  it('ieee-status answers "To verify" and create-order checks only the format', async () => {
    process.env.IEEE_MEMBERSHIP_QUEUE = '1';
    expect(await call(ieeeStatus, { body: { MemberID: '12345678' } })).toMatchObject({ status: 200, body: { MemberStatus: 'To verify' } });
    const data = validForm({ ...IEEE_PROF, ieeeMemberNumber: 'ABC' });
    const bad = await call(createOrder, { body: { amount: totalFor(data), data } });
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'MEMBERSHIP_NOT_VALID' } } });
  });

  it('is membership-to-verify with a valid ticket; approve confirms it', async () => {
    process.env.IEEE_MEMBERSHIP_QUEUE = '1';
    const { regNo } = await registerPaid({ ...IEEE_PROF, email: 'member1@example.org', verifyEmail: 'member1@example.org' });
    const r = await stored(regNo);
    expect(r.status).toBe('membership-to-verify');
    expect(r.verification).toEqual({ pending: ['ieee-membership'], memberNumber: '12345678' });
    const mail = await lastMail(regNo);
    expect(mail.text).toContain('Your IEEE membership number will be checked by the organisers');
    expect(qrOf(mail)).toBeDefined();
    // Membership only changes the price: the ticket admits its holder meanwhile.
    expect((await scan(regNo)).body).toMatchObject({ valid: true, rid: regNo });

    const list = await call(listFn, { headers: await adminHeaders() });
    expect((list.body as any[]).find((i) => i.registrationNumber === regNo)).toMatchObject({ status: 'membership-to-verify', verification: { memberNumber: '12345678' } });
    expect((await decide({ registrationNumber: regNo, decision: 'approve' })).body).toMatchObject({ status: 'confirmed' });
  });

  it('reject: the delegate is told to pay the difference, the verifier says so until it is paid through the IEEE-status change', async () => {
    process.env.IEEE_MEMBERSHIP_QUEUE = '1';
    const { regNo } = await registerPaid({ ...IEEE_PROF, email: 'member2@example.org', verifyEmail: 'member2@example.org' });
    const rejected = await decide({ registrationNumber: regNo, decision: 'reject', reason: 'No such member on IEEE\'s validation page.' });
    expect(rejected.status).toBe(200);
    expect((await stored(regNo)).status).toBe('membership-to-verify');
    const mail = await lastMail(regNo);
    expect(mail.subject).toBe(`PESGRE 2025 IEEE membership not verified — ${regNo}`);
    expect(mail.text).toContain("Reason: No such member on IEEE's validation page.");
    expect(mail.text).toContain('/ieee-change');
    expect(await scan(regNo)).toMatchObject({ status: 409, body: { valid: false, message: 'IEEE membership not verified: difference due', error: { code: 'MEMBERSHIP_NOT_VERIFIED' } } });

    const order = await call(changeIeee, { body: { regId: regNo } });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const verified = await call(verifyIeeeChange, { body: await doublePay(order.body.order.id) });
    expect(verified.status).toBe(200);
    const r = await stored(regNo);
    expect(r).toMatchObject({ registrationTier: 'prof_non_indian_std', status: 'confirmed', verification: { pending: [] } });
    expect(r.verification).not.toHaveProperty('rejection');
    expect((await scan(regNo)).body).toMatchObject({ valid: true, rid: regNo });
  });

  it('under production rules without IEEE_VERIFY_URL the number is queued too', async () => {
    expect(await call(ieeeStatus, { body: { MemberID: '12345678' }, deployContext: 'production' })).toMatchObject({ status: 200, body: { MemberStatus: 'To verify' } });
    // The dev context keeps the local roster unless asked to queue.
    expect(await call(ieeeStatus, { body: { MemberID: '90000001' } })).toMatchObject({ status: 200, body: { MemberStatus: 'Active' } });
  });
});

describe('the registration window', () => {
  const order = async (headers: Record<string, string> = {}) => {
    const data = validForm({ email: 'window@example.org', verifyEmail: 'window@example.org' });
    return call(createOrder, { body: { amount: totalFor(data), data }, headers });
  };

  it('sells on the Standard deadline at 23:59 IST (15 Nov 2025 for 2025)', async () => {
    pinClock(editionAt(registrationFees.standardDeadline, 0, '23:59:00'));
    expect((await order()).status).toBe(200);
  });

  it('refuses from the day after it, 00:00 IST (16 Nov 2025 for 2025), with a 4xx saying registration is closed, writing nothing', async () => {
    pinClock(editionAt(registrationFees.standardDeadline, 1, '00:00:00'));
    const before = (await keysMatching('*')).sort();
    const r = await order();
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: { code: 'REGISTRATION_CLOSED', message: REGISTRATION_CLOSED_MESSAGE } });
    expect(r.body.error.message).toContain('closed');
    expect((await keysMatching('*')).sort()).toEqual(before);
  });

  it('stays open in admin mode (desk registration)', async () => {
    pinClock(conferenceDay(0, '09:00:00'));
    expect((await order(await adminHeaders())).status).toBe(200);
  });
});

describe('a rejection sent after the conference offers no payment (decision 031, addendum)', () => {
  const paidPages = ['/tier-upgrade', '/ieee-change', '/name-transfer'];

  it("a student's: another proof or a cancellation, no upgrade; the e-mail's links leave out the paid changes", async () => {
    const { regNo } = await registerPaid({ ...STUDENT, email: 'student-late@example.org', verifyEmail: 'student-late@example.org' });
    expect((await upload({ regId: regNo, email: 'student-late@example.org' }, pdfBytes())).status).toBe(200);
    pinClock(afterConference());
    expect((await decide({ registrationNumber: regNo, decision: 'reject', reason: 'The ID card expired in 2024.' })).status).toBe(200);
    const mail = await lastMail(regNo);
    expect(mail.subject).toBe(`PESGRE 2025 proof of student status not accepted — ${regNo}`);
    expect(mail.text).toContain('/registration/proof');
    expect(mail.text).toContain('/cancel-registration');
    expect(mail.text).toContain('/name-change');
    for (const page of paidPages) expect(mail.text, page).not.toContain(page);
  });

  it("an IEEE member's: the difference can no longer be paid online, write to the organisers", async () => {
    process.env.IEEE_MEMBERSHIP_QUEUE = '1';
    const { regNo } = await registerPaid({ ...IEEE_PROF, email: 'member-late@example.org', verifyEmail: 'member-late@example.org' });
    pinClock(afterConference());
    expect((await decide({ registrationNumber: regNo, decision: 'reject', reason: "No such member on IEEE's validation page." })).status).toBe(200);
    const mail = await lastMail(regNo);
    expect(mail.subject).toBe(`PESGRE 2025 IEEE membership not verified — ${regNo}`);
    expect(mail.text).toContain('can no longer be paid online');
    expect(mail.text).toContain(conference.contactEmail);
    for (const page of paidPages) expect(mail.text, page).not.toContain(page);
  });
});
