/**
 * The messages of a registration's life after it is paid (every step told): the
 * cancellation request, its approval or refusal, the refund paid, and a name transfer as the
 * original registrant and the payer of its fee see it. Each says what happened, what comes next
 * and the numbers that matter. Pure: everything is in the props (money already formatted).
 */
import { EmailLayout, Facts, P } from './layout';

type Rows = readonly (readonly [string, string])[];

interface Common {
  name: string;
  registrationNumber: string;
}

/** To the registrant when a cancellation request is recorded: the refund the rule quoted. */
export function CancellationRequestedEmail(p: Common & { requestedOn: string; refund: string | null; refundRule: string; conferenceEnds: string }) {
  return (
    <EmailLayout preview={`We received your request to cancel ${p.registrationNumber}.`} heading="Cancellation request received">
      <P>Dear {p.name},</P>
      <P>We received your request to cancel registration {p.registrationNumber} on {p.requestedOn}.</P>
      <Facts rows={[['Registration number', p.registrationNumber], ['Refund quoted', p.refund ?? 'None'], ['Refund rule', p.refundRule]]} />
      <P>What happens next: the organisers review your request and e-mail you their decision. Until then your registration and your ticket stay valid.</P>
      {p.refund ? <P>If the cancellation is approved, the refund is paid after the conference (it ends on {p.conferenceEnds}) to the account you paid from.</P> : null}
    </EmailLayout>
  );
}

/** To the registrant when an admin approves the cancellation. */
export function CancellationApprovedEmail(p: Common & { refund: string | null; creditNoteNumber: string | null; conferenceEnds: string }) {
  const rows: Rows = [['Registration number', p.registrationNumber], ['Refund due', p.refund ?? 'None'], ...(p.creditNoteNumber ? ([['Credit note', p.creditNoteNumber]] as const) : [])];
  return (
    <EmailLayout preview={`Registration ${p.registrationNumber} is cancelled.`} heading="Your registration is cancelled">
      <P>Dear {p.name},</P>
      <P>Your cancellation request was approved: registration {p.registrationNumber} is cancelled and its ticket no longer admits anyone.</P>
      <Facts rows={rows} />
      {p.refund ? (
        <P>What happens next: the refund of {p.refund} is paid after the conference (it ends on {p.conferenceEnds}) to the account you paid from. We will e-mail you again when it is paid, with the credit note.</P>
      ) : (
        <P>No refund is due under the refund rule. Nothing else is needed from you.</P>
      )}
    </EmailLayout>
  );
}

/** To the registrant when an admin declines the cancellation. */
export function CancellationDeclinedEmail(p: Common & { contactEmail: string }) {
  return (
    <EmailLayout preview={`Your request to cancel ${p.registrationNumber} was declined.`} heading="Cancellation request declined">
      <P>Dear {p.name},</P>
      <P>Your request to cancel registration {p.registrationNumber} was declined. Your registration stays valid and your ticket still admits you.</P>
      <P>If you have questions about this decision, please write to {p.contactEmail}.</P>
    </EmailLayout>
  );
}

/** When the refund of a cancelled registration has been paid: the amount, the refunds, the credit note. */
export function RefundPaidEmail(p: Common & { refund: string; refundIds: string[]; outsideReferences?: string[]; creditNoteNumber: string | null; creditNoteAttached: boolean }) {
  const outside = p.outsideReferences ?? [];
  const rows: Rows = [
    ['Registration number', p.registrationNumber],
    ['Refund paid', p.refund],
    ...(p.refundIds.length || !outside.length ? ([['Razorpay refund', p.refundIds.join(', ') || '-']] as const) : []),
    ...(outside.length ? ([['Paid by transfer, reference', outside.join(', ')]] as const) : []),
    ...(p.creditNoteNumber ? ([['Credit note', p.creditNoteNumber]] as const) : []),
  ];
  // A refund Razorpay could not make is paid by the organisers directly (docs/operations.md, "Refunds").
  const how = outside.length === 0 ? 'to the account you paid from' : p.refundIds.length ? 'partly to the account you paid from and partly by a transfer from the organisers' : 'by a transfer from the organisers';
  return (
    <EmailLayout preview={`Your refund of ${p.refund} has been paid.`} heading="Your refund has been paid">
      <P>Dear {p.name},</P>
      <P>We have paid the refund of {p.refund} for cancelled registration {p.registrationNumber} {how}.</P>
      <Facts rows={rows} />
      <P>Banks usually show a refund within 5 to 7 working days.{p.creditNoteAttached && p.creditNoteNumber ? ` The GST credit note ${p.creditNoteNumber} is attached.` : ''}</P>
    </EmailLayout>
  );
}

