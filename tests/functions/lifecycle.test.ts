/**
 * Money states that cannot contradict each other: refunds from "payments needing
 * attention" that can be made again after failing, one lifecycle for a registration (no change
 * sold or applied once a cancellation is requested or approved), and a reconciliation run that
 * finds a captured payment whatever the backlog of unpaid orders. Real handlers, Redis through
 * the bridge, the razorpay SDK against the double.
 */
import { describe, expect, inject, it } from 'vitest';
import upgradeTier from '../../netlify/functions/tier-upgrade-create-order';
import verifyUpgrade from '../../netlify/functions/tier-upgrade-verify';
import changeIeee from '../../netlify/functions/ieee-change-create-order';
import transferOrder from '../../netlify/functions/name-transfer-create-order';
import transferVerify from '../../netlify/functions/name-transfer-verify';
import cancellationRequest from '../../netlify/functions/cancellation-request';
import cancellationQuote from '../../netlify/functions/cancellation-quote';
import registrationById from '../../netlify/functions/registration-by-id';
import { RATE_LIMITS } from '../../netlify/server/platform/rate-limit';
import decide from '../../netlify/functions/admin-cancellations-decide';
import attentionRefund from '../../netlify/functions/admin-attention-refund';
import { issueAccountToken } from '../../netlify/server/auth';
import type { StoredAccount } from '../../netlify/server/team';
import type { Registration } from '../../netlify/server/registrations';
import { keys, redis } from '../../netlify/server/platform/store';
import type { AttentionPayment } from '../../src/shared/api';
import { testSecrets } from '../setup/secrets';
import { refundQuote } from '../../src/shared/refunds';
import createOrder from '../../netlify/functions/payment-create-order';
import reconcile from '../../netlify/functions/reconcile-payments';
import { savePendingOrder, type RegistrationOrder } from '../../netlify/server/orders/orders';
import { createProviderOrder, listProviderPayments } from '../../netlify/server/platform/payments';
import { CURSOR_OVERLAP_SECONDS, reconcilePayments, type ReconcileRun } from '../../netlify/server/orders/reconcile';
import { invoicing } from '../../src/content/invoicing';
import { percentOf } from '../../src/shared/money';
import { computeCharges, findTier, pricing } from '../../src/shared/pricing';
import { STANDARD_DAY, call, doublePay, pinClock, runScheduled, totalFor, validForm } from './helpers';
import { adminHeaders, mailAndWebhook, registerPaid } from './helpers-admin';

const fx = mailAndWebhook();

const STUDENT = { registrationTier: 'stud_ieee_indian_std', registrationFee: 7000, ieeeMemberNumber: '90000001', noPaper: true, paperId: '' };
const TO = { title: 'Ms', firstName: 'Meera', lastName: 'Shankar', email: 'meera@example.org', organization: 'Hubballi Grid Lab', mobile: '+91 90000 11111' };
const stored = async (regNo: string) => (await redis().get<Registration>(keys.registration(regNo)))!;
async function doubleJson<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${inject('doubleUrl')}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as T;
}
const requestCancellation = (regNo: string, email = 'asha@example.org') => call(cancellationRequest, { body: { regId: regNo, email } });

describe('refunds from "payments needing attention" (defect 1)', () => {
  it('a refund that failed is made again with a fresh key, and the refund webhooks settle it', async () => {
    const { regNo } = await registerPaid(STUDENT);
    // Two upgrades paid: the second cannot apply and is listed.
    const first = (await call(upgradeTier, { body: { regId: regNo } })).body.order;
    const second = (await call(upgradeTier, { body: { regId: regNo } })).body.order;
    expect((await call(verifyUpgrade, { body: await doublePay(first.id) })).status).toBe(200);
    const late = await doublePay(second.id);
    const refused = await call(verifyUpgrade, { body: late });
    expect(refused.body.error.code).toBe('REFUND_DUE');
    const paymentId = late.razorpay_payment_id;

    await doubleJson('/_double/faults', { payment_id: paymentId, refundPendingStatus: true });
    const made = await call(attentionRefund, { body: { paymentId }, headers: await adminHeaders() });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.refund).toMatchObject({ status: 'pending', attempt: 0 });
    const url = `${fx.hook.url}/api/payment/webhook`;
    const failed = await doubleJson<{ status: number; body: string }>('/_double/refund-webhook', { refund_id: made.body.refund.id, event: 'refund.failed', webhookUrl: url });
    expect(JSON.parse(failed.body)).toEqual({ ok: true, refund: made.body.refund.id });
    expect((await redis().get<AttentionPayment>(keys.attention(paymentId)))!.refund).toMatchObject({ id: made.body.refund.id, status: 'failed' });

    await doubleJson('/_double/faults', { payment_id: paymentId });
    const again = await call(attentionRefund, { body: { paymentId }, headers: await adminHeaders() });
    expect(again.status).toBe(200);
    expect(again.body.refund).toMatchObject({ status: 'processed', attempt: 1 });
    expect(again.body.refund.id).not.toBe(made.body.refund.id);
    const refunds = (await doubleJson<{ items: { id: string; status: string; amount: number }[] }>(`/_double/refunds?payment_id=${paymentId}`)).items;
    expect(refunds.map((r) => r.status)).toEqual(['failed', 'processed']);
    expect(refunds[1]!.amount).toBe(second.amount);
    // Asking once more refunds nothing more.
    const third = await call(attentionRefund, { body: { paymentId }, headers: await adminHeaders() });
    expect(third.body.refund.id).toBe(again.body.refund.id);
    expect((await doubleJson<{ items: unknown[] }>(`/_double/refunds?payment_id=${paymentId}`)).items).toHaveLength(2);
  });
});

