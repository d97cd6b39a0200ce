/**
 * The verify calls' one read of the payment at Razorpay, retried once when that fits (decision
 * 057). Fetching a payment is an idempotent GET, so a second try cannot charge or create anything,
 * unlike create-order, which is not retried (decision 049).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { env } from './env';
import { ServiceUnavailableError } from './http';
import { fetchProviderPayment, type ProviderPayment } from './payments';

/**
 * How long the verify call may spend asking Razorpay for the payment, both tries together (ms):
 * well inside Netlify's 60 s for a synchronous function, leaving the store and the confirmation
 * their time, and short enough that the delegate still sees an answer.
 */
export const VERIFY_FETCH_BUDGET_MS = 25_000;
/** The pause before the second try (ms): a brief network or 5xx blip has passed by then. */
export const VERIFY_RETRY_PAUSE_MS = 300;

/**
 * Fetches payment `paymentId` (fetchProviderPayment). When Razorpay cannot be reached, asks once
 * more after VERIFY_RETRY_PAUSE_MS, but only if the second try fits in VERIFY_FETCH_BUDGET_MS even
 * should it take the whole RAZORPAY_TIMEOUT_MS: a refused connection or a 5xx answered at once is
 * retried; with the default 15 s time-out, a try that timed out is not (the delegate would wait
 * twice). A refusal other than unreachability is never retried. Throws ServiceUnavailableError
 * when both tries fail (or the one allowed): the verify call answers 503 and the webhook or the
 * reconciliation run confirms the payment (docs/payments.md, "The payment flow").
 *
 * Hand-written rather than with cockatiel (razorpay-guard.ts): one retry after a fixed pause is no
 * policy, and importing cockatiel took 40-67 ms on every cold verify call (measured), against
 * docs/performance.md's cold-start budget.
 */
export async function fetchPaymentForVerify(paymentId: string, clock: () => number = Date.now /* ms */): Promise<ProviderPayment> {
  const started = clock();
  try {
    return await fetchProviderPayment(paymentId);
  } catch (err) {
    if (!(err instanceof ServiceUnavailableError)) throw err;
    const worstSecond = clock() - started + VERIFY_RETRY_PAUSE_MS + env().RAZORPAY_TIMEOUT_MS;
    if (worstSecond > VERIFY_FETCH_BUDGET_MS) throw err;
    // The SDK rejects with Razorpay's answer ({statusCode, error}), a network error with an Error.
    const cause = err.cause as { statusCode?: unknown; message?: unknown } | undefined;
    const why = typeof cause?.statusCode === 'number' ? `status ${cause.statusCode}` : typeof cause?.message === 'string' ? cause.message.slice(0, 120) : 'no answer';
    console.warn(`[payments] payment ${paymentId}: Razorpay unreachable (${why}); asking once more`);
  }
  await sleep(VERIFY_RETRY_PAUSE_MS);
  return fetchProviderPayment(paymentId);
}
