/**
 * Accounts: GST invoice numbers taken inside finalise (consecutive under
 * concurrency), invoices as PDF by lookup and attached to the e-mail, cancellations with credit
 * notes, refunds paid once however often they are asked for, refund webhooks, webhook
 * deduplication, and the reconciliation run that registers a payment whose browser and webhook
 * were both lost. Real Redis through the bridge, the real razorpay SDK against the double, a
 * real SMTP receiver.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import createOrder from '../../netlify/functions/payment-create-order';
import invoicesLookup from '../../netlify/functions/invoices-lookup';
import invoicesDownload from '../../netlify/functions/invoices-download';
import adminInvoices from '../../netlify/functions/admin-invoices';
import cancellationQuote from '../../netlify/functions/cancellation-quote';
import cancellationRequest from '../../netlify/functions/cancellation-request';
import decide from '../../netlify/functions/admin-cancellations-decide';
import listCancellations from '../../netlify/functions/admin-cancellations';
import payRefund from '../../netlify/functions/admin-refunds-pay';
import verifyQr from '../../netlify/functions/verify-qr';
import resendTicket from '../../netlify/functions/registrations-resend-ticket';
import summary from '../../netlify/functions/registrations-summary';
import reconcile from '../../netlify/functions/reconcile-payments';
import transferOrder from '../../netlify/functions/name-transfer-create-order';
import transferVerify from '../../netlify/functions/name-transfer-verify';
import updateName from '../../netlify/functions/name-change-update';
import { finalise } from '../../netlify/server/orders/finalise';
import { savePendingOrder, type RegistrationOrder } from '../../netlify/server/orders/orders';
import type { Registration } from '../../netlify/server/registrations';
import { keys, redis } from '../../netlify/server/platform/store';
import { ticketText } from '../../netlify/server/tickets';
import { invoicing } from '../../src/content/invoicing';
import { amountInWords, financialYear } from '../../src/shared/invoice';
import { formatMoney, percentOf } from '../../src/shared/money';
import { computeCharges, findTier, pricing } from '../../src/shared/pricing';
import { DEV, STANDARD_DAY, afterConference, at as editionAt, refundDeadline, standardPeriod, call, doublePay, keysMatching, pinClock, totalFor, runScheduled, validForm, type Fn } from './helpers';
import { adminHeaders, messagesFor, registerPaid, mailAndWebhook } from './helpers-admin';

/**
 * Figures from this edition's content: the financial year of the
 * test day, and the refund of the default tier (validForm's, no coupon).
 */
const FY = financialYear(new Date(STANDARD_DAY));
const REFUND = percentOf(Math.round(findTier(pricing, validForm().registrationTier)!.fee * 100), invoicing.refund.percent);
/** An amount as the PDFs print it: '7,500.00'. */
const printed = (minor: number) => formatMoney(minor, 'INR').replace(/^₹/, '');

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;
const doubleUrl = () => inject('doubleUrl');

const fx = mailAndWebhook();

const stored = async (regNo: string) => (await redis().get<Registration>(keys.registration(regNo)))!;
const pdfText = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
async function binary(fn: Fn, url: string, init: RequestInit) {
  const res = await fn(new Request(url, init), DEV);
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}
async function doubleJson<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${doubleUrl()}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as T;
}

