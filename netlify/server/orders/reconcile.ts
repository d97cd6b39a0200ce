/**
 * Reconciliation (docs/operations.md#reconciliation: nothing paid is ever lost; it cannot starve): a
 * payment whose browser never came back and whose webhook never arrived is found by asking
 * Razorpay what it captured. A run reads Razorpay's payments list from where the previous run
 * stopped (a cursor in Unix seconds, minus an overlap, since a payment is listed by its creation
 * time and may be captured minutes later) up to now, 100 per call, and for each paid payment of
 * one of this site's orders:
 *
 * - an unsettled order at least `minAgeMs` old (10 minutes: by then the browser or the webhook
 *   has normally settled it) with the order's amount is finalised through the one order core
 *   (exactly once, e-mail included); a younger one is left for the next run (the cursor stops
 *   before it);
 * - any other paid payment (a different amount, a second payment of an order already paid, a
 *   payment of an expired order) is listed in "payments needing attention".
 *
 * So a captured payment is found by the first run at least 10 minutes after its order was made,
 * whatever the number of unpaid orders: the calls to Razorpay grow with the payments made since
 * the last run (one per 100), not with the pending orders. The pending list is only tidied:
 * settled orders and orders whose record expired leave it (Redis only, two requests per 1,000).
 */
import { PAID_PAYMENT_STATES } from '../../../src/shared/api';
import { finaliseAndNotify } from './confirm';
import { recordAttentionPayment } from './finalise';
import { ORDER_TTL_SECONDS, type PendingOrder } from './orders';
import { listProviderPayments, type ProviderPaymentPage } from '../platform/payments';
import { RazorpayHeldBackError, guardedRazorpayCall, type GuardStats } from '../platform/razorpay-guard';
import { ServiceUnavailableError } from '../platform/http';
import { drainWebhookQueue } from './webhook-queue';
import { keys, withStore } from '../platform/store';
import { workWithinBudget } from '../platform/batch';

export interface ReconcileRun {
  /** Pending orders older than minAgeMs that were looked at (settled or expired ones leave the list). */
  checked: number;
  /** Paid payments of this site's orders that were looked at. */
  payments: number;
  /** Orders this run finalised. */
  finalised: number;
  /** Payments this run listed as needing attention. */
  attention: number;
  /** Orders that left the pending list (settled or expired). */
  removed: number;
  /** Payments left for the next run (too young, or the time budget ran out). */
  deferred: number;
  /** Calls made to Razorpay (pages of the payments list; each attempt counts). */
  providerCalls: number;
  /** Of those, retries after a failure (razorpay-guard.ts: exponential backoff). */
  providerRetries: number;
  /** Why Razorpay's list was not read to the end: unreachable, its circuit open, or the minute's call budget spent (the next run reads it). */
  providerHeldBack: null | 'unavailable' | 'circuit-open' | 'budget';
  /** Webhook events answered before their work was done that this run handled (webhook-queue.ts). */
  webhooksDrained: number;
}

/** How far before the cursor a run reads again: Razorpay lists a payment by its creation time, and an attempt may be captured up to 15 minutes later. */
export const CURSOR_OVERLAP_SECONDS = 30 * 60;
/** A first run (no cursor) reads back as far as an order is kept, and a day more. */
const FIRST_LOOKBACK_SECONDS = ORDER_TTL_SECONDS + 24 * 3600;
const PAGE = 100;
const TIDY_BATCH = 1000;

type Paid = ProviderPaymentPage['items'][number] & { order_id: string };

/**
 * One reconciliation run at `at` (the app's clock: the age of orders). `wallNow` (ms) is
 * Razorpay's clock, the real time its payments are stamped with. Reads the payments list, then
 * works `concurrency` payments at a time and starts none after `budgetMs` (a scheduled function
 * has 30 s). A Razorpay or store failure on one payment leaves the cursor where it was, so the
 * next run reads it again.
 */