/** A student's second upgrade, paid after the first applied: listed for a refund. Returns its payment id and amount (minor units). */
async function listedPayment(): Promise<{ paymentId: string; amount: number }> {
  const { regNo } = await registerPaid(STUDENT);
  const first = (await call(upgradeTier, { body: { regId: regNo } })).body.order;
  const second = (await call(upgradeTier, { body: { regId: regNo } })).body.order;
  expect((await call(verifyUpgrade, { body: await doublePay(first.id) })).status).toBe(200);
  const late = await doublePay(second.id);
  expect((await call(verifyUpgrade, { body: late })).body.error.code).toBe('REFUND_DUE');
  return { paymentId: late.razorpay_payment_id, amount: second.amount };
}

describe('a refund of "payments needing attention" that Razorpay refuses', () => {
  it('is recorded failed with Razorpay\'s reason, refunds nothing, and is made once Razorpay takes it', async () => {
    const { paymentId } = await listedPayment();

    await doubleJson('/_double/faults', { payment_id: paymentId, refundError: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });
    try {
      const refused = await call(attentionRefund, { body: { paymentId }, headers: await adminHeaders() });
      expect(refused.status, JSON.stringify(refused.body)).toBe(200);
      expect(refused.body.refund).toMatchObject({ id: '', status: 'failed', attempt: 0, reason: 'The id provided does not exist' });
      expect((await redis().get<AttentionPayment>(keys.attention(paymentId)))!.refund).toMatchObject({ status: 'failed', reason: 'The id provided does not exist' });
      expect((await doubleJson<{ items: unknown[] }>(`/_double/refunds?payment_id=${paymentId}`)).items).toEqual([]);
    } finally {
      await doubleJson('/_double/faults', { payment_id: paymentId });
    }
    const made = await call(attentionRefund, { body: { paymentId }, headers: await adminHeaders() });
    expect(made.body.refund).toMatchObject({ status: 'processed', attempt: 1 });
    expect(made.body.refund.reason).toBeUndefined();
    expect((await doubleJson<{ items: unknown[] }>(`/_double/refunds?payment_id=${paymentId}`)).items).toHaveLength(1);
  });
});