describe('invoice numbers', () => {
  it('stay consecutive with no gap or repeat when 50 registrations are finalised at once', async () => {
    const at = new Date(STANDARD_DAY);
    const orders: RegistrationOrder[] = Array.from({ length: 50 }, (_, i) => {
      const form = validForm({ email: `delegate${i}@example.org`, verifyEmail: `delegate${i}@example.org` });
      const charges = computeCharges(pricing, form, null);
      return { kind: 'registration', orderId: `order_conc${randomBytes(6).toString('hex')}`, form, charges, couponCode: null, couponType: null, currency: 'INR', createdAt: at.toISOString() };
    });
    await Promise.all(orders.map((o) => savePendingOrder(o)));
    const before = Number((await redis().get(keys.invoiceSeq(FY))) ?? 0);
    const results = await Promise.all(orders.map((o, i) => finalise(o.orderId, `pay_conc${String(i).padStart(8, '0')}`, 'verify-payment', at)));
    const numbers = results.map((r) => (r.outcome === 'applied' ? r.registration.invoiceNumber : null));
    const expected = Array.from({ length: 50 }, (_, i) => `PG25/${FY}/${String(before + i + 1).padStart(5, '0')}`);
    expect([...numbers].sort()).toEqual(expected);
    // The number on each record is the one the call returned.
    for (const r of results) if (r.outcome === 'applied') expect((await stored(r.registrationNumber)).invoiceNumber).toBe(r.registration.invoiceNumber);
    // Finalising again takes no number.
    await Promise.all(orders.slice(0, 5).map((o, i) => finalise(o.orderId, `pay_conc${String(i).padStart(8, '0')}`, 'verify-payment', at)));
    expect(Number(await redis().get(keys.invoiceSeq(FY)))).toBe(before + 50);
  });

  it('are not taken for a registration that cost nothing (100 % coupon)', async () => {
    await redis().hset(keys.coupon('ACCFULL'), { type: 'full', limit: 3 });
    const before = Number((await redis().get(keys.invoiceSeq(FY))) ?? 0);
    const data = validForm({ email: 'free@example.org', verifyEmail: 'free@example.org' });
    const r = await call(createOrder, { body: { amount: totalFor(data, 'full'), data, code: 'ACCFULL' } });
    expect(r.body.noPayment).toBe(true);
    expect((await stored(r.body.registrationNumber)).invoiceNumber).toBeUndefined();
    expect(Number((await redis().get(keys.invoiceSeq(FY))) ?? 0)).toBe(before);
  });
});

describe('invoice PDFs', () => {
  it('are attached to the confirmation, listed and downloadable by the registrant, and identical every time', async () => {
    const overrides = { welcomeReception: 'yes' as const, additionalReceptionTickets: 1, billingTaxNumber: '27AAPFU0939F1ZV' };
    const { regNo } = await registerPaid(overrides);
    const reg = await stored(regNo);
    const total = computeCharges(pricing, validForm(overrides), null).total;
    expect(reg.invoiceNumber).toMatch(new RegExp(`^PG25/${FY}/\\d{5}$`));

    const mail = (await messagesFor(fx.smtp.messages, regNo))[0]!;
    const attached = mail.attachments.find((a) => a.mimeType === 'application/pdf')!;
    expect(attached.filename).toBe(`invoice-${reg.invoiceNumber!.replace(/\//g, '-')}.pdf`);
    const emailed = new Uint8Array(attached.content as ArrayBuffer);
    const text = await pdfText(emailed);
    for (const needle of [reg.invoiceNumber!, invoicing.supplier.gstin, '998596', '27AAPFU0939F1ZV', printed(total), 'Tax is not payable on reverse charge basis', 'CGST', 'SGST', amountInWords(total, 'INR')]) {
      expect(text, needle).toContain(needle);
    }

    const ip = freshIp();
    const list = await call(invoicesLookup, { body: { regId: regNo, email: 'ASHA@example.org ' }, ip });
    expect(list.status).toBe(200);
    expect(list.body.documents).toEqual([{ number: reg.invoiceNumber, kind: 'invoice', title: 'Tax Invoice', date: STANDARD_DAY.slice(0, 10), total, currency: 'INR' }]);
    const wrong = await call(invoicesLookup, { body: { regId: regNo, email: 'someone@example.org' }, ip });
    expect(wrong.status).toBe(404);

    const download = () =>
      binary(invoicesDownload, 'http://localhost/api/invoices/download', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ regId: regNo, email: 'asha@example.org', number: reg.invoiceNumber }) });
    const first = await download();
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(first.bytes).equals(Buffer.from(emailed))).toBe(true);
    const admin = await binary(adminInvoices, `http://localhost/api/admin/invoices?number=${encodeURIComponent(reg.invoiceNumber!)}`, { headers: await adminHeaders() });
    expect(admin.status).toBe(200);
    expect(Buffer.from(admin.bytes).equals(Buffer.from(emailed))).toBe(true);
    const noToken = await call(adminInvoices, { path: `/api/admin/invoices?number=${encodeURIComponent(reg.invoiceNumber!)}` });
    expect(noToken.status).toBe(401);
  });

  it('merges every document of a day into one PDF for admins', async () => {
    const a = await registerPaid({ email: 'day1@example.org', verifyEmail: 'day1@example.org' });
    const b = await registerPaid({ email: 'day2@example.org', verifyEmail: 'day2@example.org' });
    const res = await binary(adminInvoices, `http://localhost/api/admin/invoices?day=${STANDARD_DAY.slice(0, 10)}`, { headers: await adminHeaders() });
    expect(res.status).toBe(200);
    const text = await pdfText(res.bytes);
    for (const r of [a, b]) expect(text).toContain((await stored(r.regNo)).invoiceNumber!);
    const none = await call(adminInvoices, { path: '/api/admin/invoices?day=2024-01-01', headers: await adminHeaders() });
    expect(none.status).toBe(404);
    const bad = await call(adminInvoices, { path: '/api/admin/invoices?day=yesterday', headers: await adminHeaders() });
    expect(bad.status).toBe(400);
  });
});

