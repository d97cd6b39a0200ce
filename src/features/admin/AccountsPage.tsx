/**
 * /admin/accounts: what the finance side of the committee acts on.
 *  - Cancellation requests, newest first, with Approve (after a confirm) and Decline for open ones;
 *  - Refunds due on approved cancellations, with "Pay refund" (paid only after the conference,
 *    docs/rules.md#fees-arithmetic-and-timings: disabled with the reason until then) and each payout part's state; a
 *    part Razorpay refused or failed shows Razorpay's reason, with "Retry refund" and "Paid
 *    outside Razorpay" (the organisers paid it another way: its reference is recorded);
 *  - Payments needing attention (taken but not applied), each with "Refund in full" and, before
 *    any Razorpay refund or after one failed, "Paid outside Razorpay" with the payment's reference.
 * Every result is announced (role=status, errors role=alert); buttons are disabled while a call runs.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { conference } from '../../content/conference';
import { failureMessage } from '../../lib/api';
import { adminApiPaths, adminGet, adminPost, getAttentionPayments } from '../../lib/admin-api';
import { conferenceEnded } from '../../shared/refunds';
import { AdminList, type ListLoad } from './AdminList';
import { ATTENTION_COLUMNS, AttentionCells } from './attention-cells';
import { AdminTitleBar } from './AdminTitleBar';
import { DecisionButton, QueueMessages } from './admin-queue';
import { refundsDue, toAccountsAttentionRows, toCancellationRows, type AccountsAttentionRow, type CancellationRow } from './accounts-view';

type Message = { kind: 'success' | 'error'; text: string } | null;

const SERVER_ERROR = 'Server error. Try again later.';

/** The list of the payout's parts: payment, amount, refund id and state. */
function PayoutParts({ row }: { row: CancellationRow }) {
  if (row.payoutParts.length === 0) return <>–</>;
  return (
    <ul className="accounts-parts">
      {row.payoutParts.map((p, i) => (
        <li key={`${p.paymentId}-${i}`}>
          {p.amount} from {p.paymentId}: {p.status}
          {p.refundId && <> ({p.refundId})</>}
          {p.reference && <> (reference {p.reference})</>}
          {p.failureReason && <span className="accounts-failed"> — Razorpay: {p.failureReason}</span>}
        </li>
      ))}
    </ul>
  );
}

/** Where the refund of a payment needing attention stands: Razorpay's refund and its state, Razorpay's reason for a failure, or the reference of a payment outside Razorpay. */
function AttentionRefundState({ refund }: { refund: AccountsAttentionRow['refund'] }) {
  if (!refund) return null;
  if (refund.status === 'paid-outside') return <span>Paid outside Razorpay (reference {refund.reference})</span>;
  if (refund.status === 'failed') {
    return <span className="accounts-failed">{refund.id || 'Refund'} (failed{refund.reason ? `: Razorpay: ${refund.reason}` : ''})</span>;
  }
  // Asked for, no answer from Razorpay (it was unreachable): asking again refunds once.
  if (!refund.id) return <span>Refund asked for; Razorpay has not answered yet</span>;
  return (
    <span>
      {refund.id} ({refund.status}{refund.byRazorpay ? ', refunded by Razorpay itself' : ''})
    </span>
  );
}

/** The part of the refunds/pay answer (a RefundPayout) the page reads. */
interface RefundPayoutAnswer {
  status?: string;
  parts?: { status?: string; failureReason?: string }[];
}

/**
 * "Paid outside Razorpay": the reference of the organisers' own payment (a bank transfer's UTR, a
 * cheque number), for a cancellation's refund or a payment needing attention (`subject` names it).
 */
