/**
 * The confirmation e-mail and the QR ticket, end to end against a real SMTP server (smtp-server):
 * a paid registration sends one message; its QR, decoded from the PNG, checks in once a day
 * through verify-qr; forged or malformed tickets record nothing. A mail server that is down,
 * refusing or hanging never costs the registration: the failure is recorded and retried.
 */
import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import createOrder from '../../netlify/functions/payment-create-order';
import verifyPayment from '../../netlify/functions/payment-verify';
import verifyQr from '../../netlify/functions/verify-qr';
import resend from '../../netlify/functions/registrations-resend-ticket';
import mailRetry from '../../netlify/functions/mail-retry';
import { upsertCoupon } from '../../netlify/server/coupons';
import { mailStatus } from '../../netlify/server/mail-delivery';
import { ticketSignature, ticketText } from '../../netlify/server/tickets';
import { keys, redis } from '../../netlify/server/platform/store';
import { formatMoney } from '../../src/shared/money';
import { conference } from '../../src/content/conference';
import { shiftDay } from '../setup/edition-clock';
import { STANDARD_DAY, conferenceDay, call, deadUrl, doublePay, doubleWebhook, keysMatching, pinClock, runScheduled, totalFor, validForm } from './helpers';
import { adminHeaders, decodeQrPng, messagesFor, registerPaid, mailAndWebhook } from './helpers-admin';


// Recipients starting with 'bounce' are refused with 550, like a mailbox that does not exist.
const fx = mailAndWebhook({ reject: (address) => address.startsWith('bounce') });

const base = Date.parse(STANDARD_DAY);
/** Instants and days relative to this edition's dates in src/content. */
const utc = (iso: string) => new Date(iso).toISOString();
const day = (n: number) => shiftDay(conference.startDate, n);
const scan = async (body: unknown, raw?: string) => call(verifyQr, { ...(raw !== undefined ? { raw } : { body }), headers: await adminHeaders() });
const deadSmtp = async () => (await deadUrl()).replace('http:', 'smtp:');
const retryScore = (regNo: string) => redis().zscore(keys.mailRetry(), regNo);
const runRetry = async () => (await runScheduled(mailRetry)).json() as Promise<{ due: number; sent: number; failed: number; gaveUp: number }>;

/** What verify-qr must never write for a refused ticket. */
async function recordedState() {
  return { checkins: (await keysMatching('checkin:*')).sort(), audit: await redis().llen(keys.audit()) };
}