/** To the original registrant of a name transfer: the ticket moved and no longer admits them. */
export function TransferMovedEmail(p: Common & { newPerson: string; transferredOn: string }) {
  return (
    <EmailLayout preview={`Registration ${p.registrationNumber} now belongs to ${p.newPerson}.`} heading="Your registration was transferred">
      <P>Dear {p.name},</P>
      <P>
        Registration {p.registrationNumber} was transferred from you to {p.newPerson} on {p.transferredOn}. Your ticket (the QR code in your earlier e-mails) no longer
        admits you; {p.newPerson} has received a new ticket.
      </P>
      <Facts rows={[['Registration number', p.registrationNumber], ['Transferred to', p.newPerson], ['Transferred on', p.transferredOn]]} />
      <P>The GST tax invoices you were issued stay yours: find them on the invoices page with this registration number and this e-mail address. The invoice of the transfer fee is sent to whoever paid it.</P>
    </EmailLayout>
  );
}

/** To the payer of a name transfer's fee: the amount and the tax invoice (attached). */
export function TransferInvoiceEmail(p: Common & { from: string; to: string; amount: string; paymentId: string; invoiceNumber: string }) {
  return (
    <EmailLayout preview={`Tax invoice ${p.invoiceNumber} for the transfer of ${p.registrationNumber}.`} heading="Tax invoice for the name transfer">
      <P>Dear {p.name},</P>
      <P>
        We received {p.amount} for transferring registration {p.registrationNumber} from {p.from} to {p.to}. The GST tax invoice {p.invoiceNumber} for this fee is attached.
      </P>
      <Facts rows={[['Registration number', p.registrationNumber], ['Transfer', `${p.from} to ${p.to}`], ['Amount paid', p.amount], ['Payment ID', p.paymentId], ['Tax invoice', p.invoiceNumber]]} />
      <P>Nothing else is needed from you.</P>
    </EmailLayout>
  );
}

/**
 * To the registrant when a payment their bank authorised late (after Razorpay had marked it
 * failed) could not be applied and was refunded (docs/payments.md, "Late authorisation").
 */
export function LatePaymentRefundedEmail(p: Common & { amount: string; paymentId: string; reason: string; refundId: string | null; pending: boolean }) {
  return (
    <EmailLayout preview={`A late payment of ${p.amount} for ${p.registrationNumber} is being refunded.`} heading="Your late payment is being refunded">
      <P>Dear {p.name},</P>
      <P>
        Your bank completed a payment of {p.amount} (payment {p.paymentId}) after it had first been reported to us as failed. {p.reason} We have therefore
        {p.pending ? ' asked Razorpay to refund it in full; the refund will reach your account in 5 to 7 working days.' : ' refunded it in full.'}
      </P>
      <Facts rows={[['Registration number', p.registrationNumber], ['Payment ID', p.paymentId], ['Amount', p.amount], ['Refund', p.refundId ?? 'requested']]} />
      <P>Nothing else is needed from you. The invoices page of the website shows this payment and its refund with this registration number and your e-mail address.</P>
    </EmailLayout>
  );
}
