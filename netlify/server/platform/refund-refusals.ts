/**
 * A refund Razorpay refuses may already be made: Razorpay refunds a late authorisation on an
 * order another payment had paid by itself, at once (its auto-refunds page: a duplicate payment
 * on a paid order), and an organiser may have refunded a payment from the Dashboard. Its refusal
 * ("The payment has been fully refunded already.") then means the money went back, so the site
 * records the refund it finds instead of a failure (docs/payments.md, "Late authorisation";
 * decision 058).
 */
import { fetchPaymentRefunds } from './payments';

/** A refund of the payment that Razorpay holds: its id and whether it is settled. */
export interface RefundFound {
  id: string;
  status: 'processed' | 'pending';
}

/**
 * After Razorpay refused to refund `amountMinor` (paise or cents) of payment `paymentId`: asks
 * Razorpay for the payment's refunds (through `via`, e.g. guardedRazorpayCall) and answers the one
 * to record when the refunds that have not failed add up to at least `amountMinor`: a pending one
 * while any is pending (its refund webhook settles it), else the newest processed one. Answers
 * null when they do not: the refusal stands. Throws ServiceUnavailableError when Razorpay cannot
 * be asked (the caller's retry refuses again and asks again).
 */
export async function refundAlreadyMade(
  paymentId: string,
  amountMinor: number,
  via: <T>(call: () => Promise<T>) => Promise<T> = (call) => call(),
): Promise<RefundFound | null> {
  const refunds = await via(() => fetchPaymentRefunds(paymentId));
  // A failed refund's money went back to the merchant (Razorpay stops counting it as refunded).
  const standing = refunds.filter((r) => r.payment_id === paymentId && r.status !== 'failed');
  const total = standing.reduce((sum, r) => sum + r.amount, 0);
  if (!standing.length || total < amountMinor) return null;
  const pending = standing.find((r) => r.status !== 'processed');
  if (pending) return { id: pending.id, status: 'pending' };
  return { id: standing[0]!.id, status: 'processed' };
}
