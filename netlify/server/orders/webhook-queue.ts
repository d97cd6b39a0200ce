/**
 * Answering Razorpay's webhook in time (docs/payments.md, "Webhooks"; decision 047). Razorpay
 * counts a delivery as failed unless it is answered 2xx within 5 seconds, retries it for 24 hours
 * and then disables the webhook, so the answer may not wait for slow work (a late payment's
 * refund through a slow Razorpay, a confirmation e-mail through a slow SMTP server).
 *
 * `answerWebhook` runs the handling (webhook.ts handleWebhook) and waits for it at most
 * ANSWER_WITHIN_MS. Finished in time, its outcome is the answer, as before. Not finished: the
 * signed event is first queued in Redis (keys.webhookQueue(), by event id), then answered 202
 * {queued}; the handling goes on (kept alive by Netlify's context.waitUntil) and takes the event
 * off the queue once done. If the invocation dies first, or the handling fails, the event stays
 * queued and the reconciliation run drains it (`drainWebhookQueue`), at most once per event
 * whatever happens: handleWebhook drops an event id it already handled, and finalise() applies an
 * order once.
 */
import { HttpError, ServiceUnavailableError, describeCause } from '../platform/http';
import { handleWebhook, type WebhookOutcome } from './webhook';
import { keys, withStore } from '../platform/store';

/** How long the handling may run before the event is queued and answered (ms): Razorpay waits 5 s. */
export const ANSWER_WITHIN_MS = 3_000;
/** A queued event younger than this is left alone by the drain: its own invocation may still be working on it (ms). */
export const DRAIN_AFTER_MS = 2 * 60_000;

interface Queued {
  body: string;
  signature: string;
  at: string;
}

export type WebhookAnswer = WebhookOutcome | { handled: true; queued: string };

/**
 * Handles one signed webhook delivery (`raw` body, its X-Razorpay-Signature and
 * X-Razorpay-Event-Id) at `at`, answering within ANSWER_WITHIN_MS plus one store write.
 * `waitUntil` (Netlify's context.waitUntil, when present) keeps the invocation alive for work that
 * goes on after the answer. Throws what handleWebhook throws when that happens in time (400 for a
 * bad signature or body, 503 store down); ServiceUnavailableError when the event cannot be queued.
 */
export async function answerWebhook(raw: string, signature: string | null, at: Date, eventId: string | null, waitUntil?: (p: Promise<unknown>) => void): Promise<WebhookAnswer> {
  const work = handleWebhook(raw, signature, at, eventId);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ANSWER_WITHIN_MS);
  });
  const first = await Promise.race([work, late]).finally(() => clearTimeout(timer));
  if (first !== 'late') return first;
  // Only a signed event gets here unread: handleWebhook checks the signature before anything slow.
  const id = eventId && /^[A-Za-z0-9_-]{1,64}$/.test(eventId) ? eventId : null;
  if (!id || !signature) {
    // Without an event id there is no queue entry to drain once; Razorpay always sends one.
    waitUntil?.(work.catch(() => undefined));
    throw new ServiceUnavailableError('The webhook could not be handled in time.');
  }
  const entry: Queued = { body: raw, signature, at: at.toISOString() };
  await withStore((r) => r.hset(keys.webhookQueue(), { [id]: JSON.stringify(entry) }));
  const finish = work.then(
    () => withStore((r) => r.hdel(keys.webhookQueue(), id)),
    (err: unknown) => console.warn(`[webhook] event ${id} left queued: ${describeCause(err)}`),
  );
  waitUntil?.(finish);
  return { handled: true, queued: id };
}

/**
 * Handles every queued webhook event older than DRAIN_AFTER_MS at `at` (the reconciliation run
 * calls it): each with the time it arrived, each taken off the queue once handled or refused as
 * invalid. One that fails again (store or Razorpay down) stays for the next run.
 * Returns how many were handled and how many stay. Throws ServiceUnavailableError when the store is down.
 */
export async function drainWebhookQueue(at: Date): Promise<{ drained: number; left: number }> {
  const queued = (await withStore((r) => r.hgetall<Record<string, Queued | string>>(keys.webhookQueue()))) ?? {};
  let drained = 0;
  let left = 0;
  for (const [id, value] of Object.entries(queued)) {
    const entry = typeof value === 'string' ? (JSON.parse(value) as Queued) : value;
    if (at.getTime() - Date.parse(entry.at) < DRAIN_AFTER_MS) {
      left++;
      continue;
    }
    try {
      await handleWebhook(entry.body, entry.signature, new Date(entry.at), id);
    } catch (err) {
      if (!(err instanceof HttpError)) {
        left++;
        console.warn(`[webhook] queued event ${id} left for the next run: ${describeCause(err)}`);
        continue;
      }
      // A 4xx (a bad body) will never succeed: dropped, as Razorpay's own retry would have been refused.
      console.warn(`[webhook] queued event ${id} refused: ${err.message}`);
    }
    await withStore((r) => r.hdel(keys.webhookQueue(), id));
    drained++;
  }
  return { drained, left };
}
