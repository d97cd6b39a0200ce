/**
 * The e-mails of a registration's life after it is paid (docs/operations.md#e-mail):
 * each composes one message from the stored registration with a
 * template of netlify/server/emails/, addressed to whoever the step concerns, with the tax
 * document it needs attached. Sending is mail-delivery.ts's deliverNotice(), which never fails
 * the request that moved the money or changed the registration.
 *
 * Who gets what (docs/payments.md#cancellations-and-refunds):
 * - cancellation requested, approved, declined: the registrant (today's registered e-mail);
 * - refund paid: the registrant, with the credit note when it was issued to them;
 * - name transfer: the new person gets the ticket (confirm.ts, the confirmation with a notice),
 *   the original registrant that the ticket moved, the payer of the fee its invoice.
 */
import { conference } from '../../src/content/conference';
import { invoicing } from '../../src/content/invoicing';
import type { StoredRegistration } from '../../src/shared/api';
import type { PaidChangeRecord } from '../../src/shared/change-kinds';
import { dayIn, formatDay } from '../../src/shared/dates';
import { formatMoney, toMinor } from '../../src/shared/money';
import { fullName } from '../../src/shared/person-name';
import { documentAttachment, type OutgoingMessage } from './mail';

/**
 * The templates (React, react-email) and the tax documents (amounts in words, PDFs), loaded by the
 * message that needs them: the payment and cancellation functions import this module, and a
 * cold start must not pay for them (docs/performance.md, "Cold starts").
 */
async function load() {
  const [templates, { renderEmail }, { documentsIssuedTo, documentsOf }] = await Promise.all([import('./emails/notices'), import('./emails/render'), import('./invoices')]);
  return { ...templates, renderEmail, documentsIssuedTo, documentsOf };
}

const subject = (what: string, regNo: string) => `${conference.name} ${what} — ${regNo}`;
const day = (iso: string) => formatDay(dayIn(new Date(iso), conference.timeZone));
const money = (minor: number, currency: StoredRegistration['currency']) => formatMoney(minor, currency);

/** The refund rule in words, from the content (docs/rules.md#fees-arithmetic-and-timings). */
export function refundRuleText(): string {
  return `${invoicing.refund.percent}% of the registration fee (without GST and the convenience fee) for requests made until ${formatDay(previousDay(invoicing.refund.requestBefore))}; nothing after that.`;
}

/** The ISO day before `isoDay` (a "before 20 November" rule reads "until 19 November"). */
export function previousDay(isoDay: string): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** To the registrant: the request is recorded, with the refund it was quoted. */
export async function cancellationRequestedMail(r: StoredRegistration): Promise<OutgoingMessage> {
  const { CancellationRequestedEmail, renderEmail } = await load();
  const c = r.cancellation!;
  const element = CancellationRequestedEmail({
    name: fullName(r),
    registrationNumber: r.registrationNumber,
    requestedOn: day(c.requestedAt),
    refund: c.refundAmount > 0 ? money(c.refundAmount, c.currency) : null,
    refundRule: refundRuleText(),
    conferenceEnds: formatDay(conference.endDate),
  });
  return { to: r.email, subject: subject('cancellation request received', r.registrationNumber), ...(await renderEmail(element)) };
}

/** To the registrant: the admin's decision on the request. */
export async function cancellationDecidedMail(r: StoredRegistration): Promise<OutgoingMessage> {
  const { CancellationApprovedEmail, CancellationDeclinedEmail, renderEmail } = await load();
  const c = r.cancellation!;
  const common = { name: fullName(r), registrationNumber: r.registrationNumber };
  if (c.status === 'declined') {
    return { to: r.email, subject: subject('cancellation request declined', r.registrationNumber), ...(await renderEmail(CancellationDeclinedEmail({ ...common, contactEmail: conference.contactEmail }))) };
  }
  const element = CancellationApprovedEmail({
    ...common,
    refund: c.refundAmount > 0 ? money(c.refundAmount, c.currency) : null,
    creditNoteNumber: c.creditNoteNumber ?? null,
    conferenceEnds: formatDay(conference.endDate),
  });
  return { to: r.email, subject: subject('registration cancelled', r.registrationNumber), ...(await renderEmail(element)) };
}

/** To the registrant once every part of the refund is processed, with the credit note when it was issued to them. */
export async function refundPaidMail(r: StoredRegistration): Promise<OutgoingMessage> {
  const { RefundPaidEmail, renderEmail, documentsIssuedTo } = await load();
  const c = r.cancellation!;
  const credit = c.creditNoteNumber ? documentsIssuedTo(r, r.email).find((d) => d.summary.number === c.creditNoteNumber) : undefined;
  const element = RefundPaidEmail({
    name: fullName(r),
    registrationNumber: r.registrationNumber,
    refund: money(c.refundAmount, c.currency),
    refundIds: (c.refund?.parts ?? []).flatMap((p) => (p.refundId && p.status === 'processed' ? [p.refundId] : [])),
    outsideReferences: [...new Set((c.refund?.parts ?? []).flatMap((p) => (p.status === 'paid-outside' && p.reference ? [p.reference] : [])))],
    creditNoteNumber: c.creditNoteNumber ?? null,
    creditNoteAttached: Boolean(credit),
  });
  return {
    to: r.email,
    subject: subject('refund paid', r.registrationNumber),
    ...(await renderEmail(element)),
    attachments: credit ? [await documentAttachment(credit)] : [],
  };
}

/** To the original registrant of a name transfer: the ticket moved to the new person. */
export async function transferMovedMail(r: StoredRegistration, change: PaidChangeRecord): Promise<OutgoingMessage> {
  const { TransferMovedEmail, renderEmail } = await load();
  const element = TransferMovedEmail({ name: change.from, registrationNumber: r.registrationNumber, newPerson: change.to, transferredOn: day(change.at) });
  return { to: change.fromEmail ?? r.email, subject: subject('registration transferred to another person', r.registrationNumber), ...(await renderEmail(element)) };
}

/**
 * To the payer of a name transfer's fee: its tax invoice. The payer is the registrant who asked
 * for the transfer; the message goes to the billing e-mail the invoice prints (the payer's billing
 * details). Null when the change has no invoice.
 */
export async function transferInvoiceMail(r: StoredRegistration, change: PaidChangeRecord): Promise<OutgoingMessage | null> {
  const { TransferInvoiceEmail, renderEmail, documentsOf } = await load();
  const doc = documentsOf(r).find((d) => d.summary.number === change.invoiceNumber);
  if (!doc || !change.invoiceNumber) return null;
  // The invoice's own recipient (its snapshot), not the record's billing details of today.
  const billed = doc.build().recipient;
  const element = TransferInvoiceEmail({
    name: billed.name ? `${change.from} (${billed.name})` : change.from,
    registrationNumber: r.registrationNumber,
    from: change.from,
    to: change.to,
    amount: formatMoney(toMinor(change.amount), change.currency),
    paymentId: change.paymentId,
    invoiceNumber: change.invoiceNumber,
  });
  return {
    to: billed.email || change.fromEmail || r.email,
    subject: subject(`tax invoice ${change.invoiceNumber} for the name transfer`, r.registrationNumber),
    ...(await renderEmail(element)),
    attachments: [await documentAttachment(doc)],
  };
}