describe('confirmation e-mail and ticket', () => {
  it('sends one message with the details and a QR ticket that checks in once a day', async () => {
    const overrides = { welcomeReception: 'yes' as const, additionalReceptionTickets: 1, dietaryRequirements: ['OTHER' as const], dietaryOtherText: 'No onions' };
    const { regNo, orderId, paymentId } = await registerPaid(overrides);
    const [mail, ...others] = await messagesFor(fx.smtp.messages, regNo);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe(`PESGRE 2025 registration confirmed — ${regNo}`);
    expect(mail!.from).toMatchObject({ address: 'no-reply@pesgre2025.local', name: 'PESGRE 2025' });
    expect(mail!.to).toEqual([expect.objectContaining({ address: 'asha@example.org' })]);
    for (const line of [
      `Registration number: ${regNo}`,
      'Name: Dr Asha Kulkarni',
      'Organisation: Karnataka Power Research Lab',
      'Registration tier: Full Registration – Non-IEEE Member (Indian, Standard)',
      'Welcome Reception: Yes (+1 extra)',
      'Gala Dinner: No',
      'Dietary requirements: OTHER: No onions',
      `Amount paid: ${formatMoney(Math.round(totalFor(validForm(overrides)) * 100), 'INR')}`,
      `Payment ID: ${paymentId}`,
      `Order ID: ${orderId}`,
      `Paid at: ${STANDARD_DAY.slice(0, 10)} ${STANDARD_DAY.slice(11, 19)} IST`,
    ]) {
      expect(mail!.text).toContain(line);
      expect(mail!.html).toContain(line.split(': ').slice(1).join(': '));
    }
    expect(mail!.html).toContain('src="cid:ticket-qr@pesgre2025"');
    const inline = mail!.attachments.find((a) => a.contentId === '<ticket-qr@pesgre2025>');
    const attached = mail!.attachments.find((a) => a.filename === `ticket-${regNo}.png`);
    expect(inline?.mimeType).toBe('image/png');
    expect(inline?.disposition).toBe('inline');
    expect(attached?.disposition).toBe('attachment');

    // The QR, decoded from the PNG, is the signed ticket.
    const qrText = decodeQrPng(attached!.content);
    expect(decodeQrPng(inline!.content)).toBe(qrText);
    expect(qrText).toBe(await ticketText(regNo));
    const ticket = JSON.parse(qrText);
    // New tickets carry an Ed25519 signature (decision 014).
    expect(ticket).toEqual({ rid: regNo, sig: expect.stringMatching(/^[A-Za-z0-9_-]{86}$/) });

    expect(await mailStatus(regNo)).toEqual({ status: 'sent', attempts: 1, lastError: '', updatedAt: new Date(base).toISOString(), sentAt: new Date(base).toISOString() });
    expect(await retryScore(regNo)).toBeNull();

    // First scan of the day: checked in.
    pinClock(conferenceDay(0, '09:05:00'));
    const first = await scan(ticket);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      valid: true,
      rid: regNo,
      repeat: false,
      message: 'Checked in.',
      name: 'Dr Asha Kulkarni',
      tier: 'Full Registration – Non-IEEE Member (Indian, Standard)',
      // What the desk hands out with the badge: the registration's reception tickets and diet.
      extras: { welcomeReception: { attends: true, extraTickets: 1 }, galaDinner: { attends: false, extraTickets: 0 }, diet: 'OTHER: No onions' },
      checkedInAt: utc(conferenceDay(0, '09:05:00')),
    });
    expect(await redis().get(keys.checkin(regNo, day(0)))).toEqual({ at: utc(conferenceDay(0, '09:05:00')) });

    // Scanned again that day: flagged, first time kept.
    pinClock(conferenceDay(0, '11:40:00'));
    const again = await scan(ticket);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ valid: true, rid: regNo, repeat: true, message: 'Already checked in today at 09:05 IST.', firstCheckInAt: utc(conferenceDay(0, '09:05:00')), name: 'Dr Asha Kulkarni' });

    // One character of the signature changed: refused, nothing recorded.
    const before = await recordedState();
    const i = 20;
    const forged = { ...ticket, sig: ticket.sig.slice(0, i) + (ticket.sig[i] === 'A' ? 'B' : 'A') + ticket.sig.slice(i + 1) };
    const bad = await scan(forged);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ valid: false, rid: regNo, message: 'Ticket signature is not valid.', error: { code: 'INVALID_SIGNATURE', message: 'Ticket signature is not valid.' } });
    expect(await recordedState()).toEqual(before);

    // The next conference day (00:30 IST is still 18 Dec in UTC) is a new first scan.
    pinClock(conferenceDay(1, '00:30:00'));
    expect((await scan(ticket)).body).toMatchObject({ valid: true, repeat: false, checkedInAt: utc(conferenceDay(1, '00:30:00')) });
    const audit = await redis().lrange<{ action: string; details: { regNo: string; day: string } }>(keys.audit(), 0, 10);
    expect(audit.filter((a) => a.details?.regNo === regNo && a.action.startsWith('checkin.')).map((a) => `${a.action} ${a.details.day}`)).toEqual([
      `checkin.recorded ${day(1)}`,
      `checkin.repeat ${day(0)}`,
      `checkin.recorded ${day(0)}`,
    ]);
  });

  it('escapes what the delegate typed in the HTML part', async () => {
    const { regNo } = await registerPaid({ organization: '<script>alert(1)</script> & "Sons"', firstName: "O'Brien" });
    const [mail] = await messagesFor(fx.smtp.messages, regNo);
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Sons&quot;');
    // React's escape of the apostrophe (the HTML part is rendered by react-email).
    expect(mail!.html).toContain('Dr O&#x27;Brien Kulkarni');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.text).toContain('Organisation: <script>alert(1)</script> & "Sons"');
  });

  it('sends exactly one message when verify-payment and webhooks race', async () => {
    const data = validForm();
    const order = await call(createOrder, { body: { amount: totalFor(data), data } });
    const paid = await doublePay(order.body.id);
    const url = `${fx.hook.url}/api/payment/webhook`;
    const numbers = await Promise.all([
      ...Array.from({ length: 4 }, () => call(verifyPayment, { body: paid }).then((r) => r.body.registrationNumber as string)),
      ...Array.from({ length: 2 }, () => doubleWebhook(order.body.id, paid.razorpay_payment_id, 'payment.captured', url).then((d) => JSON.parse(d.body).registrationNumber as string)),
      doubleWebhook(order.body.id, paid.razorpay_payment_id, 'order.paid', url).then((d) => JSON.parse(d.body).registrationNumber as string),
    ]);
    expect(new Set(numbers).size).toBe(1);
    expect(await messagesFor(fx.smtp.messages, numbers[0]!)).toHaveLength(1);
    expect((await mailStatus(numbers[0]!))?.attempts).toBe(1);
  });

  it('sends the e-mail for a fully discounted (no payment) registration too', async () => {
    await upsertCoupon('MAILFULL', 'full', 5);
    const data = validForm();
    const r = await call(createOrder, { body: { amount: totalFor(data, 'full'), data, code: 'MAILFULL' } });
    expect(r.body).toMatchObject({ success: true, noPayment: true });
    const [mail] = await messagesFor(fx.smtp.messages, r.body.registrationNumber);
    expect(mail!.text).toContain('Payment ID: None (fee waived by coupon)');
    expect(mail!.text).toContain('Amount paid: ₹0.00');
  });
});

