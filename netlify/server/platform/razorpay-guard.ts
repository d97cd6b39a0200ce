/**
 * Every call this site makes to Razorpay in the background (the reconciliation run, the refund of
 * a late-authorised payment, the downtime list, the queued webhook work) goes through
 * `guardedRazorpayCall`, so that a Razorpay outage is met the way docs/payments.md ("Rainy days")
 * and decision 048 describe, and not by a flood of retries (the April 2025 UPI outage was made
 * worse by exactly that):
 *
 * - retries back off exponentially (cockatiel's ExponentialBackoff: 250 ms, doubling, at most
 *   2 s apart, with jitter) and give up after RETRY_ATTEMPTS; only a failure to reach Razorpay
 *   (ServiceUnavailableError: a time-out, 5xx, a refused connection) is retried, never a refusal;
 * - a circuit breaker (cockatiel's, ConsecutiveBreaker) opens after BREAKER_FAILURES consecutive
 *   failures and lets one call through again after RAZORPAY_CIRCUIT_HALF_OPEN_MS (env, 60 s); its state lives in Redis
 *   (cockatiel's toJSON / initialState), since every function invocation starts cold and an
 *   in-memory breaker would forget the outage on the next call;
 * - at most RAZORPAY_CALLS_PER_MINUTE (env, 60) calls (each attempt counts) leave this site per minute, a
 *   fixed window in Redis (@upstash/ratelimit, as the public rate limits): a run that meets the
 *   bound stops and the next run carries on.
 *
 * cockatiel and @upstash/ratelimit are maintained libraries; the only own code is keeping the
 * breaker's state in Redis between invocations, which neither offers.
 * The interactive calls (create-order, the verify calls, an organiser's refund) are not guarded:
 * they answer 503 at once and the webhook or the reconciliation run finishes their work.
 */
import { Ratelimit } from '@upstash/ratelimit';
import { BrokenCircuitError, ConsecutiveBreaker, ExponentialBackoff, circuitBreaker, handleType, retry, wrap } from 'cockatiel';
import { ServiceUnavailableError } from './http';
import { env } from './env';
import { keys, redis, withStore } from './store';

/** Attempts per guarded call (the first and two retries). */
export const RETRY_ATTEMPTS = 3;
/** Consecutive failures (across invocations) that open the circuit. */
export const BREAKER_FAILURES = 5;

const UNAVAILABLE = 'The payment provider could not be reached; the work is left for the next run.';

/** Razorpay is down (the circuit is open) or this minute's call budget is spent: nothing was sent. */
export class RazorpayHeldBackError extends ServiceUnavailableError {
  constructor(readonly why: 'circuit-open' | 'budget') {
    super(UNAVAILABLE);
    this.name = 'RazorpayHeldBackError';
  }
}

let budget: { redis: unknown; prefix: string; perMinute: number; limiter: Ratelimit } | undefined;

function callBudget(): Ratelimit {
  const r = redis();
  const prefix = keys.rateLimit('razorpay-calls');
  const perMinute = env().RAZORPAY_CALLS_PER_MINUTE;
  if (budget && budget.redis === r && budget.prefix === prefix && budget.perMinute === perMinute) return budget.limiter;
  const limiter = new Ratelimit({ redis: r, limiter: Ratelimit.fixedWindow(perMinute, '1 m'), prefix, enableTelemetry: false, analytics: false });
  budget = { redis: r, prefix, perMinute, limiter };
  return limiter;
}

/** What one guarded call did, for the callers' figures (the reconciliation run's log line). */
export interface GuardStats {
  attempts: number;
  retries: number;
}

/**
 * Runs `fn` (one call to Razorpay that throws ServiceUnavailableError when Razorpay cannot be
 * reached) under the retry, breaker and budget above. `label` names it in logs.
 * Returns fn's result. Throws RazorpayHeldBackError (a 503 ServiceUnavailableError) when the
 * circuit is open or the minute's budget is spent, the last ServiceUnavailableError when every
 * attempt failed, and any other error of fn (a refusal) at once.
 */
export async function guardedRazorpayCall<T>(label: string, fn: () => Promise<T>, stats?: GuardStats): Promise<T> {
  const saved = await withStore((r) => r.get<unknown>(keys.razorpayCircuit()));
  const breaker = circuitBreaker(handleType(ServiceUnavailableError, (e) => !(e instanceof RazorpayHeldBackError)), {
    halfOpenAfter: env().RAZORPAY_CIRCUIT_HALF_OPEN_MS,
    breaker: new ConsecutiveBreaker(BREAKER_FAILURES),
    ...(saved ? { initialState: saved } : {}),
  });
  const retries = retry(
    handleType(ServiceUnavailableError, (e) => !(e instanceof RazorpayHeldBackError)),
    { maxAttempts: RETRY_ATTEMPTS - 1, backoff: new ExponentialBackoff({ initialDelay: 250, maxDelay: 2_000 }) },
  );
  retries.onRetry(() => {
    if (stats) stats.retries++;
  });
  const before = JSON.stringify(breaker.toJSON());
  try {
    return await wrap(retries, breaker).execute(async () => {
      const { success } = await callBudget().limit('all');
      if (!success) throw new RazorpayHeldBackError('budget');
      if (stats) stats.attempts++;
      return fn();
    });
  } catch (err) {
    if (err instanceof BrokenCircuitError) {
      console.warn(`[razorpay] ${label}: circuit open, not called`);
      throw new RazorpayHeldBackError('circuit-open');
    }
    throw err;
  } finally {
    const after = breaker.toJSON();
    // Written only when it changed: a healthy Razorpay costs one read per call.
    if (JSON.stringify(after) !== before) await withStore((r) => r.set(keys.razorpayCircuit(), JSON.stringify(after), { ex: 24 * 3600 }));
  }
}
