/**
 * The sending side of the e-mail hand-off (decision 053; the recording side, light, is
 * mail-handoff.ts): composes and sends the messages of an order applied to a registration, for
 * the mail-send function and the scheduled mail-retry run. Only those two functions import it,
 * so only they carry the e-mail templates, the PDF drawing and the fonts (netlify.toml).
 */
import { conference } from '../../src/content/conference';
import type { LatePayment } from '../../src/shared/api';
import type { PaidChangeRecord } from '../../src/shared/change-kinds';
import type { MailNoticeKind } from '../../src/shared/mail-handoff';
import { formatMoney, toMinor } from '../../src/shared/money';
import { fullName } from '../../src/shared/person-name';
import { changeNotice, type OutgoingMessage } from './mail';
import { deliverConfirmation, deliverNotice, type DeliveryOutcome } from './mail-delivery';
import { takeHandOffOrder } from './mail-handoff';
import { cancellationDecidedMail, cancellationRequestedMail, refundPaidMail, transferInvoiceMail, transferMovedMail } from './notices';
import type { Registration } from './registrations';
import { extraNotices, type ExtraNotice } from './orders/registry';
import { keys, withStore } from './platform/store';

/** The composer of each e-mail a kind of change may add to its confirmation (orders/kind-module.ts ExtraNotice). */
const extraMail: { [N in ExtraNotice]: typeof transferInvoiceMail } = { 'transfer-moved': transferMovedMail, 'transfer-invoice': transferInvoiceMail };

/**
 * The messages of order `orderId` applied to `r` (what confirm.ts sent in the request before the
 * hand-off): the confirmation with its QR ticket and tax documents, headed by the change's notice
 * when the order was a paid change recorded in r.history; for a name transfer also the notice to
 * the person it moved from and the fee's invoice to its payer. `orderId` '' (or r's own order):
 * the plain confirmation. Resolves with the confirmation's outcome (recorded in `mail:{regNo}`,
 * a failure scheduled for retry: mail-delivery.ts); the notices follow deliverNotice()'s rule.
 * Throws only when the outcome cannot be recorded (the store is down).
 */
export async function sendAppliedOrderMail(r: Registration, orderId: string, at: Date): Promise<DeliveryOutcome> {
  const change = orderId && orderId !== r.orderId ? r.history?.find((h) => 'orderId' in h && h.orderId === orderId) : undefined;
  const regNo = r.registrationNumber;
  // A kind's own e-mails besides the confirmation: its module under orders/kinds/ names them.
  const notices =
    change && 'amount' in change
      ? extraNotices(change.kind).map((name) => deliverNotice(regNo, name, () => extraMail[name](r, change as PaidChangeRecord), at))
      : [];
  const [outcome] = await Promise.all([deliverConfirmation(r, at, true, change ? changeNotice(r, change) : undefined), ...notices]);
  return outcome;
}

/**
 * The retry run's sender (mail-delivery.ts retryDueMails): the messages of a hand-off that was
 * lost (its order, recorded with the lease), else the plain confirmation of a failed send.
 */
export async function sendDueMail(r: Registration, at: Date): Promise<DeliveryOutcome> {
  return sendAppliedOrderMail(r, await takeHandOffOrder(r.registrationNumber), at);
}

/** The late-payment refund's notice of `r` (what late-payments.ts records for payment `p`). */
async function latePaymentRefundedMail(r: Registration, p: LatePayment): Promise<OutgoingMessage> {
  const { LatePaymentRefundedEmail } = await import('./emails/notices');
  const { renderEmail } = await import('./emails/render');
  const element = LatePaymentRefundedEmail({
    name: fullName(r),
    registrationNumber: r.registrationNumber,
    amount: formatMoney(toMinor(p.amount), p.currency),
    paymentId: p.paymentId,
    reason: p.reason ?? '',
    refundId: p.refundId || null,
    pending: p.outcome !== 'refunded',
  });
  return { to: r.email, subject: `${conference.name} late payment refunded — ${r.registrationNumber}`, ...(await renderEmail(element)) };
}

/**
 * Sends notice `notice` of `r`, composed from what is stored now (`ref`: the late payment's id),
 * with deliverNotice()'s rule (never throws for a mail failure; audited). Resolves true once sent.
 * The kinds and their wording: notices.ts; the hand-off: mail-handoff.ts handOffNotice().
 */
export async function sendHandedOffNotice(r: Registration, notice: MailNoticeKind, ref: string | undefined, at: Date): Promise<boolean> {
  const regNo = r.registrationNumber;
  switch (notice) {
    case 'cancellation-requested':
      return deliverNotice(regNo, notice, () => cancellationRequestedMail(r), at);
    case 'cancellation-decided':
      return deliverNotice(regNo, `cancellation-${r.cancellation?.status ?? 'decided'}`, () => cancellationDecidedMail(r), at);
    case 'refund-paid':
      return deliverNotice(regNo, notice, () => refundPaidMail(r), at);
    case 'late-payment-refunded':
      return deliverNotice(
        regNo,
        `late-payment-${ref ?? ''}`,
        async () => {
          const stored = ref ? await withStore((s) => s.hget<LatePayment | string>(keys.latePayments(regNo), ref)) : null;
          if (!stored) return null;
          return latePaymentRefundedMail(r, typeof stored === 'string' ? (JSON.parse(stored) as LatePayment) : stored);
        },
        at,
      );
  }
}
