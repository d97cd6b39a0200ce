/**
 * Decision 031: what the server says is true for the registration and the edition's phase. Real
 * Redis (bridge), the Razorpay double, a real SMTP receiver, Netlify Blobs' local server.
 *  - A student awaiting the proof: received, not confirmed, the proof page linked with the number
 *    filled in; a tier change of such a registration says whether the ticket still waits, or comes
 *    now for the first time (and the verify calls answer the status).
 *  - A delegate from abroad is pointed to the online visa-letter request; one from India is not.
 *  - The registration desk is offered only while the conference is ahead or under way (server clock).
 *  - POST /api/registration/proof/status: awaiting, received, rejected, approved; the same answer
 *    for a wrong e-mail and an unknown ID; rate-limited.
 *  - create-order outside online registration: REGISTRATION_NOT_OPEN before its first day, and
 *    after the conference a closed message that suggests no desk.
 */
import { describe, expect, it } from 'vitest';
import createOrder from '../../netlify/functions/payment-create-order';
import uploadProofFn from '../../netlify/functions/registration-proof';
import proofStatusFn from '../../netlify/functions/registration-proof-status';
import decideFn from '../../netlify/functions/admin-verifications-decide';
import upgradeTier from '../../netlify/functions/tier-upgrade-create-order';
import verifyUpgrade from '../../netlify/functions/tier-upgrade-verify';
import changeIeee from '../../netlify/functions/ieee-change-create-order';
import verifyIeeeChange from '../../netlify/functions/ieee-change-verify';
import { RATE_LIMITS } from '../../netlify/server/platform/rate-limit';
import { registrationFees } from '../../src/content/registration';
import { registrationClosedMessage } from '../../src/shared/messages';
import { DEV, STANDARD_DAY, afterConference, at as editionAt, call, conferenceDay, doublePay, freshAddress, keysMatching, pinClock, totalFor, validForm } from './helpers';
import { adminHeaders, mailAndWebhook, messagesFor, registerPaid } from './helpers-admin';

const fx = mailAndWebhook();

const STUDENT = { registrationTier: 'stud_non_indian_std', registrationFee: 8400, noPaper: true, paperId: '' };
const IEEE_STUDENT = { registrationTier: 'stud_ieee_indian_std', registrationFee: 7000, noPaper: true, paperId: '', ieeeMemberNumber: '90000001' };
const FROM_ABROAD = { registrationTier: 'prof_non_foreign_std', registrationFee: 540, registrationCurrency: 'USD' as const, country: 'Germany', billingCountry: 'Germany' };

const who = (n: string) => ({ email: `${n}@example.org`, verifyEmail: `${n}@example.org` });
const mails = (regNo: string) => messagesFor(fx.smtp.messages, regNo);
const lastMail = async (regNo: string) => (await mails(regNo)).at(-1)!;
const qrCount = (mail: Awaited<ReturnType<typeof lastMail>>) => mail.attachments.filter((a) => a.mimeType === 'image/png').length;
const pdf = () => new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function upload(regId: string, email: string) {
  const form = new FormData();
  form.set('regId', regId);
  form.set('email', email);
  form.set('file', new File([pdf().slice().buffer], 'card.pdf', { type: 'application/pdf' }));
  const res = await uploadProofFn(new Request('http://localhost/api/registration/proof', { method: 'POST', body: form }), { ...DEV, ip: freshAddress() });
  return res.status;
}
const status = (regId: string, email: string, ip = freshAddress()) => call(proofStatusFn, { body: { regId, email }, ip });