function OutsidePaymentForm(p: { subject: string; amount: string; reference: string; onReference: (v: string) => void; busy: boolean; onSubmit: (e: FormEvent) => void }) {
  const id = useId();
  return (
    <form className="accounts-outside" onSubmit={p.onSubmit} aria-label={`Payment outside Razorpay for ${p.subject}`}>
      <div className="admin-field">
        <label htmlFor={`${id}-ref`}>Reference of the payment of {p.amount} (e.g. bank transfer UTR)</label>
        <input id={`${id}-ref`} value={p.reference} onChange={(e) => p.onReference(e.target.value)} required minLength={3} maxLength={100} autoComplete="off" />
      </div>
      <button type="submit" className="button admin-table__action" disabled={p.busy || p.reference.trim().length < 3} aria-busy={p.busy || undefined}>
        {p.busy ? 'Recording...' : 'Record payment'}
      </button>
    </form>
  );
}

/** GET /api/admin/cancellations as rows; a failed load is logged and shown as such. */
async function fetchCancellations(signal?: AbortSignal): Promise<ListLoad<CancellationRow>> {
  const result = await adminGet<unknown>(adminApiPaths.cancellations, { signal });
  const rows = result.ok ? toCancellationRows(result.data) : null;
  if (rows) return { status: 'loaded', rows };
  // A 401 has ended the session (the guard redirects): nothing to log.
  if (!signal?.aborted && result.status !== 401) console.error('Failed to load the cancellation requests', result);
  return { status: 'failed' };
}

/** GET /api/payments/attention as rows; a failed load is logged and shown as such. */
async function fetchAttention(signal?: AbortSignal): Promise<ListLoad<AccountsAttentionRow>> {
  const result = await getAttentionPayments(signal);
  const rows = result.ok ? toAccountsAttentionRows(result.data) : null;
  if (rows) return { status: 'loaded', rows };
  if (!signal?.aborted && result.status !== 401) console.error('Failed to load the payments needing attention', result);
  return { status: 'failed' };
}

