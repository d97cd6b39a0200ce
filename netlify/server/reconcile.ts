/**
 * Reconciliation (issue "Accounts": nothing paid is ever lost): a payment whose browser never
 * came back and whose webhook never arrived is found by asking Razorpay. Every payable order is
 * listed in orders:pending when it is stored; a run takes those older than `minAgeMs` (10 minutes:
 * by then the browser or the webhook has normally settled it), and for each one still unsettled
 * fetches the order's payments: a captured payment of the order's amount is finalised through the
 * one order core (exactly once, e-mail included); any other captured payment (a different amount,
 * a second payment of an order already paid, a payment of an expired order) is listed in
 * "payments needing attention". Settled and expired orders leave the list.
 */
import { PAID_PAYMENT_STATES } from '../../src/shared/api';
import { finaliseAndNotify } from './confirm';
import { recordAttentionPayment } from './finalise';
import { getOrderState, ORDER_TTL_SECONDS } from './orders';
import { fetchOrderPayments } from './payments';
import { keys, withStore } from './store';
import { workWithinBudget } from './batch';

export interface ReconcileRun {
  /** Orders older than minAgeMs that were looked at. */
  checked: number;
  /** Orders this run finalised. */
  finalised: number;
  /** Payments this run listed as needing attention. */
  attention: number;
  /** Orders that left the list (settled or expired). */
  removed: number;
  /** Orders left for the next run (the time budget ran out). */
  deferred: number;
}

/**
 * One reconciliation run at `at`. Looks at most `limit` orders, `concurrency` at a time, and
 * starts none after `budgetMs` (a scheduled function has 30 s). A Razorpay or store failure on one
 * order leaves it for the next run.
 */
export async function reconcilePayments(at: Date, opts: { minAgeMs?: number; limit?: number; concurrency?: number; budgetMs?: number } = {}): Promise<ReconcileRun> {
  const { minAgeMs = 10 * 60_000, limit = 200, concurrency = 4, budgetMs = 20_000 } = opts;
  const due = await withStore((r) => r.zrange<string[]>(keys.pendingOrders(), '-inf', at.getTime() - minAgeMs, { byScore: true, offset: 0, count: limit }));
  const run: ReconcileRun = { checked: 0, finalised: 0, attention: 0, removed: 0, deferred: 0 };
  const { deferred } = await workWithinBudget(due.map(String), { concurrency, budgetMs }, async (orderId) => {
    run.checked++;
    try {
      await reconcileOrder(orderId, at, run);
    } catch (err) {
      console.error(`[reconcile] order ${orderId} left for the next run: ${err instanceof Error ? err.message : String(err)}`);
    }
  });
  run.deferred = deferred;
  return run;
}

async function reconcileOrder(orderId: string, at: Date, run: ReconcileRun): Promise<void> {
  const state = await getOrderState(orderId);
  const score = await withStore((r) => r.zscore(keys.pendingOrders(), orderId));
  const expired = !state.order && !state.done;
  const payments = (await fetchOrderPayments(orderId)).filter((p) => PAID_PAYMENT_STATES.has(p.status));
  let settledBy: string | null = null;
  if (state.order && !state.done) {
    const order = state.order;
    const match = payments.find((p) => p.amount === order.charges.total);
    if (match) {
      const result = await finaliseAndNotify(orderId, match.id, 'reconcile', at, state);
      if (result.outcome === 'applied') run.finalised++;
      settledBy = match.id;
    }
  }
  const doneNow = settledBy !== null || state.done !== null;
  for (const p of payments) {
    if (p.id === settledBy) continue;
    // Once the order is done, its own paying payment is the one recorded in paid:{paymentId}.
    if (state.done && (await withStore((r) => r.get<string>(keys.paid(p.id)))) === orderId) continue;
    const order = state.order;
    const reason = expired
      ? 'Payment of an order that expired before it was settled.'
      : doneNow
        ? 'A further payment of an order that was already paid.'
        : `Paid ${p.amount} minor units; the order is for ${order?.charges.total}.`;
    const listed = await recordAttentionPayment(
      {
        paymentId: p.id,
        orderId,
        kind: order?.kind ?? 'unknown',
        registrationNumber: order && 'registrationNumber' in order ? order.registrationNumber : '',
        amountMinor: p.amount,
        currency: p.currency === 'USD' ? 'USD' : 'INR',
        reason,
      },
      'reconcile',
      at,
    );
    if (listed) run.attention++;
  }
  // Unsettled orders stay listed until they are paid or expire (a week).
  const tooOld = score !== null && at.getTime() - Number(score) > ORDER_TTL_SECONDS * 1000;
  if (doneNow || expired || tooOld) {
    await withStore((r) => r.zrem(keys.pendingOrders(), orderId));
    run.removed++;
  }
}