describe('a student awaiting the proof', () => {
  it('is told the registration is received, not confirmed, with the proof page linked and the number filled in', async () => {
    pinClock(STANDARD_DAY);
    const { regNo } = await registerPaid({ ...STUDENT, ...who('truth-student1') });
    const mail = await lastMail(regNo);
    expect(mail.text).toContain('received but not yet confirmed');
    expect(mail.text).toContain(`/registration/proof?reg_no=${regNo}`);
    expect(mail.text).toContain('Your ticket will follow by e-mail');
    expect(mail.text).not.toContain('Your registration is confirmed');
    expect(mail.text).not.toContain('Your registration for PESGRE 2025 is confirmed');
    expect(qrCount(mail)).toBe(0);
  });

  it('an IEEE change keeps it waiting: the e-mail says no ticket yet (not "stays valid") and the verify call answers awaiting-proof', async () => {
    pinClock(STANDARD_DAY);
    const { regNo } = await registerPaid({ ...IEEE_STUDENT, ...who('truth-student2') });
    const order = await call(changeIeee, { body: { regId: regNo } });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const verified = await call(verifyIeeeChange, { body: await doublePay(order.body.order.id) });
    expect(verified.body).toMatchObject({ success: true, registrationNumber: regNo, status: 'awaiting-proof' });
    const mail = await lastMail(regNo);
    expect(mail.subject).toContain('registration changed');
    expect(mail.text).not.toContain('stays valid');
    expect(mail.text).toContain('not confirmed yet: your ticket follows by e-mail once the organisers have approved your proof of student status');
    expect(mail.text).toContain(`/registration/proof?reg_no=${regNo}`);
    expect(qrCount(mail)).toBe(0);
  });

  it('an upgrade to a full registration confirms it: the e-mail says the ticket comes now (not "has not changed") and carries it', async () => {
    pinClock(STANDARD_DAY);
    const { regNo } = await registerPaid({ ...STUDENT, ...who('truth-student3') });
    const order = await call(upgradeTier, { body: { regId: regNo, noPaper: false, paperId: 'PESGRE-341' } });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const verified = await call(verifyUpgrade, { body: await doublePay(order.body.order.id) });
    expect(verified.body).toMatchObject({ success: true, registrationNumber: regNo, status: 'confirmed' });
    const mail = await lastMail(regNo);
    expect(mail.text).toContain('Your registration is now confirmed');
    expect(mail.text).not.toContain('Your ticket has not changed');
    expect(qrCount(mail)).toBeGreaterThan(0);
  });

  it('an upgrade after the proof was approved keeps the ticket it had', async () => {
    pinClock(STANDARD_DAY);
    const { regNo } = await registerPaid({ ...STUDENT, ...who('truth-student4') });
    expect(await upload(regNo, 'truth-student4@example.org')).toBe(200);
    expect((await call(decideFn, { body: { registrationNumber: regNo, decision: 'approve' }, headers: await adminHeaders() })).status).toBe(200);
    const order = await call(upgradeTier, { body: { regId: regNo, noPaper: true } });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect((await call(verifyUpgrade, { body: await doublePay(order.body.order.id) })).status).toBe(200);
    expect((await lastMail(regNo)).text).toContain('Your ticket has not changed: the QR code below stays valid.');
  });
});

describe('POST /api/registration/proof/status', () => {
  it('awaiting, then received, then rejected with the reason, then approved', async () => {
    pinClock(STANDARD_DAY);
    const email = 'truth-status1@example.org';
    const { regNo } = await registerPaid({ ...STUDENT, email, verifyEmail: email });
    expect(await status(regNo, email)).toMatchObject({ status: 200, body: { success: true, registrationNumber: regNo, status: 'awaiting-proof', proof: 'awaiting' } });
    expect(await upload(regNo, email)).toBe(200);
    const received = await status(regNo.toLowerCase(), ` ${email.toUpperCase()} `);
    expect(received).toMatchObject({ status: 200, body: { proof: 'received', uploadedAt: new Date(STANDARD_DAY).toISOString() } });
    const headers = await adminHeaders();
    expect((await call(decideFn, { body: { registrationNumber: regNo, decision: 'reject', reason: 'The card is unreadable.' }, headers })).status).toBe(200);
    expect((await status(regNo, email)).body).toMatchObject({ status: 'awaiting-proof', proof: 'rejected', reason: 'The card is unreadable.' });
    expect(await upload(regNo, email)).toBe(200);
    expect((await call(decideFn, { body: { registrationNumber: regNo, decision: 'approve' }, headers })).status).toBe(200);
    expect((await status(regNo, email)).body).toMatchObject({ status: 'confirmed', proof: 'approved' });
  });

  it('a full registration needs no proof; a wrong e-mail and an unknown ID get the same answer; nothing is written', async () => {
    pinClock(STANDARD_DAY);
    const { regNo } = await registerPaid({ ...who('truth-status2') });
    expect((await status(regNo, 'truth-status2@example.org')).body).toMatchObject({ status: 'confirmed', proof: 'not-needed' });
    const before = (await keysMatching('*')).filter((k) => !k.includes('ratelimit')).sort();
    const wrong = await status(regNo, 'someone-else@example.org');
    const unknown = await status('PESGRE25-ZZZZZZZZ', 'truth-status2@example.org');
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({ error: { code: 'NO_MATCH' } });
    expect((await keysMatching('*')).filter((k) => !k.includes('ratelimit')).sort()).toEqual(before);
    expect(await call(proofStatusFn, { body: { regId: '', email: '' } })).toMatchObject({ status: 400 });
  });

  it('is rate-limited per client address', async () => {
    const ip = freshAddress();
    const { requests } = RATE_LIMITS['proof-status'];
    for (let i = 0; i < requests; i++) expect((await status('PESGRE25-ZZZZZZZZ', 'x@example.org', ip)).status).toBe(404);
    expect((await status('PESGRE25-ZZZZZZZZ', 'x@example.org', ip)).status).toBe(429);
    expect((await status('PESGRE25-ZZZZZZZZ', 'x@example.org')).status).toBe(404);
  });
});