describe('a refund of "payments needing attention" that Razorpay refuses because it refunded the payment already (decision 058)', () => {
  /** Refunds `amount` of `paymentId` straight at Razorpay, as an organiser would from its Dashboard. */
  async function refundAtDashboard(paymentId: string, amount: number): Promise<string> {
    const auth = `Basic ${Buffer.from(`${testSecrets.keyId}:${testSecrets.keySecret}`).toString('base64')}`;
    const res = await fetch(`${inject('doubleUrl')}/v1/payments/${paymentId}/refund`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ amount }) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  }

  it('refunded in full at Razorpay: the refusal is recorded as that refund, processed, and nothing more is refunded or offered', async () => {
    const { paymentId, amount } = await listedPayment();
    const dashboard = await refundAtDashboard(paymentId, amount);
    const r = await call(attentionRefund, { body: { paymentId }, headers: await adminHeaders() });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.refund).toMatchObject({ id: dashboard, status: 'processed', attempt: 0, byRazorpay: true });
    expect(r.body.refund.reason).toBeUndefined();
    // Settled: asking again answers the record and asks Razorpay for nothing.
    const again = await call(attentionRefund, { body: { paymentId }, headers: await adminHeaders() });
    expect(again.body.refund).toMatchObject({ id: dashboard, status: 'processed' });
    expect((await doubleJson<{ items: unknown[] }>(`/_double/refunds?payment_id=${paymentId}`)).items).toHaveLength(1);
    const outside = await call(attentionRefund, { body: { paymentId, method: 'outside', reference: 'UTR123456' }, headers: await adminHeaders() });
    expect(outside.body.error.code).toBe('ALREADY_REFUNDED');
  });

  it('refunded in part at Razorpay: the refusal stands, failed with Razorpay\'s reason', async () => {
    const { paymentId, amount } = await listedPayment();
    await refundAtDashboard(paymentId, amount - 100);
    const r = await call(attentionRefund, { body: { paymentId }, headers: await adminHeaders() });
    expect(r.body.refund).toMatchObject({ id: '', status: 'failed', reason: 'The refund amount provided is greater than amount captured.' });
    expect(r.body.refund.byRazorpay).toBeUndefined();
  });
});