describe('cancellations and refunds', () => {
  async function cancelled(overrides = {}) {
    const { regNo, paymentId } = await registerPaid(overrides);
    const ip = freshIp();
    const quote = await call(cancellationQuote, { body: { regId: regNo, email: 'asha@example.org' }, ip });
    expect(quote.body).toMatchObject({ success: true, status: 'none', refundAmount: REFUND, beforeDeadline: true });
    const requested = await call(cancellationRequest, { body: { regId: regNo, email: 'asha@example.org' }, ip });
    expect(requested.body).toMatchObject({ success: true, status: 'requested', refundAmount: REFUND });
    return { regNo, paymentId };
  }

  it('quotes nothing from the refund deadline (20 Nov 2025 IST for 2025) on, and writes nothing on a quote', async () => {
    const { regNo } = await registerPaid();
    pinClock(refundDeadline());
    const audit = await redis().llen(keys.audit());
    const quote = await call(cancellationQuote, { body: { regId: regNo, email: 'asha@example.org' }, ip: freshIp() });
    expect(quote.body).toMatchObject({ refundAmount: 0, beforeDeadline: false });
    expect(quote.body.message).toMatch(/not refunded/);
    expect(await redis().llen(keys.audit())).toBe(audit);
  });

  it('an approved cancellation is kept, marked, left out of the count and the carousel, credited, and its ticket refused', async () => {
    const { regNo } = await cancelled();
    const countBefore = (await call(summary, { headers: await adminHeaders() })).body.totalRegistrations as number;
    const listed = await call(listCancellations, { headers: await adminHeaders() });
    expect(listed.body.map((r: Registration) => r.registrationNumber)).toContain(regNo);

    const approved = await call(decide, { body: { registrationNumber: regNo, decision: 'approve' }, headers: await adminHeaders() });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const reg = await stored(regNo);
    expect(reg.cancellation).toMatchObject({ status: 'approved', refundAmount: REFUND, creditNoteNumber: expect.stringMatching(new RegExp(`^PG25C/${FY}/\\d{5}$`)) });
    const after = (await call(summary, { headers: await adminHeaders() })).body;
    expect(after.totalRegistrations).toBe(countBefore - 1);
    // The carousel shows what the count counts: the newest registration, now cancelled, is not in it.
    expect(after.latestRegistrations.map((r: Registration) => r.registrationNumber)).not.toContain(regNo);
    expect(after.latestRegistrations.length).toBe(Math.min(10, after.totalRegistrations));
    expect(await redis().exists(keys.registration(regNo))).toBe(1);

    const again = await call(decide, { body: { registrationNumber: regNo, decision: 'decline' }, headers: await adminHeaders() });
    expect(again.status).toBe(409);

    const scan = await call(verifyQr, { raw: await ticketText(regNo), headers: await adminHeaders() });
    expect(scan.status).toBe(409);
    expect(scan.body).toMatchObject({ valid: false, rid: regNo, message: 'Registration cancelled' });
    expect(await keysMatching(`checkin:${regNo}:*`)).toEqual([]);

    // Its ticket is not sent again: a 409 in the error shape, no e-mail, nothing recorded.
    const mails = (await messagesFor(fx.smtp.messages, regNo)).length;
    const audits = await redis().llen(keys.audit());
    const resent = await call(resendTicket, { body: { registrationNumber: regNo }, headers: await adminHeaders() });
    expect(resent.status).toBe(409);
    expect(resent.body).toEqual({ error: { code: 'REGISTRATION_CANCELLED', message: expect.stringMatching(/cancelled/) } });
    expect((await messagesFor(fx.smtp.messages, regNo)).length).toBe(mails);
    expect(await redis().llen(keys.audit())).toBe(audits);

    const docs = await call(invoicesLookup, { body: { regId: regNo, email: 'asha@example.org' }, ip: freshIp() });
    expect(docs.body.documents.map((d: { kind: string }) => d.kind)).toEqual(['invoice', 'credit-note']);
    const credit = await binary(adminInvoices, `http://localhost/api/admin/invoices?number=${encodeURIComponent(reg.cancellation!.creditNoteNumber!)}`, { headers: await adminHeaders() });
    const text = await pdfText(credit.bytes);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(reg.invoiceNumber!);
    expect(text).toContain(printed(REFUND));
  });

  it('refunds only after the conference, once however often and however fast it is asked', async () => {
    const { regNo, paymentId } = await cancelled();
    await call(decide, { body: { registrationNumber: regNo, decision: 'approve' }, headers: await adminHeaders() });
    const early = await call(payRefund, { body: { registrationNumber: regNo }, headers: await adminHeaders() });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('TOO_EARLY');

    pinClock(afterConference());
    const headers = await adminHeaders();
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(payRefund, { body: { registrationNumber: regNo }, headers })));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const refunds = await doubleJson<{ items: { id: string; amount: number }[] }>(`/_double/refunds?payment_id=${paymentId}`);
    expect(refunds.items).toHaveLength(1);
    expect(refunds.items[0]!.amount).toBe(REFUND);
    const payout = (await stored(regNo)).cancellation!.refund!;
    expect(payout.parts).toEqual([{ paymentId, amount: REFUND, refundId: refunds.items[0]!.id, status: 'processed' }]);
    expect(payout.status).toBe('processed');
  });

  it('a refund still pending at Razorpay is not made again when asked again; its webhook settles it once', async () => {
    const { regNo, paymentId } = await cancelled();
    await call(decide, { body: { registrationNumber: regNo, decision: 'approve' }, headers: await adminHeaders() });
    pinClock(afterConference());
    // Razorpay takes the refund as pending, as it does for normal-speed refunds.
    await doubleJson('/_double/faults', { payment_id: paymentId, refundPendingStatus: true });
    const first = await call(payRefund, { body: { registrationNumber: regNo }, headers: await adminHeaders() });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('processing');
    const retry = await call(payRefund, { body: { registrationNumber: regNo }, headers: await adminHeaders() });
    expect(retry.body.status).toBe('processing');
    const refunds = await doubleJson<{ items: { id: string }[] }>(`/_double/refunds?payment_id=${paymentId}`);
    expect(refunds.items).toHaveLength(1);

    // The refund webhook settles it; a re-delivery of the same event changes nothing.
    const url = `${fx.hook.url}/api/payment/webhook`;
    const delivered = await doubleJson<{ status: number; body: string; eventId: string }>('/_double/refund-webhook', { refund_id: refunds.items[0]!.id, event: 'refund.processed', webhookUrl: url });
    expect(delivered.status).toBe(200);
    expect(JSON.parse(delivered.body)).toEqual({ ok: true, refund: refunds.items[0]!.id });
    expect((await stored(regNo)).cancellation!.refund!.status).toBe('processed');
    const again = await doubleJson<{ body: string }>('/_double/refund-webhook', { refund_id: refunds.items[0]!.id, event: 'refund.processed', webhookUrl: url, eventId: delivered.eventId });
    expect(JSON.parse(again.body)).toEqual({ ok: true, ignored: 'duplicate event' });
    await doubleJson('/_double/faults', { payment_id: paymentId });
  });

  it('BP-12: a refund whose answer timed out after Razorpay made it is not made twice on the retry', async () => {
    const { regNo, paymentId } = await cancelled();
    await call(decide, { body: { registrationNumber: regNo, decision: 'approve' }, headers: await adminHeaders() });
    pinClock(afterConference());
    process.env.RAZORPAY_TIMEOUT_MS = '300';
    await doubleJson('/_double/faults', { payment_id: paymentId, refundDelayMs: 1500 });
    try {
      const timedOut = await call(payRefund, { body: { registrationNumber: regNo }, headers: await adminHeaders() });
      expect(timedOut.status).toBe(503);
      // Razorpay made the refund although our call gave up on the answer.
      await expect.poll(async () => (await doubleJson<{ items: unknown[] }>(`/_double/refunds?payment_id=${paymentId}`)).items.length).toBe(1);
    } finally {
      delete process.env.RAZORPAY_TIMEOUT_MS;
      await doubleJson('/_double/faults', { payment_id: paymentId });
    }
    const retry = await call(payRefund, { body: { registrationNumber: regNo }, headers: await adminHeaders() });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.status).toBe('processed');
    expect((await doubleJson<{ items: unknown[] }>(`/_double/refunds?payment_id=${paymentId}`)).items).toHaveLength(1);
  });

  it('a failed refund can be paid again, with a new key for the failed part', async () => {
    const { regNo, paymentId } = await cancelled();
    await call(decide, { body: { registrationNumber: regNo, decision: 'approve' }, headers: await adminHeaders() });
    pinClock(afterConference());
    await doubleJson('/_double/faults', { payment_id: paymentId, refundPendingStatus: true });
    await call(payRefund, { body: { registrationNumber: regNo }, headers: await adminHeaders() });
    const [refund] = (await doubleJson<{ items: { id: string }[] }>(`/_double/refunds?payment_id=${paymentId}`)).items;
    await doubleJson('/_double/refund-webhook', { refund_id: refund!.id, event: 'refund.failed', webhookUrl: `${fx.hook.url}/api/payment/webhook` });
    expect((await stored(regNo)).cancellation!.refund!.status).toBe('failed');
    await doubleJson('/_double/faults', { payment_id: paymentId });
    const retried = await call(payRefund, { body: { registrationNumber: regNo }, headers: await adminHeaders() });
    expect(retried.body.status).toBe('processed');
    const all = (await doubleJson<{ items: { id: string; status: string }[] }>(`/_double/refunds?payment_id=${paymentId}`)).items;
    expect(all.map((r) => r.status)).toEqual(['failed', 'processed']);
  });

  it('a refund Razorpay refuses is recorded failed with its reason, never left processing, and is retried once however often pressed', async () => {
    const { regNo, paymentId } = await cancelled();
    await call(decide, { body: { registrationNumber: regNo, decision: 'approve' }, headers: await adminHeaders() });
    pinClock(afterConference());
    const headers = await adminHeaders();
    const refusal = { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' };
    await doubleJson('/_double/faults', { payment_id: paymentId, refundError: refusal });
    try {
      const refused = await call(payRefund, { body: { registrationNumber: regNo }, headers });
      expect(refused.status, JSON.stringify(refused.body)).toBe(200);
      expect(refused.body).toMatchObject({ status: 'failed', parts: [{ paymentId, amount: REFUND, status: 'failed', failureReason: refusal.description }] });
      // As stored, and as the accounts page reads it after a reload: failed with the reason, payable again.
      expect((await stored(regNo)).cancellation!.refund).toMatchObject({ status: 'failed', parts: [{ status: 'failed', failureReason: refusal.description }] });
      const listed = (await call(listCancellations, { headers })).body.find((r: Registration) => r.registrationNumber === regNo) as Registration;
      expect(listed.cancellation!.refund!.status).toBe('failed');
      // Pressed again while Razorpay still refuses: failed again, nothing refunded.
      expect((await call(payRefund, { body: { registrationNumber: regNo }, headers })).body.status).toBe('failed');
      expect((await doubleJson<{ items: unknown[] }>(`/_double/refunds?payment_id=${paymentId}`)).items).toEqual([]);
      const audit = await redis().lrange<{ action: string; details: { regNo?: string } }>(keys.audit(), 0, 200);
      expect(audit.some((e) => e.action === 'refund.refused' && e.details.regNo === regNo)).toBe(true);
    } finally {
      await doubleJson('/_double/faults', { payment_id: paymentId });
    }
    // The retry, pressed 10 times at once once Razorpay takes it: one refund.
    const retries = await Promise.all(Array.from({ length: 10 }, () => call(payRefund, { body: { registrationNumber: regNo }, headers })));
    for (const r of retries) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const refunds = (await doubleJson<{ items: { id: string; amount: number }[] }>(`/_double/refunds?payment_id=${paymentId}`)).items;
    expect(refunds).toHaveLength(1);
    expect((await stored(regNo)).cancellation!.refund).toMatchObject({ status: 'processed', parts: [{ paymentId, amount: REFUND, refundId: refunds[0]!.id, status: 'processed' }] });
    expect((await stored(regNo)).cancellation!.refund!.parts[0]!.failureReason).toBeUndefined();
  });

  it('a refused refund can be recorded as paid outside Razorpay with its reference, once; the delegate is told', async () => {
    const { regNo, paymentId } = await cancelled();
    await call(decide, { body: { registrationNumber: regNo, decision: 'approve' }, headers: await adminHeaders() });
    pinClock(afterConference());
    const headers = await adminHeaders();
    // The reference is required for a payment outside Razorpay, and only for it.
    const missing = await call(payRefund, { body: { registrationNumber: regNo, method: 'outside' }, headers });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fieldErrors.reference).toMatch(/needs its reference/);
    expect((await call(payRefund, { body: { registrationNumber: regNo, method: 'outside', reference: 'UTR\r\n1' }, headers })).status).toBe(400);
    expect((await call(payRefund, { body: { registrationNumber: regNo, reference: 'UTR123456' }, headers })).status).toBe(400);
    expect((await stored(regNo)).cancellation!.refund).toBeUndefined();

    await doubleJson('/_double/faults', { payment_id: paymentId, refundError: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });
    try {
      expect((await call(payRefund, { body: { registrationNumber: regNo }, headers })).body.status).toBe('failed');
    } finally {
      await doubleJson('/_double/faults', { payment_id: paymentId });
    }
    const mailsBefore = (await messagesFor(fx.smtp.messages, regNo)).length;
    const outside = await call(payRefund, { body: { registrationNumber: regNo, method: 'outside', reference: ' NEFT UTR SBIN425123456 ' }, headers });
    expect(outside.status, JSON.stringify(outside.body)).toBe(200);
    expect(outside.body).toMatchObject({ status: 'processed', parts: [{ paymentId, amount: REFUND, status: 'paid-outside', reference: 'NEFT UTR SBIN425123456', failureReason: 'The id provided does not exist' }] });
    // The same record pressed again answers the same; another reference, or Razorpay, pays nothing more.
    expect((await call(payRefund, { body: { registrationNumber: regNo, method: 'outside', reference: 'NEFT UTR SBIN425123456' }, headers })).status).toBe(200);
    const other = await call(payRefund, { body: { registrationNumber: regNo, method: 'outside', reference: 'CHEQUE 000111' }, headers });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('ALREADY_REFUNDED');
    expect((await call(payRefund, { body: { registrationNumber: regNo }, headers })).body.status).toBe('processed');
    expect((await doubleJson<{ items: unknown[] }>(`/_double/refunds?payment_id=${paymentId}`)).items).toEqual([]);
    const mails = (await messagesFor(fx.smtp.messages, regNo)).slice(mailsBefore);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/refund paid/)]);
    expect(mails[0]!.text).toContain('NEFT UTR SBIN425123456');
    expect(mails[0]!.text).toContain('by a transfer from the organisers');
  });

  it('refuses a payment outside Razorpay while a Razorpay refund is still processing', async () => {
    const { regNo, paymentId } = await cancelled();
    await call(decide, { body: { registrationNumber: regNo, decision: 'approve' }, headers: await adminHeaders() });
    pinClock(afterConference());
    await doubleJson('/_double/faults', { payment_id: paymentId, refundPendingStatus: true });
    try {
      expect((await call(payRefund, { body: { registrationNumber: regNo }, headers: await adminHeaders() })).body.status).toBe('processing');
      const outside = await call(payRefund, { body: { registrationNumber: regNo, method: 'outside', reference: 'UTR123456' }, headers: await adminHeaders() });
      expect(outside.status).toBe(409);
      expect(outside.body.error.code).toBe('REFUND_IN_PROGRESS');
    } finally {
      await doubleJson('/_double/faults', { payment_id: paymentId });
    }
  });

  it('refuses a request for another e-mail, and a second request answers the same', async () => {
    const { regNo } = await cancelled();
    const ip = freshIp();
    const other = await call(cancellationRequest, { body: { regId: regNo, email: 'other@example.org' }, ip });
    expect(other.status).toBe(404);
    const again = await call(cancellationRequest, { body: { regId: regNo, email: 'asha@example.org' }, ip });
    expect(again.body).toMatchObject({ status: 'requested', refundAmount: REFUND });
    const history = await redis().lrange<{ action: string; details: { regNo?: string } }>(keys.audit(), 0, 100);
    expect(history.filter((e) => e.action === 'cancellation.requested' && e.details.regNo === regNo)).toHaveLength(1);
  });
});

