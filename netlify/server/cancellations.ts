/**
 * Cancellations and refunds (docs/payments.md#cancellations-and-refunds):
 *
 * - A registrant asks for a quote and then requests cancellation with the registration id and
 *   the registered e-mail; the refund due is fixed by the rule at the moment of the request
 *   (src/shared/refunds.ts) and stored on the registration.
 * - An admin approves or declines. Approval marks the registration cancelled (kept, never
 *   deleted; left out of the dashboard counts; its ticket refused at check-in), issues the
 *   credit note (its number taken in the same script as the write) when a refund is due.
 * - After the conference an admin pays the refund: one Razorpay refund per payment part, each
 *   with an idempotency key fixed on the record before the first call, so pressing twice, racing
 *   or retrying after a time-out refunds once. Refund webhooks mark each part processed or failed;
 *   a part Razorpay refuses is failed with Razorpay's reason; a failed part is retried with a
 *   fresh key, or recorded as paid outside Razorpay with the payment's reference.
 *
 * Every change of a registration goes through updateRegistration (compare-and-set).
 */
import { randomUUID } from 'node:crypto';
import { conference } from '../../src/content/conference';
import type { Cancellation, RefundPart, RefundPayout } from '../../src/shared/api';
import { creditNoteSnapshot } from '../../src/shared/invoice';
import { conferenceEnded, refundParts, refundQuote } from '../../src/shared/refunds';
import { HttpError, refuse } from './platform/http';
import { RefundRefusedError, createProviderRefund, type RefundPayMethod } from './platform/payments';
import { getRegistration, registrantOf, type Registration } from './registrations';
import { updateRegistration } from './registration-update';
import { decide } from '../../src/shared/registration-lifecycle';
import { documentNumberArgs } from './document-numbers';
import { handOffNotice } from './mail-handoff';
import { statusMessage, type CancellationQuote } from './cancellation-quote';
import { keys, withStore } from './platform/store';
import { actingFields } from './platform/request-scope';

// The quote (what the page shows before the registrant confirms) lives in cancellation-quote.ts,
// which the quote function imports without the refund and mail code (docs/performance.md, "Cold starts").
export { quoteCancellation, type CancellationQuote } from './cancellation-quote';

/**
 * Records a cancellation request for `regNo` at `at`, with the refund the rule gives at that
 * moment. Asking again while a request is open answers the same. Throws 404 NO_MATCH, 409
 * ALREADY_CANCELLED / REQUEST_DECLINED.
 */
export async function requestCancellation(regNo: string, email: string, at: Date): Promise<CancellationQuote> {
  let recorded: Registration | null = null;
  const quote = await updateRegistration<CancellationQuote>(regNo, (found) => {
    const current = registrantOf(found, email);
    const existing = current.cancellation;
    const verdict = decide(current, 'cancellation-request');
    if (!verdict.allowed) throw refuse(409, verdict.code, existing ? statusMessage(existing) : verdict.reason);
    if (existing) return { stop: { registrationNumber: regNo, status: existing.status, refundAmount: existing.refundAmount, currency: existing.currency, beforeDeadline: existing.refundAmount > 0, message: statusMessage(existing) } };
    const q = refundQuote(current, at);
    const cancellation: Cancellation = { status: 'requested', requestedAt: at.toISOString(), refundAmount: q.amount, currency: q.currency };
    return {
      write: { ...current, cancellation, updatedAt: at.toISOString() },
      audit: { at: at.toISOString(), actor: 'registrant', action: 'cancellation.requested', details: { regNo, refundAmount: q.amount, currency: q.currency } },
      effects: [{ op: 'ZADD', key: keys.cancellationIndex(), score: at.getTime(), member: regNo }],
      result: (written) => {
        recorded = written;
        return { registrationNumber: regNo, status: 'requested', refundAmount: q.amount, currency: q.currency, beforeDeadline: q.beforeDeadline, message: statusMessage(cancellation) };
      },
    };
  });
  // The acknowledgement with the quoted refund, once, for the request that recorded it.
  const written: Registration | null = recorded;
  if (written) await handOffNotice(regNo, 'cancellation-requested', at);
  return quote;
}

/**
 * An admin's decision on an open request. Approving marks the registration cancelled (the
 * cancelled set), issues the credit note when a refund is due (number taken in the same script)
 * and leaves the refund due for payment after the conference; declining records the decision.
 * Returns the registration as written. Throws 404 REGISTRATION_NOT_FOUND, 409 NO_OPEN_REQUEST.
 */
