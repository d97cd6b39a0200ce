/**
 * What the payment-success page shows for a query string (docs/rules.md#pages-and-routes: one
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
import type { PaymentKind } from '../../shared/paid-changes';
import { proofPageUrl, visaLetterPageUrl } from '../../shared/routes';

/** What the wording depends on besides the kind. */
interface Situation {
  /** The registration still waits for a proof of student status (no ticket yet). */
  awaitingProof: boolean;
}
const AWAITING_LEAD = 'Thank you for your payment. We have received your registration; it is not confirmed yet. Here are your details:';
const AWAITING_TICKET = 'your ticket (a QR code) follows by e-mail once the organisers have approved your proof of student status.';

type Words = { heading: string; lead: string; next: string };

/**
 * What each kind of payment says after the details: what happened, and what was e-mailed to whom.
 * Exhaustive over the kinds (src/shared/paid-changes.ts): a new kind without its words fails `tsc`.
 */
const wording: Record<PaymentKind, (s: Situation) => Words> = {
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

/**
 * True when `kind` is a kind of payment this page has words for: the keys of `wording`, which is
 * exhaustive over the one list (PAYMENT_KINDS). Read from `wording` rather than from the list so
 * the framework-free island loads no module beside its own (decision 023).
 */
function isPaymentKind(kind: string): kind is PaymentKind {
  return Object.hasOwn(wording, kind);
}

/**
 * What else each kind of payment may say: whether its registration can still wait for a proof of
 * student status (a new registration; an IEEE change keeps a student a student), and whether the
 * visa-letter request is offered (only with a new registration: a change comes after it).
 */
const extras: Record<PaymentKind, { mayAwaitProof: boolean; offersVisaLetter: boolean }> = {
  registration: { mayAwaitProof: true, offersVisaLetter: true },
  'tier-upgrade': { mayAwaitProof: false, offersVisaLetter: false },
  'ieee-change': { mayAwaitProof: true, offersVisaLetter: false },
  'name-transfer': { mayAwaitProof: false, offersVisaLetter: false },
  'free-registration': { mayAwaitProof: false, offersVisaLetter: true },
};

/**
 * The words for a `kind` in the address that this code does not know (an address from a later or
 * an earlier version of the site): only what is true of every payment, never another kind's
 * claims (a confirmation, a ticket, an invoice).
 */
const unknownKindWords: Words = {
  heading: 'Payment Successful!',
  lead: 'Thank you for your payment. Here are its details:',
  next: 'We have e-mailed what this payment changed to your registered address.',
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
  // No kind in the address is a registration (paymentSuccessUrl leaves it out); a kind this code does not know gets only the words true of any payment.
  const kind: PaymentKind | 'unknown' = asked === null ? (paymentId === 'NoPayment' ? 'free-registration' : 'registration') : isPaymentKind(asked) ? asked : 'unknown';
  const rules = kind === 'unknown' ? { mayAwaitProof: false, offersVisaLetter: false } : extras[kind];
  const awaitingProof = params.get('proof') === 'awaiting' && rules.mayAwaitProof;
  const words = kind === 'unknown' ? unknownKindWords : wording[kind]({ awaitingProof });
  const title = `${kind === 'free-registration' ? 'Registration confirmed' : awaitingProof ? 'Payment received' : 'Payment successful'} | ${identity.name}`;
  if (paymentId === null && registrationNumber === null) return { title, heading: 'Form Submitted Successfully!', details: null };
  const links: SuccessLink[] = [];
  let visa = '';
  if (awaitingProof) links.push({ label: 'Upload your proof of student status', href: proofPageUrl(registrationNumber ?? '') });
  if (params.get('visa') === 'letter' && rules.offersVisaLetter) {
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