describe('reconciliation', () => {
  it('registers a payment captured with no webhook and no verify exactly once, e-mail included', async () => {
    const data = validForm({ email: 'lost@example.org', verifyEmail: 'lost@example.org' });
    const order = await call(createOrder, { body: { amount: totalFor(data), data } });
    expect(order.status).toBe(200);
    const captured = await doubleJson<{ razorpay_payment_id: string }>('/_double/capture', { order_id: order.body.id });
    // Within 10 minutes the browser or the webhook normally settles it: the run leaves it alone.
    const early = await (await runScheduled(reconcile)).json();
    expect(early.finalised).toBe(0);

    pinClock(new Date(Date.parse(STANDARD_DAY) + 11 * 60_000).toISOString());
    const runs = await Promise.all([runScheduled(reconcile), runScheduled(reconcile)]).then((rs) => Promise.all(rs.map((r) => r.json())));
    expect(runs.reduce((n, r) => n + r.finalised, 0)).toBe(1);
    const regNo = await redis().get<string>(keys.done(order.body.id));
    expect(regNo).toBeTruthy();
    const reg = await stored(String(regNo));
    expect(reg).toMatchObject({ paymentId: captured.razorpay_payment_id, email: 'lost@example.org' });
    expect(await messagesFor(fx.smtp.messages, String(regNo))).toHaveLength(1);
    expect(await redis().zscore(keys.pendingOrders(), order.body.id)).toBeNull();
    const later = await (await runScheduled(reconcile)).json();
    expect(later.finalised).toBe(0);
  });

  it('takes an unpaid order off the list once it has expired', async () => {
    const data = validForm({ email: 'unpaid@example.org', verifyEmail: 'unpaid@example.org' });
    const order = await call(createOrder, { body: { amount: totalFor(data), data } });
    await redis().del(keys.order(order.body.id));
    pinClock(new Date(Date.parse(STANDARD_DAY) + 11 * 60_000).toISOString());
    await runScheduled(reconcile);
    expect(await redis().zscore(keys.pendingOrders(), order.body.id)).toBeNull();
  });
});