export async function decideCancellation(regNo: string, decision: 'approve' | 'decline', at: Date): Promise<Registration> {
  const current = await getRegistration(regNo);
  const needsNumber = decision === 'approve' && (current?.cancellation?.refundAmount ?? 0) > 0 && Boolean(current?.invoiceNumber);
  const decided = await updateRegistration<Registration>(
    regNo,
    (reg, placeholder) => {
      if (!reg) throw new HttpError(404, 'REGISTRATION_NOT_FOUND', 'No registration with this number.');
      const c = reg.cancellation;
      const verdict = decide(reg, 'cancellation-decide');
      if (!verdict.allowed || !c) throw new HttpError(409, 'NO_OPEN_REQUEST', 'This registration has no open cancellation request.');
      const iso = at.toISOString();
      if (decision === 'decline') {
        return {
          write: { ...reg, cancellation: { ...c, status: 'declined', decidedAt: iso }, updatedAt: iso },
          audit: { at: iso, ...actingFields(), action: 'cancellation.declined', details: { regNo } },
          result: (written) => written,
        };
      }
      const credit = c.refundAmount > 0 && reg.invoiceNumber && needsNumber;
      const approved: Registration = { ...reg, cancellation: { ...c, status: 'approved', decidedAt: iso }, updatedAt: iso };
      // The credit note is frozen with its number (docs/decisions/052-tax-documents-frozen-when-issued.md).
      const written: Registration = credit ? { ...approved, cancellation: { ...approved.cancellation!, creditNoteNumber: placeholder, creditNoteSnapshot: creditNoteSnapshot(approved) } } : approved;
      return {
        write: written,
        audit: { at: iso, ...actingFields(), action: 'cancellation.approved', details: { regNo, refundAmount: c.refundAmount, currency: c.currency, ...(credit ? { creditNoteNumber: placeholder } : {}) } },
        effects: [{ op: 'SADD', key: keys.cancelledSet(), member: regNo }],
        result: (written) => written,
      };
    },
    needsNumber ? documentNumberArgs('credit-note', at) : undefined,
  );
  // The registrant is told the decision (a second decision is refused above, so once).
  await handOffNotice(regNo, 'cancellation-decided', at);
  return decided;
}

/** Every registration with a cancellation request, newest request first (admin list). */
export async function listCancellations(): Promise<Registration[]> {
  return withStore(async (r) => {
    const regNos = await r.zrange<string[]>(keys.cancellationIndex(), 0, -1, { rev: true });
    if (!regNos.length) return [];
    const regs = await r.mget<(Registration | null)[]>(...regNos.map((n) => keys.registration(String(n))));
    return regs.filter((x): x is Registration => x !== null);
  });
}

/**
 * Pays the refund due on an approved cancellation: only after the conference has ended (docs/rules.md#fees-arithmetic-and-timings:
 * paid after the conference). Through Razorpay: first fixes the payout on the record (one
 * idempotency key per part, compare-and-set, so racing calls share the keys), then asks Razorpay
 * for each part not yet processed with that key. Razorpay's idempotency makes a repeat, a race or
 * a retry after a time-out refund once. A part Razorpay refuses is recorded `failed` with
 * Razorpay's reason (the payout `failed`, so it can be retried or paid outside Razorpay: never
 * left processing). `{method: 'outside', reference}` records instead that the organisers paid
 * what Razorpay did not (payRefundOutside). Returns the payout as stored. Throws 404, 409
 * NO_REFUND_DUE / TOO_EARLY (and those of payRefundOutside), ServiceUnavailableError (503) when
 * Razorpay cannot be reached (retry later: same keys). Rules: docs/operations.md, "Refunds".
 */
