/**
 * Helpers for the admin, registrations and e-mail tests: admin tokens, registrations through the
 * real payment flow (or straight through finalise), a real SMTP receiver, and QR decoding of a
 * received ticket.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startSmtpReceiver, type SmtpReceiver } from '../setup/mail-receiver';
import createOrder from '../../netlify/functions/payment-create-order';
import verifyPayment from '../../netlify/functions/payment-verify';
import { issueAdminToken } from '../../netlify/server/auth';
import { now } from '../../netlify/server/platform/clock';
import { finalise } from '../../netlify/server/orders/finalise';
import { savePendingOrder, type RegistrationOrder } from '../../netlify/server/orders/orders';
import type { Registration } from '../../netlify/server/registrations';
import { keys, redis } from '../../netlify/server/platform/store';
import type { RegistrationForm } from '../../src/shared/registration-form';
import { computeCharges, pricing } from '../../src/shared/pricing';
import webhook from '../../netlify/functions/payment-webhook';
import { STANDARD_DAY, call, doublePay, pinClock, serve, totalFor, validForm } from './helpers';

/** A fresh admin token at the server clock. */
export async function adminToken(): Promise<string> {
  return (await issueAdminToken(now())).token;
}

/** `Authorization: Bearer <fresh admin token>`. */
export async function adminHeaders(): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await adminToken()}` };
}

/** Registers through the real flow: create-order, the double's payment, verify-payment. Returns the number. */
export async function registerPaid(overrides: Partial<RegistrationForm> = {}): Promise<{ regNo: string; orderId: string; paymentId: string }> {
  const data = validForm(overrides);
  const order = await call(createOrder, { body: { amount: totalFor(data), data } });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const paid = await doublePay(order.body.id);
  const verified = await call(verifyPayment, { body: paid });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { regNo: verified.body.registrationNumber, orderId: order.body.id, paymentId: paid.razorpay_payment_id };
}

/**
 * Writes a registration straight through finalise() (no provider, no e-mail) at `at`: for tests
 * that need many registrations or exact data the form flow would normalise.
 */
export async function seedRegistration(overrides: Partial<RegistrationForm> = {}, at: Date = now()): Promise<Registration> {
  const form = validForm(overrides);
  const charges = computeCharges(pricing, form, null);
  const orderId = `order_seed${randomBytes(6).toString('hex')}`;
  const order: RegistrationOrder = { kind: 'registration', orderId, form, charges, couponCode: null, couponType: null, currency: charges.currency, createdAt: at.toISOString() };
  await savePendingOrder(order);
  const result = await finalise(orderId, `pay_seed${randomBytes(6).toString('hex')}`, 'verify-payment', at);
  const stored = await redis().get<Registration>(keys.registration(result.registrationNumber));
  if (!stored) throw new Error('seeded registration not stored');
  return stored;
}

export { decodeQrPng, messagesFor, parseMail, startSmtpReceiver, type SmtpReceiver } from '../setup/mail-receiver';

/** What mailAndWebhook() sets up; the fields are filled in beforeAll. */
export interface MailAndWebhook {
  smtp: SmtpReceiver;
  hook: { url: string; close(): Promise<void> };
}

/**
 * Registers a file's hooks for tests that read e-mails and receive webhooks: a real SMTP receiver
 * as SMTP_URL (recipients for which `reject` holds are refused with 550), the webhook function
 * served over HTTP for the double to deliver to, and the clock pinned to STANDARD_DAY before each
 * test. Returns the object whose fields beforeAll fills.
 */
export function mailAndWebhook(opts: { reject?: (address: string) => boolean } = {}): MailAndWebhook {
  const fx = {} as MailAndWebhook;
  beforeAll(async () => {
    fx.smtp = await startSmtpReceiver(opts);
    fx.hook = await serve(webhook);
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    await fx.smtp.close();
    await fx.hook.close();
  });
  beforeEach(() => {
    pinClock(STANDARD_DAY);
    process.env.SMTP_URL = fx.smtp.url;
  });
  return fx;
}