describe('name transfer', () => {
  const to = { title: 'Ms', firstName: 'Meera', lastName: 'Shankar', email: 'meera@example.org', organization: 'Hubballi Grid Lab', mobile: '+91 90000 11111' };

  it('moves the registration to the new person once paid: new ticket, old one refused, fee invoiced', async () => {
    const { regNo } = await registerPaid();
    const before = await stored(regNo);
    // An hour later: the invoice of the registration keeps the person it was issued to.
    pinClock(standardPeriod('11:00:00'));
    const r = await call(transferOrder, { body: { regId: regNo, email: 'asha@example.org', to }, ip: freshIp() });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // 2000 + 18 % = 2360; + 4 % = 94.40 -> 2454.40
    expect(r.body.order).toMatchObject({ currency: 'INR', amount: 245440, notes: { transferAmount: 2454.4, transferFrom: 'Dr Asha Kulkarni', transferTo: 'Ms Meera Shankar' } });
    const paid = await doublePay(r.body.order.id);
    const verified = await call(transferVerify, { body: paid });
    expect(verified.body).toEqual({ success: true, registrationNumber: regNo, status: 'confirmed' });

    const after = await stored(regNo);
    expect(after).toMatchObject({ title: 'Ms', firstName: 'Meera', lastName: 'Shankar', email: 'meera@example.org', organization: 'Hubballi Grid Lab', ticketVersion: 1 });
    expect(after.totalPaid).toBe(Math.round((before.totalPaid + 2454.4) * 100) / 100);
    const change = after.history!.at(-1)!;
    expect(change).toMatchObject({ kind: 'name-transfer', from: 'Dr Asha Kulkarni', to: 'Ms Meera Shankar', fromEmail: 'asha@example.org', toEmail: 'meera@example.org', amount: 2454.4 });

    const oldTicket = await call(verifyQr, { raw: await ticketText(regNo), headers: await adminHeaders() });
    expect(oldTicket.status).toBe(409);
    expect(oldTicket.body.error.code).toBe('TICKET_REPLACED');
    const newTicket = await call(verifyQr, { raw: await ticketText(regNo, 1), headers: await adminHeaders() });
    expect(newTicket.status).toBe(200);
    expect(newTicket.body.name).toBe('Ms Meera Shankar');

    const mails = await messagesFor(fx.smtp.messages, regNo);
    const mail = mails.find((m) => /transferred to you/.test(m.subject ?? ''))!;
    expect(mail.to?.[0]?.address).toBe('meera@example.org');
    // The fee's invoice is the payer's document, sent to the payer's billing e-mail, never to the new person.
    expect(mail.attachments.filter((a) => a.mimeType === 'application/pdf')).toEqual([]);
    const payerMail = mails.find((m) => /tax invoice .* for the name transfer/.test(m.subject ?? ''))!;
    expect(payerMail.to?.[0]?.address).toBe(before.billingEmail);
    const invoice = payerMail.attachments.find((a) => a.mimeType === 'application/pdf')!;
    const text = await pdfText(new Uint8Array(invoice.content as ArrayBuffer));
    expect(text).toContain('Name transfer processing fee');
    expect(text).toContain('2,454.40');
    // The registration's own invoice still names the person it was issued to, and stays theirs:
    // the new person finds no document, the original registrant finds both.
    const docs = await call(invoicesLookup, { body: { regId: regNo, email: 'meera@example.org' }, ip: freshIp() });
    expect(docs.status).toBe(200);
    expect(docs.body.documents).toEqual([]);
    const mine = await call(invoicesLookup, { body: { regId: regNo, email: 'asha@example.org' }, ip: freshIp() });
    expect(mine.body.documents.map((d: { number: string }) => d.number)).toEqual([after.invoiceNumber, 'invoiceNumber' in change ? change.invoiceNumber : undefined]);
    const original = await binary(adminInvoices, `http://localhost/api/admin/invoices?number=${encodeURIComponent(after.invoiceNumber!)}`, { headers: await adminHeaders() });
    expect(await pdfText(original.bytes)).toContain('Dr Asha Kulkarni');
  });

  it('is refused from the name-transfer deadline (20 Nov 2025 IST for 2025), for a wrong e-mail and with bad details, writing nothing', async () => {
    const { regNo } = await registerPaid();
    const orders = (await keysMatching('order:*')).length;
    expect((await call(transferOrder, { body: { regId: regNo, email: 'x@example.org', to }, ip: freshIp() })).status).toBe(404);
    const bad = await call(transferOrder, { body: { regId: regNo, email: 'asha@example.org', to: { ...to, email: 'not-an-email' } }, ip: freshIp() });
    expect(bad.status).toBe(400);
    pinClock(editionAt(invoicing.nameTransfer.requestBefore, 0, '00:00:00'));
    const late = await call(transferOrder, { body: { regId: regNo, email: 'asha@example.org', to }, ip: freshIp() });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('TRANSFER_CLOSED');
    expect((await keysMatching('order:*')).length).toBe(orders);
  });

  it('a transfer paid after the name was changed another way is listed for a refund, not applied', async () => {
    const { regNo } = await registerPaid();
    const r = await call(transferOrder, { body: { regId: regNo, email: 'asha@example.org', to }, ip: freshIp() });
    await call(updateName, { body: { regId: regNo, email: 'asha@example.org', title: 'Dr', firstName: 'Asha', lastName: 'Rao' }, ip: freshIp() });
    const late = await call(transferVerify, { body: await doublePay(r.body.order.id) });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('REFUND_DUE');
    expect((await stored(regNo)).email).toBe('asha@example.org');
  });
});
