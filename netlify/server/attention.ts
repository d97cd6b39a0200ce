/**
 * Reading "payments needing attention" (admin dashboard): payments that were taken but could not
 * be applied to a registration, e.g. a tier upgrade and an IEEE change both paid for one
 * registration, where the second conflicts. The writer (the change-finalise code) stores each as
 * JSON AttentionPayment at keys.attention(paymentId) and indexes the payment id in
 * keys.attentionIndex() scored by when it happened (ms). This module only reads them.
 */
import type { AttentionPayment } from '../../src/shared/api';
import { keys, withStore } from './store';

/**
 * Every payment needing attention, newest first (index score descending). Two store requests
 * whatever the count: ZRANGE ... REV of the index, then one MGET. Index entries whose record is
 * missing (or is not a JSON object) are skipped, so a half-written or hand-deleted record never
 * breaks the dashboard. Not paged: these records are exceptions an organiser clears by hand, so
 * the list stays short. Throws ServiceUnavailableError (503) when the store is down.
 */
export async function listAttentionPayments(): Promise<AttentionPayment[]> {
  return withStore(async (r) => {
    const ids = await r.zrange<unknown[]>(keys.attentionIndex(), 0, -1, { rev: true });
    if (!ids.length) return [];
    const records = await r.mget<unknown[]>(...ids.map((id) => keys.attention(String(id))));
    return records.filter((x): x is AttentionPayment => typeof x === 'object' && x !== null && !Array.isArray(x));
  });
}