export async function reconcilePayments(at: Date, opts: { minAgeMs?: number; concurrency?: number; budgetMs?: number; wallNow?: number } = {}): Promise<ReconcileRun> {
  const { minAgeMs = 10 * 60_000, concurrency = 4, budgetMs = 20_000, wallNow = Date.now() } = opts;
  const started = Date.now();
  const run: ReconcileRun = { checked: 0, payments: 0, finalised: 0, attention: 0, removed: 0, deferred: 0, providerCalls: 0, providerRetries: 0, providerHeldBack: null, webhooksDrained: 0 };
  run.webhooksDrained = (await drainWebhookQueue(at)).drained;
  const cursor = await withStore((r) => r.get<number>(keys.reconcileCursor()));
  const to = Math.floor(wallNow / 1000);
  const from = cursor === null ? to - FIRST_LOOKBACK_SECONDS : Number(cursor) - CURSOR_OVERLAP_SECONDS;

  const paid: Paid[] = [];
  let complete = true;
  for (let skip = 0; ; skip += PAGE) {
    if (Date.now() - started > budgetMs / 2) {
      complete = false;
      break;
    }
    // Through the guard (razorpay-guard.ts): backoff, circuit breaker and the per-minute call budget.
    const stats: GuardStats = { attempts: 0, retries: 0 };
    let page: ProviderPaymentPage;
    try {
      page = await guardedRazorpayCall('reconcile: payments list', () => listProviderPayments(from, to, skip, PAGE), stats);
    } catch (err) {
      if (!(err instanceof ServiceUnavailableError)) throw err;
      // Razorpay is down or held back: what was read is still worked; the cursor stays, so the next run reads the rest.
      run.providerHeldBack = err instanceof RazorpayHeldBackError ? err.why : 'unavailable';
      complete = false;
      break;
    } finally {
      run.providerCalls += stats.attempts;
      run.providerRetries += stats.retries;
    }
    for (const p of page.items) if (p.order_id && PAID_PAYMENT_STATES.has(p.status)) paid.push(p as Paid);
    if (page.items.length < PAGE) break;
  }
  // Oldest first, so a run cut short by its budget has done the ones nearest the cursor.
  paid.reverse();

  let youngest: number | null = null;
  let failed = false;
  const states = await orderStates(paid);
  const { deferred } = await workWithinBudget(
    paid.map((p, i) => ({ p, state: states[i]! })),
    { concurrency, budgetMs: Math.max(0, budgetMs - (Date.now() - started)) },
    async ({ p, state }) => {
      if (!state.ours) return;
      run.payments++;
      try {
        const outcome = await reconcilePayment(p, state, at, minAgeMs, run);
        if (outcome === 'young') {
          run.deferred++;
          youngest = youngest === null ? p.created_at : Math.min(youngest, p.created_at);
        }
      } catch (err) {
        failed = true;
        console.error(`[reconcile] payment ${p.id} left for the next run: ${err instanceof Error ? err.message : String(err)}`);
      }
    },
  );
  run.deferred += deferred;
  if (complete && !failed && deferred === 0) {
    // The next run starts where this one could not yet settle everything.
    const next = youngest === null ? to : Math.min(to, youngest);
    await withStore((r) => r.set(keys.reconcileCursor(), next));
  }
  const tidied = await tidyPendingOrders(at, minAgeMs);
  run.checked = tidied.checked;
  run.removed = tidied.removed;
  return run;
}

interface OrderState {
  order: PendingOrder | null;
  done: string | null;
  /** Which order payment p paid for, when it was applied. */
  paidFor: string | null;
  /** When the order was listed as pending (ms), or null. */
  listedAt: number | null;
  /** True when the order is this site's (pending, settled, or expired within the last day). */
  ours: boolean;
}

/** The order state of each payment, in one store request per 100 payments. */
async function orderStates(payments: Paid[]): Promise<OrderState[]> {
  const out: OrderState[] = [];
  for (let i = 0; i < payments.length; i += PAGE) {
    const batch = payments.slice(i, i + PAGE);
    const replies = await withStore(async (r) => {
      const p = r.pipeline();
      for (const pay of batch) {
        p.get(keys.order(pay.order_id));
        p.get(keys.done(pay.order_id));
        p.get(keys.paid(pay.id));
        p.zscore(keys.pendingOrders(), pay.order_id);
        p.zscore(keys.expiredOrders(), pay.order_id);
      }
      return p.exec<unknown[]>();
    });
    batch.forEach((_, j) => {
      const [order, done, paidFor, listed, expired] = replies.slice(j * 5, j * 5 + 5) as [PendingOrder | null, unknown, unknown, number | null, number | null];
      out.push({
        order,
        done: done === null ? null : String(done),
        paidFor: paidFor === null ? null : String(paidFor),
        listedAt: listed === null ? null : Number(listed),
        ours: order !== null || done !== null || listed !== null || expired !== null,
      });
    });
  }
  return out;
}