describe('POST /api/verification/verify-qr with bad input', () => {
  it('refuses non-JSON, wrong shapes and oversized bodies with 400 and a reason, recording nothing', async () => {
    const before = await recordedState();
    const cases: [string, string, string][] = [
      ['PESGRE25-ABCDEFGH', 'INVALID_JSON', 'Invalid QR format: the code is not JSON.'],
      ['https://example.org/ticket', 'INVALID_JSON', 'Invalid QR format: the code is not JSON.'],
      ['{"rid":"PESGRE25-ABCDEFGH"}', 'VALIDATION_FAILED', 'Invalid QR format: sig is required.'],
      ['{"rid":42,"sig":"x"}', 'VALIDATION_FAILED', 'Invalid QR format: rid is required.'],
      ['["PESGRE25-ABCDEFGH"]', 'VALIDATION_FAILED', 'Invalid QR format: this is not a ticket.'],
      ['null', 'VALIDATION_FAILED', 'Invalid QR format: this is not a ticket.'],
      [JSON.stringify({ rid: 'pesgre25-abcdefgh', sig: 'a'.repeat(43) }), 'VALIDATION_FAILED', 'Invalid QR format: rid is not a registration number.'],
      [JSON.stringify({ rid: 'PESGRE25-ABCDEFGH', sig: 'a'.repeat(43), pad: 'x'.repeat(3000) }), 'BODY_TOO_LARGE', 'Invalid QR format: the code is too long to be a ticket.'],
    ];
    for (const [raw, code, message] of cases) {
      const r = await scan(undefined, raw);
      expect(r.status, raw).toBe(400);
      expect(r.body, raw).toMatchObject({ valid: false, rid: null, message, error: { code } });
    }
    expect(await recordedState()).toEqual(before);
  });

  it('answers 404 for a correctly signed ticket of an unknown registration, recording nothing', async () => {
    const before = await recordedState();
    const rid = 'PESGRE25-ZZZZZZZZ';
    const r = await scan({ rid, sig: ticketSignature(rid) });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ valid: false, rid, message: 'No registration with this number.', error: { code: 'REGISTRATION_NOT_FOUND', message: 'No registration with this number.' } });
    expect(await recordedState()).toEqual(before);
  });

  it("refuses another registration's signature (rid swapped)", async () => {
    const { regNo } = await registerPaid();
    const other = 'PESGRE25-ABCDEFGH';
    const r = await scan({ rid: regNo, sig: ticketSignature(other) });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Ticket signature is not valid.');
  });
});