describe('a refund of "payments needing attention" paid outside Razorpay', () => {
  const REFUSAL = { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' };
  /** A finance organiser's own account: the audit record must name them. */
  const finance = { id: 'acct-finance-outside', name: 'Farida Finance', email: 'farida@example.org', roles: ['finance'] } as StoredAccount;
  const financeHeaders = async () => ({ authorization: `Bearer ${(await issueAccountToken(finance)).session.token}` });

  const record = async (paymentId: string) => (await redis().get<AttentionPayment>(keys.attention(paymentId)))!;
  const refundsAt = async (paymentId: string) => (await doubleJson<{ items: { id: string; status: string }[] }>(`/_double/refunds?payment_id=${paymentId}`)).items;

  it('after a refusal, is recorded with its reference by the organiser who paid it, once; Razorpay is not asked again', async () => {
    const { paymentId } = await listedPayment();
    const headers = await financeHeaders();
    // The request as POST /api/admin/refunds/pay takes it: the reference with method outside, and only then.
    const missing = await call(attentionRefund, { body: { paymentId, method: 'outside' }, headers });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fieldErrors.reference).toMatch(/needs its reference/);
    expect((await call(attentionRefund, { body: { paymentId, method: 'outside', reference: 'UTR\r\n1' }, headers })).status).toBe(400);
    expect((await call(attentionRefund, { body: { paymentId, method: 'outside', reference: 'U1' }, headers })).status).toBe(400);
    expect((await call(attentionRefund, { body: { paymentId, reference: 'UTR123456' }, headers })).status).toBe(400);
    expect((await record(paymentId)).refund).toBeUndefined();

    await doubleJson('/_double/faults', { payment_id: paymentId, refundError: REFUSAL });
    try {
      expect((await call(attentionRefund, { body: { paymentId }, headers })).body.refund).toMatchObject({ status: 'failed', reason: REFUSAL.description });
    } finally {
      await doubleJson('/_double/faults', { payment_id: paymentId });
    }
    const audits = await redis().llen(keys.audit());
    const outside = await call(attentionRefund, { body: { paymentId, method: 'outside', reference: ' NEFT UTR SBIN425123456 ' }, headers });
    expect(outside.status, JSON.stringify(outside.body)).toBe(200);
    expect(outside.body.refund).toMatchObject({ status: 'paid-outside', reference: 'NEFT UTR SBIN425123456', reason: REFUSAL.description, attempt: 0 });
    expect((await record(paymentId)).refund).toEqual(outside.body.refund);
    // One audit entry, naming who recorded it (their account, name, roles), with what was paid.
    expect(await redis().llen(keys.audit())).toBe(audits + 1);
    const [entry] = await redis().lrange<{ actor: string; actorName?: string; roles?: string[]; action: string; details: Record<string, unknown> }>(keys.audit(), 0, 0);
    expect(entry).toMatchObject({ actor: finance.id, actorName: `${finance.name} <${finance.email}>`, roles: ['finance'], action: 'attention.refund.paid-outside', details: { paymentId, reference: 'NEFT UTR SBIN425123456' } });

    // The same reference again answers the record; another one, or Razorpay, pays nothing more.
    const again = await call(attentionRefund, { body: { paymentId, method: 'outside', reference: 'NEFT UTR SBIN425123456' }, headers });
    expect(again.status).toBe(200);
    expect(again.body.refund).toEqual(outside.body.refund);
    const other = await call(attentionRefund, { body: { paymentId, method: 'outside', reference: 'CHEQUE 000111' }, headers });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('ALREADY_REFUNDED');
    const viaRazorpay = await call(attentionRefund, { body: { paymentId }, headers });
    expect(viaRazorpay.status).toBe(200);
    expect(viaRazorpay.body.refund.status).toBe('paid-outside');
    expect(await refundsAt(paymentId)).toEqual([]);
    expect(await redis().llen(keys.audit())).toBe(audits + 1);
  });

  it('is refused while a Razorpay refund is processing, and once Razorpay refunded it; a refund.failed webhook then opens it', async () => {
    const { paymentId } = await listedPayment();
    const headers = await adminHeaders();
    await doubleJson('/_double/faults', { payment_id: paymentId, refundPendingStatus: true });
    let refundId: string;
    try {
      const made = await call(attentionRefund, { body: { paymentId }, headers });
      expect(made.body.refund).toMatchObject({ status: 'pending', attempt: 0 });
      refundId = made.body.refund.id;
    } finally {
      await doubleJson('/_double/faults', { payment_id: paymentId });
    }
    const before = await record(paymentId);
    const audits = await redis().llen(keys.audit());
    const processing = await call(attentionRefund, { body: { paymentId, method: 'outside', reference: 'UTR123456' }, headers });
    expect(processing.status).toBe(409);
    expect(processing.body.error.code).toBe('REFUND_IN_PROGRESS');
    expect(await record(paymentId)).toEqual(before);
    expect(await redis().llen(keys.audit())).toBe(audits);

    // Razorpay says it failed: now it may be paid another way; a late refund.processed of that refund changes nothing.
    const url = `${fx.hook.url}/api/payment/webhook`;
    await doubleJson('/_double/refund-webhook', { refund_id: refundId, event: 'refund.failed', webhookUrl: url });
    expect((await record(paymentId)).refund).toMatchObject({ id: refundId, status: 'failed' });
    const outside = await call(attentionRefund, { body: { paymentId, method: 'outside', reference: 'UTR123456' }, headers });
    expect(outside.status, JSON.stringify(outside.body)).toBe(200);
    expect(outside.body.refund).toMatchObject({ id: refundId, status: 'paid-outside', reference: 'UTR123456' });
    const [entry] = await redis().lrange<{ actor: string; action: string }>(keys.audit(), 0, 0);
    expect(entry).toMatchObject({ actor: 'admin', action: 'attention.refund.paid-outside' });
    await doubleJson('/_double/refund-webhook', { refund_id: refundId, event: 'refund.processed', webhookUrl: url });
    expect((await record(paymentId)).refund).toMatchObject({ status: 'paid-outside', reference: 'UTR123456' });

    // Refunded through Razorpay: paying it another way too is refused.
    const { paymentId: refunded } = await listedPayment();
    expect((await call(attentionRefund, { body: { paymentId: refunded }, headers })).body.refund.status).toBe('processed');
    const twice = await call(attentionRefund, { body: { paymentId: refunded, method: 'outside', reference: 'UTR654321' }, headers });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('ALREADY_REFUNDED');
    expect((await record(refunded)).refund!.status).toBe('processed');
  });

  it('answers 404 for a payment not listed, and only finance and the owner may record it', async () => {
    const missing = await call(attentionRefund, { body: { paymentId: 'pay_NOTLISTED0001', method: 'outside', reference: 'UTR123456' }, headers: await adminHeaders() });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_LISTED');
    const { paymentId } = await listedPayment();
    const desk = { ...finance, id: 'acct-registrations-outside', roles: ['registrations'] } as StoredAccount;
    const refused = await call(attentionRefund, { body: { paymentId, method: 'outside', reference: 'UTR123456' }, headers: { authorization: `Bearer ${(await issueAccountToken(desk)).session.token}` } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN_ROLE');
    expect((await record(paymentId)).refund).toBeUndefined();
  });
});

describe('one lifecycle: nothing sold or applied against a cancellation', () => {
  it('refuses an upgrade and an IEEE change for a registration with an open or approved cancellation (defect 2)', async () => {
    const { regNo } = await registerPaid(STUDENT);
    expect((await requestCancellation(regNo)).status).toBe(200);
    for (const fn of [upgradeTier, changeIeee]) {
      const r = await call(fn, { body: { regId: regNo } });
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ success: false, error: { code: 'CANCELLATION_REQUESTED' } });
    }
    expect((await call(decide, { body: { registrationNumber: regNo, decision: 'approve' }, headers: await adminHeaders() })).status).toBe(200);
    for (const fn of [upgradeTier, changeIeee]) {
      const r = await call(fn, { body: { regId: regNo } });
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ success: false, error: { code: 'REGISTRATION_CANCELLED' } });
    }
  });

  it('a name transfer paid after the holder asked to cancel is listed for a refund, not applied (defect 3)', async () => {
    const { regNo } = await registerPaid();
    const order = await call(transferOrder, { body: { regId: regNo, email: 'asha@example.org', to: TO } });
    expect(order.status).toBe(200);
    // The refund share of the default tier's fee, from this edition's content.
    expect((await requestCancellation(regNo)).body.refundAmount).toBe(percentOf(Math.round(findTier(pricing, validForm().registrationTier)!.fee * 100), invoicing.refund.percent));
    const verified = await call(transferVerify, { body: await doublePay(order.body.order.id) });
    expect(verified.status).toBe(409);
    expect(verified.body.error.code).toBe('REFUND_DUE');
    const reg = await stored(regNo);
    expect(reg).toMatchObject({ email: 'asha@example.org', firstName: 'Asha' });
    expect(reg.history ?? []).toEqual([]);
    expect(await redis().get(keys.done(order.body.order.id))).toBe(`attention:${regNo}`);
  });

  it('an upgrade paid while a cancellation request is open is refunded, so the request still matches the registration (warning)', async () => {
    const { regNo } = await registerPaid(STUDENT);
    const order = (await call(upgradeTier, { body: { regId: regNo } })).body.order;
    const requested = await requestCancellation(regNo);
    const verified = await call(verifyUpgrade, { body: await doublePay(order.id) });
    expect(verified.status).toBe(409);
    expect(verified.body.error.code).toBe('REFUND_DUE');
    const reg = await stored(regNo);
    expect(reg.registrationTier).toBe('stud_ieee_indian_std');
    expect(reg.cancellation!.refundAmount).toBe(requested.body.refundAmount);
  });

  it('an upgrade and a transfer paid after a cancellation request are both refunded; the request stands (warning)', async () => {
    const { regNo } = await registerPaid(STUDENT);
    const upgrade = (await call(upgradeTier, { body: { regId: regNo } })).body.order;
    const transfer = (await call(transferOrder, { body: { regId: regNo, email: 'asha@example.org', to: TO } })).body.order;
    const requested = await requestCancellation(regNo);
    const [u, t] = await Promise.all([call(verifyUpgrade, { body: await doublePay(upgrade.id) }), call(transferVerify, { body: await doublePay(transfer.id) })]);
    expect([u.body.error?.code, t.body.error?.code]).toEqual(['REFUND_DUE', 'REFUND_DUE']);
    const reg = await stored(regNo);
    expect(reg).toMatchObject({ registrationTier: 'stud_ieee_indian_std', email: 'asha@example.org' });
    expect(reg.cancellation).toMatchObject({ status: 'requested', refundAmount: requested.body.refundAmount });
  });

  it('an upgrade, a transfer and a cancellation request racing: the request always matches the registration it ends on', async () => {
    const { regNo } = await registerPaid(STUDENT);
    const upgrade = (await call(upgradeTier, { body: { regId: regNo } })).body.order;
    const transfer = (await call(transferOrder, { body: { regId: regNo, email: 'asha@example.org', to: TO } })).body.order;
    const [paidUpgrade, paidTransfer] = await Promise.all([doublePay(upgrade.id), doublePay(transfer.id)]);
    const [u, t, c] = await Promise.all([call(verifyUpgrade, { body: paidUpgrade }), call(transferVerify, { body: paidTransfer }), requestCancellation(regNo)]);
    const reg = await stored(regNo);
    const applied = (reg.history ?? []).length;
    expect([u.status, t.status].filter((s) => s === 200)).toHaveLength(applied);
    if (c.status === 200) {
      // The refund fixed by the request is the rule's amount for the registration as it stands.
      expect(reg.cancellation!.refundAmount).toBe(refundQuote(reg, new Date(reg.cancellation!.requestedAt)).amount);
    } else {
      // The transfer landed first: the new holder's e-mail no longer matches the request's.
      expect(reg.email).toBe('meera@example.org');
    }
  });
});

