/**
 * What the payment-success page shows for a query string (spec part 2 section 2; issue 20: one
 * wording per kind of payment; decision 009), as plain data: the React page
 * (PaymentSuccessPage.tsx) and the framework-free island that shows it before the app has loaded
 * (payment-success-island.ts, decision 023) both render this, so the wording lives in one place.
 * The query values are shown as given, without checking them.
 *
 * Issue 34 (docs/decisions/031-edition-phases.md): a student's registration that waits for its
 * proof (`proof=awaiting`) is received, not confirmed, and has no ticket yet: the page says so
 * and links to the proof page with the registration number filled in; a delegate from abroad
 * (`visa=letter`) gets the link to the visa-letter request. Nothing here depends on the date (the
 * page names no registration desk, which is gone once the conference is over): the island needs no
 * content beyond the conference's name and contact (src/content/identity.ts).
 */
import { identity } from '../../content/identity';
import { proofPageUrl, visaLetterPageUrl, type PaymentKind } from '../../shared/routes';

const KINDS: readonly PaymentKind[] = ['registration', 'tier-upgrade', 'ieee-change', 'name-transfer', 'free-registration'];

/** What the wording depends on besides the kind. */
interface Situation {
  /** The registration still waits for a proof of student status (no ticket yet). */
  awaitingProof: boolean;
}
const AWAITING_LEAD = 'Thank you for your payment. We have received your registration; it is not confirmed yet. Here are your details:';
const AWAITING_TICKET = 'your ticket (a QR code) follows by e-mail once the organisers have approved your proof of student status.';

/** What each kind of payment says after the details: what happened, and what was e-mailed to whom. */
const wording: Record<PaymentKind, (s: Situation) => { heading: string; lead: string; next: string }> = {
  registration: ({ awaitingProof }) =>
    awaitingProof
      ? {
          heading: 'Payment Successful!',
          lead: AWAITING_LEAD,
          next: `Student registrations are confirmed only after a proof of student status has been verified. Upload yours on the proof of student status page; ${AWAITING_TICKET} We have e-mailed your payment details and your GST tax invoice to the address you registered with.`,
        }
      : {
          heading: 'Payment Successful!',
          lead: 'Thank you for your payment. Your registration is confirmed. Here are your details:',
          next: 'We have e-mailed your confirmation, your ticket (a QR code) and your GST tax invoice to the address you registered with.',
        },
  'tier-upgrade': () => ({
    heading: 'Payment Successful!',
    lead: 'Thank you for your payment. Your registration has been upgraded. Here are your details:',
    // True whether the student had a ticket already or waited for a proof: a full registration needs none, and the e-mail carries the ticket.
    next: 'We have e-mailed the new details, your ticket (a QR code) and the tax invoice for this change to your registered address.',
  }),
  'ieee-change': ({ awaitingProof }) => ({
    heading: 'Payment Successful!',
    lead: 'Thank you for your payment. Your registration has been changed to the non-member tier. Here are your details:',
    next: awaitingProof
      ? `We have e-mailed the new details and the tax invoice for this change to your registered address. Your registration is not confirmed yet: ${AWAITING_TICKET}`
      : 'We have e-mailed the new details and the tax invoice for this change to your registered address. Your ticket stays the same.',
  }),
  'name-transfer': () => ({
    heading: 'Payment Successful!',
    lead: 'Thank you for your payment. The registration now belongs to the new person. Here are your details:',
    next: 'We have e-mailed the new person their own ticket. Your earlier ticket no longer admits anyone. The tax invoice for the transfer fee goes to the billing e-mail of the registration.',
  }),
  'free-registration': () => ({
    heading: 'Registration confirmed',
    lead: 'Your coupon covered the whole fee, so nothing was paid. Your registration is confirmed. Here are your details:',
    next: 'We have e-mailed your confirmation and your ticket (a QR code) to the address you registered with.',
  }),
};

/** A link the card offers: its words and its address (same site). */
export interface SuccessLink {
  label: string;
  href: string;
}

/** The page's title, heading and lines; `details` is null without reg_no and payment_id ('Form Submitted Successfully!'). */
export interface PaymentSuccessView {
  title: string;
  heading: string;
  details: null | {
    lead: string;
    /** 'Payment ID: …', or null when nothing was paid (a coupon covered the fee). */
    paymentLine: string | null;
    registrationLine: string;
    note: string;
    /** What to do next: the proof upload, the visa-letter request (may be empty). */
    links: SuccessLink[];
  };
}

/** The view for the query `params` (reg_no, payment_id, kind, proof, visa). */
export function paymentSuccessView(params: URLSearchParams): PaymentSuccessView {
  const paymentId = params.get('payment_id');
  const registrationNumber = params.get('reg_no');
  const asked = params.get('kind');
  const kind: PaymentKind = KINDS.find((k) => k === asked) ?? (paymentId === 'NoPayment' ? 'free-registration' : 'registration');
  const awaitingProof = params.get('proof') === 'awaiting' && (kind === 'registration' || kind === 'ieee-change');
  const words = wording[kind]({ awaitingProof });
  const title = `${kind === 'free-registration' ? 'Registration confirmed' : awaitingProof ? 'Payment received' : 'Payment successful'} | ${identity.name}`;
  if (paymentId === null && registrationNumber === null) return { title, heading: 'Form Submitted Successfully!', details: null };
  const links: SuccessLink[] = [];
  let visa = '';
  if (awaitingProof) links.push({ label: 'Upload your proof of student status', href: proofPageUrl(registrationNumber ?? '') });
  if (params.get('visa') === 'letter' && (kind === 'registration' || kind === 'free-registration')) {
    visa = ' Travelling to India from abroad? Request your visa invitation letter online.';
    links.push({ label: 'Request a visa invitation letter', href: visaLetterPageUrl(registrationNumber ?? '') });
  }
  return {
    title,
    heading: words.heading,
    details: {
      lead: words.lead,
      paymentLine: kind === 'free-registration' ? null : `Payment ID: ${paymentId ?? ''}`,
      registrationLine: `Registration Number: ${registrationNumber ?? ''}`,
      note: `${words.next}${visa} If nothing has arrived within an hour, please check your spam folder or write to ${identity.contactEmail}.`,
      links,
    },
  };
}