/** The accounts page. */
export default function AccountsPage() {
  const [cancellations, setCancellations] = useState<ListLoad<CancellationRow>>({ status: 'loading' });
  const [attention, setAttention] = useState<ListLoad<AccountsAttentionRow>>({ status: 'loading' });
  /** The action running now ('approve:PESGRE25-…', 'refund:…', 'attention:pay_…'), or null. */
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);
  // The browser's clock decides only whether the button is offered; the server refuses early payouts itself.
  const ended = conferenceEnded(new Date());

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    void fetchCancellations(signal).then((s) => !signal.aborted && setCancellations(s));
    void fetchAttention(signal).then((s) => !signal.aborted && setAttention(s));
    return () => controller.abort();
  }, []);

  const loadCancellations = async () => setCancellations(await fetchCancellations());
  const loadAttention = async () => setAttention(await fetchAttention());

  /** Runs one admin call with the page busy, then announces the outcome and reloads the lists. */
  const act = async (key: string, call: () => Promise<{ ok: boolean; text: string; unauthorized?: boolean }>) => {
    if (busy) return;
    setBusy(key);
    setMessage(null);
    const outcome = await call();
    setBusy(null);
    if (outcome.unauthorized) return;
    setMessage({ kind: outcome.ok ? 'success' : 'error', text: outcome.text });
  };

  const decide = (row: CancellationRow, decision: 'approve' | 'decline') => {
    const regNo = row.registrationNumber;
    if (decision === 'approve' && !window.confirm(`Approve the cancellation of ${regNo} (${row.name})? The registration is cancelled, its ticket refused at check-in, and ${row.refundDue} is due as a refund.`)) return;
    void act(`${decision}:${regNo}`, async () => {
      const result = await adminPost<unknown>(adminApiPaths.cancellationDecide, { registrationNumber: regNo, decision });
      if (!result.ok && result.status === 401) return { ok: false, text: '', unauthorized: true };
      // The answer is the registration as written: show it at once rather than reading the whole list again.
      const [written] = (result.ok && toCancellationRows([result.data])) || [];
      if (written) setCancellations((s) => (s.status === 'loaded' ? { status: 'loaded', rows: s.rows.map((r) => (r.registrationNumber === regNo ? written : r)) } : s));
      else await loadCancellations();
      if (!result.ok) return { ok: false, text: `Could not ${decision} the cancellation of ${regNo}: ${failureMessage(result, SERVER_ERROR)}` };
      return { ok: true, text: decision === 'approve' ? `Cancellation of ${regNo} approved: the registration is cancelled.` : `Cancellation request of ${regNo} declined.` };
    });
  };

  const payRefund = (row: CancellationRow) => {
    const regNo = row.registrationNumber;
    if (!window.confirm(`Pay the refund of ${row.refundDue} to ${regNo} (${row.name}) through Razorpay?`)) return;
    void act(`refund:${regNo}`, async () => {
      const result = await adminPost<RefundPayoutAnswer>(adminApiPaths.refundPay, { registrationNumber: regNo });
      if (!result.ok && result.status === 401) return { ok: false, text: '', unauthorized: true };
      await loadCancellations();
      if (!result.ok) return { ok: false, text: `Refund for ${regNo} not paid: ${failureMessage(result, SERVER_ERROR)}` };
      // Razorpay refused a part: the payout is recorded as failed with its reason (never left processing).
      if (result.data?.status === 'failed') {
        const reasons = [...new Set((result.data.parts ?? []).flatMap((p) => (p.status === 'failed' && p.failureReason ? [p.failureReason] : [])))];
        return { ok: false, text: `Refund for ${regNo} failed: Razorpay refused it (${reasons.join('; ') || 'no reason given'}). Retry it, or pay it outside Razorpay and record the reference.` };
      }
      return { ok: true, text: `Refund of ${row.refundDue} for ${regNo} sent to Razorpay (${result.data?.status ?? 'processing'}).` };
    });
  };

  /** The refund whose "Paid outside Razorpay" form is open, and the reference typed in it. */
  const [outsideFor, setOutsideFor] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const payOutside = (event: FormEvent, row: CancellationRow) => {
    event.preventDefault();
    const regNo = row.registrationNumber;
    const ref = reference.trim();
    void act(`outside:${regNo}`, async () => {
      const result = await adminPost<RefundPayoutAnswer>(adminApiPaths.refundPay, { registrationNumber: regNo, method: 'outside', reference: ref });
      if (!result.ok && result.status === 401) return { ok: false, text: '', unauthorized: true };
      await loadCancellations();
      if (!result.ok) return { ok: false, text: `Payment outside Razorpay for ${regNo} not recorded: ${failureMessage(result, SERVER_ERROR)}` };
      setOutsideFor(null);
      setReference('');
      return { ok: true, text: `Refund for ${regNo} recorded as paid outside Razorpay (reference ${ref}).` };
    });
  };

  /** Shows the record an attention call answered at once (rather than reading the whole list again), else reads the list. */
  const showAttention = async (paymentId: string, result: { ok: boolean; data?: unknown }) => {
    const [updated] = (result.ok && toAccountsAttentionRows([result.data])) || [];
    if (updated) setAttention((s) => (s.status === 'loaded' ? { status: 'loaded', rows: s.rows.map((r) => (r.rawPaymentId === paymentId ? updated : r)) } : s));
    else await loadAttention();
  };

  const refundAttention = (row: AccountsAttentionRow) => {
    const paymentId = row.rawPaymentId;
    if (!window.confirm(`Refund ${row.amount} of payment ${paymentId} in full?`)) return;
    void act(`attention:${paymentId}`, async () => {
      const result = await adminPost<{ refund?: { id?: string; status?: string; reason?: string } }>(adminApiPaths.attentionRefund, { paymentId });
      if (!result.ok && result.status === 401) return { ok: false, text: '', unauthorized: true };
      await showAttention(paymentId, result);
      if (!result.ok) return { ok: false, text: `Payment ${paymentId} not refunded: ${failureMessage(result, SERVER_ERROR)}` };
      const refund = result.data?.refund;
      if (refund?.status === 'failed') {
        return { ok: false, text: `Payment ${paymentId} not refunded: Razorpay refused it (${refund.reason ?? 'no reason given'}). Press "Refund in full" to try again, or pay it outside Razorpay and record the reference.` };
      }
      if (refund?.status === 'paid-outside') return { ok: true, text: `Payment ${paymentId} was already paid back outside Razorpay: nothing was refunded.` };
      return { ok: true, text: `Payment ${paymentId} refunded in full: refund ${refund?.id ?? ''} (${refund?.status ?? 'pending'}).` };
    });
  };

  const payAttentionOutside = (event: FormEvent, row: AccountsAttentionRow) => {
    event.preventDefault();
    const paymentId = row.rawPaymentId;
    const ref = reference.trim();
    void act(`attention-outside:${paymentId}`, async () => {
      const result = await adminPost<unknown>(adminApiPaths.attentionRefund, { paymentId, method: 'outside', reference: ref });
      if (!result.ok && result.status === 401) return { ok: false, text: '', unauthorized: true };
      await showAttention(paymentId, result);
      if (!result.ok) return { ok: false, text: `Payment outside Razorpay for ${paymentId} not recorded: ${failureMessage(result, SERVER_ERROR)}` };
      setOutsideFor(null);
      setReference('');
      return { ok: true, text: `Payment ${paymentId} recorded as paid back outside Razorpay (reference ${ref}).` };
    });
  };

  const due = cancellations.status === 'loaded' ? refundsDue(cancellations.rows) : [];

  return (
    <div className="admin-page">
      <AdminTitleBar title="Accounts" documentTitle="Accounts" backToDashboard />

      <QueueMessages message={message} />

      <section aria-labelledby="accounts-cancellations-heading" className="admin-section card">
        <h2 id="accounts-cancellations-heading">Cancellation requests</h2>
        <AdminList
          load={cancellations}
          loading="Loading cancellation requests..."
          failed="Could not load the cancellation requests."
          label="Cancellation requests list"
          wrapClassName="accounts-wrap"
          columns={['Registration Number', 'Name', 'Requested At', 'Refund Due', 'Status', 'Actions']}
          rowKey={(row) => row.registrationNumber}
          cells={(row) => (
            <>
              <td>{row.registrationNumber}</td>
              <td>{row.name}</td>
              <td>{row.requestedAtIso ? <time dateTime={row.requestedAtIso}>{row.requestedAt}</time> : row.requestedAt}</td>
              <td>{row.refundDue}</td>
              <td>{row.statusLabel}</td>
              <td>
                {row.open ? (
                  <div className="accounts-actions">
                    <DecisionButton
                      decision="approve"
                      id={row.registrationNumber}
                      busy={busy}
                      label="Approve"
                      running="Approving..."
                      ariaLabel={`Approve cancellation of ${row.registrationNumber}`}
                      onClick={() => decide(row, 'approve')}
                    />
                    <DecisionButton
                      decision="decline"
                      id={row.registrationNumber}
                      busy={busy}
                      label="Decline"
                      running="Declining..."
                      ariaLabel={`Decline cancellation of ${row.registrationNumber}`}
                      onClick={() => decide(row, 'decline')}
                    />
                  </div>
                ) : (
                  <span className="admin-muted">Decided</span>
                )}
              </td>
            </>
          )}
        />
      </section>

      <section aria-labelledby="accounts-refunds-heading" className="admin-section card">
        <h2 id="accounts-refunds-heading">Refunds due</h2>
        <p id="accounts-refund-rule" className="admin-muted">
          {ended
            ? 'The conference has ended: refunds due can be paid.'
            : `Refunds are paid only after the conference (it ends on ${conference.endDate}); "Pay refund" is available from then on.`}
        </p>
        <AdminList
          load={cancellations.status === 'loaded' ? { status: 'loaded', rows: due } : cancellations}
          loading="Loading refunds due..."
          announce={false}
          failed="Could not load the refunds due."
          label="Refunds due list"
          wrapClassName="accounts-wrap"
          columns={['Registration Number', 'Name', 'Amount', 'Credit Note', 'Payout', 'Parts', 'Actions']}
          rowKey={(row) => row.registrationNumber}
          cells={(row) => (
            <>
              <td>{row.registrationNumber}</td>
              <td>{row.name}</td>
              <td>{row.refundDue}</td>
              <td>{row.creditNoteNumber || '–'}</td>
              <td>{row.payoutStatus}</td>
              <td className="accounts-parts-cell">
                <PayoutParts row={row} />
              </td>
              <td>
                {row.payable ? (
                  <div className="accounts-actions">
                    <button
                      type="button"
                      className="button admin-table__action"
                      onClick={() => payRefund(row)}
                      disabled={!ended || busy !== null}
                      aria-describedby={ended ? undefined : 'accounts-refund-rule'}
                      aria-label={`${row.payoutStatus === 'Failed' ? 'Retry refund' : 'Pay refund'} for ${row.registrationNumber}`}
                    >
                      {busy === `refund:${row.registrationNumber}` ? 'Paying...' : row.payoutStatus === 'Failed' ? 'Retry refund' : 'Pay refund'}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary admin-table__action"
                      onClick={() => {
                        setOutsideFor(outsideFor === row.registrationNumber ? null : row.registrationNumber);
                        setReference('');
                      }}
                      disabled={!ended || busy !== null}
                      aria-expanded={outsideFor === row.registrationNumber}
                      aria-describedby={ended ? undefined : 'accounts-refund-rule'}
                      aria-label={`Paid outside Razorpay for ${row.registrationNumber}`}
                    >
                      Paid outside Razorpay
                    </button>
                    {outsideFor === row.registrationNumber && (
                      <OutsidePaymentForm
                        subject={row.registrationNumber}
                        amount={row.refundDue}
                        reference={reference}
                        onReference={setReference}
                        busy={busy === `outside:${row.registrationNumber}`}
                        onSubmit={(e) => payOutside(e, row)}
                      />
                    )}
                  </div>
                ) : (
                  <span className="admin-muted">{row.payoutStatus}</span>
                )}
              </td>
            </>
          )}
        />
      </section>

      <section aria-labelledby="accounts-attention-heading" className="admin-section card">
        <h2 id="accounts-attention-heading">Payments needing attention</h2>
        <AdminList
          load={attention}
          loading="Loading payments needing attention..."
          failed="Could not load the payments needing attention."
          label="Payments needing attention list"
          wrapClassName="accounts-wrap"
          columns={[...ATTENTION_COLUMNS, 'Refund']}
          rowKey={(row) => row.key}
          cells={(row) => (
            <>
              <AttentionCells row={row} />
              <td>
                {row.applied ? (
                  <span>Applied to the registration: cancel it to refund</span>
                ) : (
                  <div className="accounts-actions">
                    <AttentionRefundState refund={row.refund} />
                    {row.refundable && (
                      <button
                        type="button"
                        className="button button--danger admin-table__action"
                        onClick={() => refundAttention(row)}
                        disabled={!row.rawPaymentId || busy !== null}
                        aria-label={`Refund payment ${row.paymentId} in full`}
                      >
                        {busy === `attention:${row.rawPaymentId}` ? 'Refunding...' : 'Refund in full'}
                      </button>
                    )}
                    {row.payableOutside && (
                      <button
                        type="button"
                        className="button button--secondary admin-table__action"
                        onClick={() => {
                          const key = `attention:${row.rawPaymentId}`;
                          setOutsideFor(outsideFor === key ? null : key);
                          setReference('');
                        }}
                        disabled={!row.rawPaymentId || busy !== null}
                        aria-expanded={outsideFor === `attention:${row.rawPaymentId}`}
                        aria-label={`Paid outside Razorpay for payment ${row.paymentId}`}
                      >
                        Paid outside Razorpay
                      </button>
                    )}
                    {row.payableOutside && outsideFor === `attention:${row.rawPaymentId}` && (
                      <OutsidePaymentForm
                        subject={`payment ${row.paymentId}`}
                        amount={row.amount}
                        reference={reference}
                        onReference={setReference}
                        busy={busy === `attention-outside:${row.rawPaymentId}`}
                        onSubmit={(e) => payAttentionOutside(e, row)}
                      />
                    )}
                  </div>
                )}
              </td>
            </>
          )}
        />
      </section>
    </div>
  );
}
