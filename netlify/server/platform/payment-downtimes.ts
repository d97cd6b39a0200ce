/**
 * Payment method downtime before the delegate pays (docs/payments.md, "Payment method downtime";
 * Razorpay's downtime best practice: check on page load, act on the webhooks, hide on high
 * severity, warn on medium or low, restore on resolved).
 *
 * Razorpay's downtimes are kept in one Redis hash (keys.downtimes(): downtime id -> JSON, plus
 * the field FETCHED_AT), fed two ways: the payment.downtime.started/updated/resolved webhooks
 * write one entry each at once, and a read older than REFRESH_MS asks the Payment Downtime API
 * again (through the guarded call: a Razorpay outage never slows the wizard, the last list is
 * served marked stale; one request at a time asks, the others answer from the stored list). From the list, `checkoutAdvice` says what Checkout hides and what it
 * warns about.
 */
import type { CheckoutInstrument, PaymentDowntimesResponse } from '../../../src/shared/api';
import { ServiceUnavailableError } from './http';
import { listProviderDowntimes, type ProviderDowntime } from './payments';
import { guardedRazorpayCall } from './razorpay-guard';
import { keys, withStore } from './store';

/** How old the stored list may be before the API is asked again (ms). The webhooks keep it current in between. */
export const REFRESH_MS = 5 * 60_000;
const FETCHED_AT = '_fetchedAt';

const METHODS = new Set(['card', 'netbanking', 'upi', 'wallet']);
const SEVERITIES = new Set(['low', 'medium', 'high']);

/** Whether downtime `d` is in force at `at` (a scheduled one once it has begun; never once resolved or ended). */
function active(d: ProviderDowntime, at: Date): boolean {
  const now = at.getTime() / 1000;
  if (d.status === 'resolved') return false;
  if (d.begin !== null && d.begin > now) return false;
  return d.end === null || d.end > now;
}

const text = (v: unknown): string | null => (typeof v === 'string' && /^[A-Za-z0-9_.@-]{1,40}$/.test(v) ? v : null);

/**
 * What Checkout does about `downtimes` at `at` (pure): a high-severity downtime of a whole method,
 * of a netbanking bank, or of a card issuer or network is hidden (Checkout's config.display.hide
 * takes those instruments); any other one in force is a warning (a UPI handle cannot be hidden
 * on its own, so it is warned about whatever its severity).
 */
export function checkoutAdvice(downtimes: ProviderDowntime[], at: Date): Pick<PaymentDowntimesResponse, 'hide' | 'warn'> {
  const hide: CheckoutInstrument[] = [];
  const warn: PaymentDowntimesResponse['warn'] = [];
  for (const d of downtimes) {
    if (!active(d, at) || !METHODS.has(d.method) || !SEVERITIES.has(d.severity)) continue;
    const method = d.method as CheckoutInstrument['method'];
    const severity = d.severity as 'low' | 'medium' | 'high';
    const bank = text(d.instrument.bank);
    const issuer = text(d.instrument.issuer);
    const network = text(d.instrument.network);
    const handle = text(d.instrument.vpa_handle) ?? text(d.instrument.psp);
    const whole = !bank && !issuer && !network && !handle;
    const detail = bank ?? issuer ?? network ?? handle ?? 'all';
    if (severity === 'high') {
      if (whole) {
        hide.push({ method });
        continue;
      }
      if (method === 'netbanking' && bank) {
        hide.push({ method, banks: [bank] });
        continue;
      }
      if (method === 'card' && (issuer || network)) {
        hide.push({ method, ...(issuer ? { issuers: [issuer] } : {}), ...(network ? { networks: [network] } : {}) });
        continue;
      }
    }
    warn.push({ method, severity, detail });
  }
  return { hide, warn };
}

/**
 * Records a payment.downtime.* webhook's downtime: resolved ones leave the list, others replace
 * their entry. Throws ServiceUnavailableError when the store is down (Razorpay retries).
 */
export async function applyDowntimeEvent(d: ProviderDowntime): Promise<void> {
  await withStore((r) => (d.status === 'resolved' ? r.hdel(keys.downtimes(), d.id) : r.hset(keys.downtimes(), { [d.id]: JSON.stringify(d) })));
}

/**
 * The Checkout advice at `at`: from the stored list, asking Razorpay's Downtime API first when
 * the list is older than REFRESH_MS (or was never read). When Razorpay cannot be asked (down,
 * circuit open, call budget spent) the stored list is used and marked stale. `at` is the app's
 * clock (the list's age); `wallNow` (ms) Razorpay's, which its downtimes' begin and end are in. Throws
 * ServiceUnavailableError only when the store is down.
 */
export async function currentDowntimes(at: Date, wallNow: number = Date.now()): Promise<PaymentDowntimesResponse> {
  const stored = (await withStore((r) => r.hgetall<Record<string, unknown>>(keys.downtimes()))) ?? {};
  let fetchedAt = typeof stored[FETCHED_AT] === 'number' ? stored[FETCHED_AT] : Number(stored[FETCHED_AT] ?? NaN);
  let list = Object.entries(stored)
    .filter(([k]) => k !== FETCHED_AT)
    .map(([, v]) => (typeof v === 'string' ? (JSON.parse(v) as ProviderDowntime) : (v as ProviderDowntime)));
  let stale = false;
  const due = !Number.isFinite(fetchedAt) || at.getTime() - fetchedAt > REFRESH_MS;
  // One request refreshes; the others meanwhile answer from the stored list.
  if (due && (await withStore((r) => r.set(keys.downtimesRefresh(), '1', { nx: true, px: 10_000 })))) {
    try {
      list = await guardedRazorpayCall('downtimes', () => listProviderDowntimes());
      fetchedAt = at.getTime();
      const fields: Record<string, string | number> = { [FETCHED_AT]: fetchedAt };
      for (const d of list) if (d.status !== 'resolved') fields[d.id] = JSON.stringify(d);
      await withStore(async (r) => {
        const tx = r.multi();
        tx.del(keys.downtimes());
        tx.hset(keys.downtimes(), fields);
        await tx.exec();
      });
    } catch (err) {
      if (!(err instanceof ServiceUnavailableError)) throw err;
      console.warn(`[downtimes] Razorpay not asked: ${err.message}`);
      stale = true;
    } finally {
      await withStore((r) => r.del(keys.downtimesRefresh())).catch(() => undefined);
    }
  }
  return { ...checkoutAdvice(list, new Date(wallNow)), asOf: Number.isFinite(fetchedAt) ? new Date(fetchedAt).toISOString() : null, stale };
}