export async function payRefund(regNo: string, at: Date, how: RefundPayMethod = {}): Promise<RefundPayout> {
  if (!conferenceEnded(at)) throw new HttpError(409, 'TOO_EARLY', `Refunds are paid after the conference (it ends on ${conference.endDate}).`);
  if (how.method === 'outside') return payRefundOutside(regNo, how.reference, at);
  const iso = at.toISOString();
  const payout = await updateRegistration<RefundPayout>(regNo, (reg) => {
    const c = refundDue(reg);
    if (c.refund && c.refund.status !== 'failed') return { stop: c.refund };
    // A failed payout is retried with fresh keys for its failed parts (Razorpay answers a reused key with the failed refund).
    const parts: RefundPart[] = c.refund
      ? c.refund.parts.map((p) => (p.status === 'failed' ? { paymentId: p.paymentId, amount: p.amount, status: 'pending' } : p))
      : refundParts(reg!, c.refundAmount).map((p) => ({ ...p, status: 'pending' }));
    const next: RefundPayout = { status: 'processing', idempotencyKey: `refund-${randomUUID()}`, parts, updatedAt: iso };
    return {
      write: { ...reg!, cancellation: { ...c, refund: next }, updatedAt: iso },
      audit: { at: iso, ...actingFields(), action: c.refund ? 'refund.retried' : 'refund.started', details: { regNo, amount: c.refundAmount, parts: parts.length } },
      result: () => next,
    };
  });
  return sendRefundParts(regNo, payout, at);
}

/** The cancellation of `reg` when a refund is due on it; else 404 / 409 NO_REFUND_DUE (the lifecycle's verdict). */
function refundDue(reg: Registration | null): Cancellation {
  if (!reg) throw new HttpError(404, 'REGISTRATION_NOT_FOUND', 'No registration with this number.');
  const c = reg.cancellation;
  if (!decide(reg, 'refund-pay').allowed || !c || c.refundAmount <= 0) throw new HttpError(409, 'NO_REFUND_DUE', 'No refund is due on this registration.');
  return c;
}

/**
 * Records that the organisers paid the refund of `regNo` outside Razorpay (a bank transfer, a
 * cheque) with `reference`: every part not refunded by Razorpay becomes `paid-outside`, the payout
 * `processed`, and the registrant gets the refund-paid e-mail once. Only before any Razorpay
 * refund or after one failed: 409 REFUND_IN_PROGRESS while a Razorpay refund may still be paid (it
 * would pay twice), 409 ALREADY_REFUNDED once paid (the same reference again answers the payout).
 */
async function payRefundOutside(regNo: string, reference: string, at: Date): Promise<RefundPayout> {
  const iso = at.toISOString();
  let settled: Registration | null = null;
  const payout = await updateRegistration<RefundPayout>(regNo, (reg) => {
    const c = refundDue(reg);
    const existing = c.refund;
    if (existing?.status === 'processing') {
      throw new HttpError(409, 'REFUND_IN_PROGRESS', 'A Razorpay refund of this registration is still being processed: wait until it is paid or has failed before paying it another way.');
    }
    if (existing?.status === 'processed') {
      if (existing.parts.some((p) => p.status === 'paid-outside' && p.reference === reference)) return { stop: existing };
      throw new HttpError(409, 'ALREADY_REFUNDED', 'This refund has already been paid.');
    }
    const outside = (p: { paymentId: string; amount: number; failureReason?: string }): RefundPart => ({
      paymentId: p.paymentId,
      amount: p.amount,
      status: 'paid-outside',
      reference,
      ...(p.failureReason ? { failureReason: p.failureReason } : {}),
    });
    const parts = existing ? existing.parts.map((p) => (p.status === 'processed' ? p : outside(p))) : refundParts(reg!, c.refundAmount).map(outside);
    const next: RefundPayout = { status: 'processed', idempotencyKey: existing?.idempotencyKey ?? `refund-${randomUUID()}`, parts, updatedAt: iso };
    const paidOutside = parts.filter((p) => p.status === 'paid-outside').reduce((sum, p) => sum + p.amount, 0);
    return {
      write: { ...reg!, cancellation: { ...c, refund: next }, updatedAt: iso },
      audit: { at: iso, ...actingFields(), action: 'refund.paid-outside', details: { regNo, reference, amount: paidOutside, currency: c.currency } },
      result: (written) => {
        settled = written;
        return next;
      },
    };
  });
  const paid: Registration | null = settled;
  if (paid) await handOffNotice(regNo, 'refund-paid', at);
  return payout;
}

/** The idempotency key of part `i` of a payout. */
const partKey = (payout: RefundPayout, i: number) => `${payout.idempotencyKey}-${i}`;

/**
 * Asks Razorpay for each part of `payout` still to send. Every outcome is recorded, a refusal as
 * the part `failed` with Razorpay's reason; then an error other than a refusal (Razorpay or the
 * store unreachable) is thrown, so the caller sees the 503 and the parts sent stay recorded.
 */
