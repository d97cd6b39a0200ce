/**
 * Calls the end-to-end tests make to a running stack without a browser: a JSON POST, the
 * organisers' sign-in, and a registration paid through the Razorpay double (create-order, the
 * double's payment, verify-payment), as the wizard makes it.
 */
import { expect } from 'vitest';
import type { RegistrationForm } from '../../src/shared/registration-form';
import { computeCharges, pricing } from '../../src/shared/pricing';
import { fromMinor } from '../../src/shared/money';
import { devDefaults } from '../../scripts/local-config';
import { jsonOrUndefined } from '../setup/mail-receiver';

/** The owner's password the stack starts with (ADMIN_PASSWORD, else the development default). */
export const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || devDefaults.ADMIN_PASSWORD;

/** POSTs `body` as JSON to `url`; returns the status, the parsed body (undefined when not JSON) and the text. */
export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: jsonOrUndefined(text) as Record<string, any>, text };
}

/** Signs in to the admin API at `appUrl` with the owner's password (a failure fails the test); returns the session token. */
export async function adminLogin(appUrl: string): Promise<string> {
  const login = await postJson(`${appUrl}/api/admin-auth/login`, { password: ADMIN_PASSWORD });
  expect(login.status, login.text).toBe(200);
  return login.json.token as string;
}

/**
 * Registers `form` on the stack at `appUrl`, paid through the double at `doubleUrl`; `adminToken`
 * makes create-order an organiser's (the desk, which may register after the close). Returns the numbers.
 */
export async function registerPaid(appUrl: string, doubleUrl: string, form: RegistrationForm, adminToken?: string): Promise<{ regNo: string; paymentId: string; orderId: string }> {
  const auth: Record<string, string> = adminToken ? { Authorization: `Bearer ${adminToken}` } : {};
  const order = await postJson(`${appUrl}/api/payment/create-order`, { amount: fromMinor(computeCharges(pricing, form, null).total), data: form, code: null }, auth);
  expect(order.status, order.text).toBe(200);
  const paid = await postJson(`${doubleUrl}/_double/pay`, { order_id: order.json.id, outcome: 'success' });
  const verified = await postJson(`${appUrl}/api/payment/verify-payment`, paid.json);
  expect(verified.status, verified.text).toBe(200);
  return { regNo: verified.json.registrationNumber as string, paymentId: paid.json.razorpay_payment_id as string, orderId: paid.json.razorpay_order_id as string };
}
