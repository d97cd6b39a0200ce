/**
 * The cancellation quote (docs/rules.md#the-self-service-pages): what the cancellation page shows
 * before the registrant confirms, apart from cancellations.ts so POST /api/cancellation/quote
 * starts without the refund, Razorpay and mail code (docs/performance.md, "Cold starts").
 */
import { conference } from '../../src/content/conference';
import { invoicing } from '../../src/content/invoicing';
import type { Cancellation, StoredRegistration } from '../../src/shared/api';
import { formatMoney } from '../../src/shared/money';
import { refundQuote } from '../../src/shared/refunds';
import { getRegistrantRegistration } from './registrations';

/** What the cancellation page shows before the registrant confirms. Money in minor units. */
export interface CancellationQuote {
  registrationNumber: string;
  status: Cancellation['status'] | 'none';
  refundAmount: number;
  currency: StoredRegistration['currency'];
  beforeDeadline: boolean;
  message: string;
}

function quoteMessage(amount: number, currency: StoredRegistration['currency'], beforeDeadline: boolean): string {
  return beforeDeadline
    ? `If you cancel now, ${formatMoney(amount, currency)} (${invoicing.refund.percent}% of your registration fee, without GST and the convenience fee) will be refunded after the conference.`
    : `Cancellations requested from ${invoicing.refund.requestBefore} on are not refunded: if you cancel now, nothing will be refunded.`;
}

/** The refund a cancellation of `regNo` requested at `at` would bring (or the stored one once requested). Throws 404 NO_MATCH. */
export async function quoteCancellation(regNo: string, email: string, at: Date): Promise<CancellationQuote> {
  const r = await getRegistrantRegistration(regNo, email);
  if (r.cancellation) {
    const c = r.cancellation;
    return { registrationNumber: regNo, status: c.status, refundAmount: c.refundAmount, currency: c.currency, beforeDeadline: c.refundAmount > 0, message: statusMessage(c) };
  }
  const q = refundQuote(r, at);
  return { registrationNumber: regNo, status: 'none', refundAmount: q.amount, currency: q.currency, beforeDeadline: q.beforeDeadline, message: quoteMessage(q.amount, q.currency, q.beforeDeadline) };
}

/** What the page says of a cancellation already requested or decided. */
export function statusMessage(c: Cancellation): string {
  if (c.status === 'requested') return 'Your cancellation request has been received; the organisers will confirm it by e-mail.';
  if (c.status === 'declined') return `Your cancellation request was declined. Please write to ${conference.contactEmail} if you have questions.`;
  return c.refundAmount > 0 ? `Your registration is cancelled; ${formatMoney(c.refundAmount, c.currency)} will be refunded after the conference.` : 'Your registration is cancelled.';
}