describe('when the mail server fails', () => {
  it('keeps the registration, records the failure and sends it from the retry run once the server is back', async () => {
    process.env.SMTP_URL = await deadSmtp();
    const { regNo } = await registerPaid({ email: 'late@example.org', verifyEmail: 'late@example.org' });
    expect(await redis().get(keys.registration(regNo))).toMatchObject({ registrationNumber: regNo });
    const status = await mailStatus(regNo);
    expect(status).toMatchObject({ status: 'failed', attempts: 1, updatedAt: new Date(base).toISOString(), nextAttemptAt: base + 60_000 });
    expect(status!.lastError).toMatch(/^E[A-Z]+$/);
    expect(await retryScore(regNo)).toBe(base + 60_000);

    // The server is back, but the retry is not due yet.
    process.env.SMTP_URL = fx.smtp.url;
    pinClock(new Date(base + 30_000).toISOString());
    await runRetry();
    expect(await messagesFor(fx.smtp.messages, regNo)).toHaveLength(0);

    pinClock(new Date(base + 61_000).toISOString());
    const run = await runRetry();
    expect(run.sent).toBeGreaterThanOrEqual(1);
    const [mail] = await messagesFor(fx.smtp.messages, regNo);
    expect(mail!.to?.[0]?.address).toBe('late@example.org');
    expect(await mailStatus(regNo)).toMatchObject({ status: 'sent', attempts: 2, lastError: '', sentAt: new Date(base + 61_000).toISOString() });
    expect(await retryScore(regNo)).toBeNull();
    // A later run sends nothing more.
    pinClock(new Date(base + 3 * 3600_000).toISOString());
    await runRetry();
    expect(await messagesFor(fx.smtp.messages, regNo)).toHaveLength(1);
  });

  it('backs off 1 min, 5 min, 30 min, 2 h and gives up after the 5th attempt with an audit entry', async () => {
    process.env.SMTP_URL = await deadSmtp();
    const { regNo } = await registerPaid();
    let t = base;
    for (const delay of [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000]) {
      expect(await retryScore(regNo)).toBe(t + delay);
      t += delay;
      pinClock(new Date(t).toISOString());
      await runRetry();
    }
    expect(await retryScore(regNo)).toBeNull();
    expect(await mailStatus(regNo)).toMatchObject({ status: 'failed', attempts: 5 });
    const audit = await redis().lrange<{ action: string; details: { regNo: string; attempts: number } }>(keys.audit(), 0, 20);
    expect(audit.find((a) => a.action === 'mail.gave-up' && a.details.regNo === regNo)?.details.attempts).toBe(5);
    // Nothing left to do for it.
    pinClock(new Date(t + 24 * 3600_000).toISOString());
    process.env.SMTP_URL = fx.smtp.url;
    await runRetry();
    expect(await messagesFor(fx.smtp.messages, regNo)).toHaveLength(0);
  });

  it('answers within the 10 s bound when the server accepts the connection but never speaks', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((s) => sockets.add(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    process.env.SMTP_URL = `smtp://127.0.0.1:${(silent.address() as { port: number }).port}`;
    try {
      const started = Date.now();
      const { regNo } = await registerPaid();
      expect(Date.now() - started).toBeLessThan(10_500);
      expect(await mailStatus(regNo)).toMatchObject({ status: 'failed', attempts: 1 });
      expect(await retryScore(regNo)).toBe(base + 60_000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  }, 20_000);
});

describe('POST /api/registrations/resend-ticket', () => {
  it('sends the confirmation again', async () => {
    const { regNo } = await registerPaid();
    const r = await call(resend, { body: { registrationNumber: regNo.toLowerCase() }, headers: await adminHeaders() });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ sent: true });
    const mails = await messagesFor(fx.smtp.messages, regNo);
    expect(mails).toHaveLength(2);
    expect(decodeQrPng(mails[1]!.attachments.find((a) => a.filename === `ticket-${regNo}.png`)!.content)).toBe(await ticketText(regNo));
    expect(await mailStatus(regNo)).toMatchObject({ status: 'sent', attempts: 2 });
    const audit = await redis().lrange<{ action: string }>(keys.audit(), 0, 0);
    expect(audit[0]?.action).toBe('mail.resent');
  });

  it('answers 404 for an unknown registration and 400 for a malformed number', async () => {
    const headers = await adminHeaders();
    expect((await call(resend, { body: { registrationNumber: 'PESGRE25-ZZZZZZZZ' }, headers })).body.error.code).toBe('REGISTRATION_NOT_FOUND');
    const bad = await call(resend, { body: { registrationNumber: 'not a number' }, headers });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect((await call(resend, { raw: '{', headers })).status).toBe(400);
  });

  it('answers 502 when the mail server refuses, and records it without the address', async () => {
    const { regNo } = await registerPaid({ email: 'bounce@example.org', verifyEmail: 'bounce@example.org' });
    // The first send was refused too, and is on the retry schedule.
    expect(await mailStatus(regNo)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'SMTP 550 (EENVELOPE)' });
    const r = await call(resend, { body: { registrationNumber: regNo }, headers: await adminHeaders() });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('MAIL_REJECTED');
    const status = await mailStatus(regNo);
    expect(status).toMatchObject({ status: 'failed', attempts: 2, lastError: 'SMTP 550 (EENVELOPE)' });
    expect(JSON.stringify(status)).not.toContain('@');
    // A failed resend does not move the automatic schedule.
    expect(await retryScore(regNo)).toBe(base + 60_000);
  });

  it('answers 503 when the mail server is down', async () => {
    const { regNo } = await registerPaid();
    process.env.SMTP_URL = await deadSmtp();
    const r = await call(resend, { body: { registrationNumber: regNo }, headers: await adminHeaders() });
    expect(r.status).toBe(503);
    expect(r.body.error.code).toBe('MAIL_UNAVAILABLE');
    expect(r.headers.get('retry-after')).toBe('60');
    expect(await mailStatus(regNo)).toMatchObject({ status: 'failed', attempts: 2 });
  });
});