async function sendRefundParts(regNo: string, payout: RefundPayout, at: Date): Promise<RefundPayout> {
  const outcomes = await Promise.allSettled(
    payout.parts.map(async (part, i): Promise<RefundPart> => {
      if (part.status !== 'pending' || part.refundId) return part;
      try {
        const refund = await createProviderRefund(part.paymentId, part.amount, partKey(payout, i), { registrationNumber: regNo });
        return { ...part, refundId: refund.id, status: refund.status === 'processed' ? 'processed' : refund.status === 'failed' ? 'failed' : 'pending', ...(refund.status === 'failed' ? { failureReason: 'Razorpay answered the refund as failed.' } : {}) };
      } catch (err) {
        if (err instanceof RefundRefusedError) return { ...part, status: 'failed', failureReason: err.reason };
        throw err;
      }
    }),
  );
  const results = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
  const refused = results.some((r) => r.status === 'failed');
  const recorded = await recordPartStates(regNo, (p) => (p.status === 'pending' && !p.refundId ? (results.find((r) => r.paymentId === p.paymentId && r.amount === p.amount) ?? p) : p), at, refused ? 'refund.refused' : 'refund.sent');
  const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failure) throw failure.reason;
  return recorded;
}

/** Applies `update` to each part of the stored payout, derives the payout's status and writes it. */
async function recordPartStates(regNo: string, update: (part: RefundPart) => RefundPart, at: Date, action: string): Promise<RefundPayout> {
  const iso = at.toISOString();
  let settled: Registration | null = null;
  const recorded = await updateRegistration<RefundPayout>(regNo, (reg) => {
    const payout = reg?.cancellation?.refund;
    if (!reg || !reg.cancellation || !payout) throw new HttpError(409, 'NO_REFUND_DUE', 'No refund is being paid on this registration.');
    const parts = payout.parts.map(update);
    const status: RefundPayout['status'] = parts.some((p) => p.status === 'failed') ? 'failed' : parts.every((p) => p.status === 'processed' || p.status === 'paid-outside') ? 'processed' : 'processing';
    const next: RefundPayout = { ...payout, parts, status, updatedAt: iso };
    if (JSON.stringify(next.parts) === JSON.stringify(payout.parts) && next.status === payout.status) return { stop: payout };
    return {
      write: { ...reg, cancellation: { ...reg.cancellation, refund: next }, updatedAt: iso },
      audit: { at: iso, ...(action.startsWith('refund.webhook') ? { actor: 'webhook' } : actingFields()), action, details: { regNo, status, parts: parts.map((p) => ({ paymentId: p.paymentId, refundId: p.refundId, status: p.status, ...(p.failureReason ? { reason: p.failureReason } : {}) })) } },
      result: (written) => {
        // The one write that settles every part (compare-and-set: racing calls cannot both make it).
        if (status === 'processed' && payout.status !== 'processed') settled = written;
        return next;
      },
    };
  });
  const paid: Registration | null = settled;
  if (paid) await handOffNotice(regNo, 'refund-paid', at);
  return recorded;
}

/**
 * A refund webhook (`refund.processed`, `refund.failed`): marks the part whose refund id it
 * names. The registration is found through the refund's notes (registrationNumber), which
 * payRefund sets. Returns false when the refund is not one of ours.
 */
export async function applyRefundEvent(event: 'refund.processed' | 'refund.failed', refund: { id: string; notes?: unknown }, at: Date): Promise<boolean> {
  const notes = refund.notes && typeof refund.notes === 'object' && !Array.isArray(refund.notes) ? (refund.notes as Record<string, unknown>) : {};
  const regNo = typeof notes.registrationNumber === 'string' ? notes.registrationNumber : null;
  if (!regNo) return false;
  const reg = await getRegistration(regNo);
  if (!reg?.cancellation?.refund?.parts.some((p) => p.refundId === refund.id)) return false;
  // A part paid outside Razorpay (after this refund failed) keeps that state whatever arrives late.
  const update = (p: RefundPart): RefundPart =>
    p.refundId !== refund.id || p.status === 'paid-outside'
      ? p
      : event === 'refund.processed'
        ? { paymentId: p.paymentId, amount: p.amount, refundId: p.refundId, status: 'processed' }
        : { ...p, status: 'failed', failureReason: 'Razorpay reported that the refund failed (refund.failed).' };
  await recordPartStates(regNo, update, at, `refund.webhook.${event === 'refund.processed' ? 'processed' : 'failed'}`);
  return true;
}