describe('reconciliation whatever the backlog (defect 4)', () => {
  it('finds a payment captured behind 205 unpaid orders within two runs', async () => {
    const start = Date.parse(STANDARD_DAY);
    // 205 abandoned orders, a minute older than the one that is paid.
    const abandoned = validForm();
    const charges = computeCharges(pricing, abandoned, null);
    for (let i = 0; i < 205; i += 41) {
      await Promise.all(
        Array.from({ length: 41 }, async () => {
          const provider = await createProviderOrder(charges.total, 'INR', `reg_abandoned${i}`, { kind: 'registration' });
          const order: RegistrationOrder = { kind: 'registration', orderId: provider.id, form: abandoned, charges, couponCode: null, couponType: null, currency: 'INR', createdAt: new Date(start - 60_000).toISOString() };
          await savePendingOrder(order);
        }),
      );
    }
    const data = validForm({ email: 'behind@example.org', verifyEmail: 'behind@example.org' });
    const order = await call(createOrder, { body: { amount: totalFor(data), data } });
    expect(order.status).toBe(200);
    // Captured: no verify, no webhook.
    const captured = await doubleJson<{ razorpay_payment_id: string }>('/_double/capture', { order_id: order.body.id });
    let finalised = 0;
    for (const minutes of [11, 12]) {
      pinClock(new Date(start + minutes * 60_000).toISOString());
      finalised += ((await (await runScheduled(reconcile)).json()) as ReconcileRun).finalised;
    }
    expect(finalised).toBe(1);
    const regNo = String(await redis().get(keys.done(order.body.id)));
    expect(await stored(regNo)).toMatchObject({ paymentId: captured.razorpay_payment_id, email: 'behind@example.org' });
  });

  it('asks Razorpay once per 100 payments made since the last run, not once per pending order (10,000 pending)', async () => {
    const at = new Date(Date.parse(STANDARD_DAY) + 20 * 60_000);
    const createdAt = new Date(Date.parse(STANDARD_DAY) - 60_000).toISOString();
    const form = validForm();
    const charges = computeCharges(pricing, form, null);
    for (let i = 0; i < 10_000; i += 1000) {
      const p = redis().pipeline();
      for (let j = i; j < i + 1000; j++) {
        const orderId = `order_bulk${String(j).padStart(8, '0')}`;
        p.set(keys.order(orderId), { kind: 'registration', orderId, form, charges, couponCode: null, couponType: null, currency: 'INR', createdAt }, { ex: 3600 });
        p.zadd(keys.pendingOrders(), { score: Date.parse(createdAt), member: orderId });
      }
      await p.exec();
    }
    // The window since the last run (with its overlap) holds whatever the shared double was paid lately.
    await redis().set(keys.reconcileCursor(), Math.floor(Date.now() / 1000));
    let inWindow = 0;
    for (let skip = 0; ; skip += 100) {
      const page = await listProviderPayments(Math.floor(Date.now() / 1000) - CURSOR_OVERLAP_SECONDS, Math.floor(Date.now() / 1000) + 5, skip);
      inWindow += page.items.length;
      if (page.items.length < 100) break;
    }
    const started = Date.now();
    const run = await reconcilePayments(at);
    const ms = Date.now() - started;
    console.log(`[reconcile] 10,000 pending orders, ${inWindow} payments in the window: ${run.providerCalls} Razorpay call(s), ${ms} ms`);
    expect(run.providerCalls).toBeLessThanOrEqual(Math.floor(inWindow / 100) + 2);
    expect(await redis().zcard(keys.pendingOrders())).toBeGreaterThanOrEqual(10_000);
  });
});

describe('rate limits count well-formed requests only', () => {
  it('malformed requests do not use up an address budget', async () => {
    const { regNo } = await registerPaid();
    const ip = `192.0.2.${Math.floor(Math.random() * 200) + 10}`;
    const limit = RATE_LIMITS.cancellation.requests;
    for (let i = 0; i < limit + 5; i++) {
      const bad = await call(cancellationQuote, { body: { regId: 'not-an-id', email: 'asha@example.org' }, ip });
      expect(bad.status).toBe(400);
    }
    const good = await call(cancellationQuote, { body: { regId: regNo, email: 'asha@example.org' }, ip });
    expect(good.status).toBe(200);
    for (let i = 0; i < limit + 2; i++) {
      const bad = await call(registrationById, { path: '/api/registrations/not-an-id', ip });
      expect(bad.status).toBe(400);
    }
    expect((await call(registrationById, { path: `/api/registrations/${regNo}`, ip })).status).toBe(200);
  });
});