async function reconcilePayment(p: Paid, state: OrderState, at: Date, minAgeMs: number, run: ReconcileRun): Promise<'young' | 'done'> {
  const { order, done } = state;
  if (done !== null && state.paidFor === p.order_id) return 'done';
  if (order && done === null) {
    const listedAt = state.listedAt ?? Date.parse(order.createdAt);
    if (at.getTime() - listedAt < minAgeMs) return 'young';
    if (p.amount === order.charges.total) {
      const result = await finaliseAndNotify(p.order_id, p.id, 'reconcile', at, { order, done });
      if (result.outcome === 'applied') run.finalised++;
      return 'done';
    }
  }
  if (p.late_authorized && (order === null || p.amount === order.charges.total)) {
    // A late authorisation whose webhooks never came: refunded at once, the delegate told (late-payments.ts).
    const { settleLatePayment } = await import('./late-payments');
    const settled = await settleLatePayment({ id: p.id, amount: p.amount, currency: p.currency }, p.order_id, { order, done }, at, finaliseAndNotify);
    if ('refunded' in settled) run.attention++;
    else if (settled.outcome === 'applied') run.finalised++;
    return 'done';
  }
  const reason = done !== null ? 'A further payment of an order that was already paid.' : order ? `Paid ${p.amount} minor units; the order is for ${order.charges.total}.` : 'Payment of an order that expired before it was settled.';
  const listed = await recordAttentionPayment(
    {
      paymentId: p.id,
      orderId: p.order_id,
      kind: order?.kind ?? 'unknown',
      registrationNumber: order && 'registrationNumber' in order ? order.registrationNumber : (done?.replace(/^attention:/, '') ?? ''),
      amountMinor: p.amount,
      currency: p.currency === 'USD' ? 'USD' : 'INR',
      reason,
    },
    'reconcile',
    at,
  );
  if (listed) run.attention++;
  return 'done';
}

/**
 * Takes settled orders and orders whose record expired off the pending list (an expired one is
 * remembered a day longer, so a payment that arrives late is still recognised and listed).
 * Redis only: two requests per 1,000 pending orders. Returns how many were looked at and left the list.
 */
async function tidyPendingOrders(at: Date, minAgeMs: number): Promise<{ checked: number; removed: number }> {
  const due = (await withStore((r) => r.zrange<string[]>(keys.pendingOrders(), '-inf', at.getTime() - minAgeMs, { byScore: true, withScores: true }))).map(String);
  let removed = 0;
  for (let i = 0; i < due.length; i += TIDY_BATCH * 2) {
    const batch: { id: string; score: number }[] = [];
    for (let j = i; j < Math.min(due.length, i + TIDY_BATCH * 2); j += 2) batch.push({ id: due[j]!, score: Number(due[j + 1]) });
    removed += await withStore(async (r) => {
      const check = r.pipeline();
      for (const { id } of batch) {
        check.exists(keys.done(id));
        check.exists(keys.order(id));
      }
      const found = await check.exec<number[]>();
      const write = r.pipeline();
      let n = 0;
      batch.forEach(({ id, score }, k) => {
        const settled = found[k * 2] === 1;
        const expired = found[k * 2 + 1] === 0;
        if (!settled && !expired) return;
        write.zrem(keys.pendingOrders(), id);
        if (!settled) write.zadd(keys.expiredOrders(), { score, member: id });
        n++;
      });
      write.zremrangebyscore(keys.expiredOrders(), '-inf', at.getTime() - FIRST_LOOKBACK_SECONDS * 1000);
      await write.exec();
      return n;
    });
  }
  return { checked: due.length / 2, removed };
}