describe('the confirmation e-mail and the edition', () => {
  it('a delegate from abroad gets the visa-letter request with the number filled in; one from India does not', async () => {
    pinClock(STANDARD_DAY);
    const abroad = await registerPaid({ ...FROM_ABROAD, ...who('truth-abroad1') });
    const mail = await lastMail(abroad.regNo);
    expect(mail.text).toContain(`/registration/visa-letter?reg_no=${abroad.regNo}`);
    expect(mail.text).toContain('visa invitation letter');
    const india = await registerPaid({ ...who('truth-india1') });
    expect((await lastMail(india.regNo)).text).not.toContain('visa');
  });

  it('says to show the ticket at the registration desk before and during the conference, not after it', async () => {
    pinClock(STANDARD_DAY);
    const before = await registerPaid({ ...who('truth-desk1') });
    expect((await lastMail(before.regNo)).text).toContain('Show it at the registration desk');

    // An organiser registers someone after the conference (admin mode stays open).
    pinClock(afterConference());
    const data = validForm({ ...who('truth-desk2') });
    const order = await call(createOrder, { body: { amount: totalFor(data), data }, headers: await adminHeaders() });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const { default: verifyPayment } = await import('../../netlify/functions/payment-verify');
    const verified = await call(verifyPayment, { body: await doublePay(order.body.id) });
    expect(verified.status).toBe(200);
    const late = await lastMail(verified.body.registrationNumber);
    expect(late.text).toContain('Your ticket is the QR code below');
    expect(late.text).not.toMatch(/registration desk/i);
  });
});

describe('create-order outside online registration', () => {
  const order = async (early = false) => {
    const data = validForm({ ...who('truth-window'), ...(early ? { registrationTier: 'prof_non_indian_early', registrationFee: registrationFees.fees.prof.non.early.INR } : {}) });
    return call(createOrder, { body: { amount: totalFor(data), data } });
  };

  it('before its first day: 403 REGISTRATION_NOT_OPEN with the day it opens', async () => {
    pinClock(editionAt(registrationFees.registrationOpens.date, -1, '23:59:00'));
    const r = await order(true);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: { code: 'REGISTRATION_NOT_OPEN', message: registrationClosedMessage('before-registration') } });
    // Its first day sells (Early Bird then).
    pinClock(editionAt(registrationFees.registrationOpens.date, 0, '00:00:00'));
    const first = await order(true);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
  });

  it('during the conference the desk is offered; after it, closed with no desk', async () => {
    pinClock(conferenceDay(1));
    const during = await order();
    expect(during.body).toMatchObject({ error: { code: 'REGISTRATION_CLOSED', message: registrationClosedMessage('under-way') } });
    expect(during.body.error.message).toContain('desk');
    pinClock(afterConference());
    const after = await order();
    expect(after.status).toBe(403);
    expect(after.body).toMatchObject({ error: { code: 'REGISTRATION_CLOSED', message: registrationClosedMessage('ended') } });
    expect(after.body.error.message).toContain('has ended');
    expect(after.body.error.message).not.toMatch(/desk/i);
  });
});
