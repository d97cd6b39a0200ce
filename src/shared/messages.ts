/**
 * The site's messages, word for word (docs/rules.md#the-registration-form-and-its-checks, #messages): the registration form, the wizard's payment, the self-service and accounts pages, the
 * ticket scanner, and the server's answers. Isomorphic: the browser and netlify/server import
 * them from here, so a page and the endpoint behind it cannot drift apart.
 */
import { conference } from '../content/conference';
import { registrationFees } from '../content/registration';
import { formatDay, formatDayRange } from './dates';
import type { EditionPhase } from './schedule';

/** The registration form's validation messages (docs/rules.md#the-registration-form-and-its-checks). */
export const messages = {
  required: 'This field is required.',
  emailsDoNotMatch: 'Emails do not match.',
  invalidEmail: 'Please enter a valid email address.',
  tierRequired: 'Please select a registration category.',
  ieeeRequired: 'IEEE Member Number is required.',
  membershipNotValid: 'Membership not valid.',
  membershipCheckFailed: 'Could not validate IEEE membership. Please try again later.',
  paperRequired: 'Paper ID is required unless you did not submit a paper.',
  receptionRequired: 'Please select whether you will attend the Welcome Reception.',
  galaRequired: 'Please select whether you will attend the Gala Dinner.',
  dietaryRequired: 'Please select at least one option.',
  dietaryOtherRequired: 'Please specify your dietary requirement.',
  billingCountryRequired: 'Billing country is required.',
  couponProfessionalOnly: 'Coupons are only valid for Professional tiers (Full Registration).',
  tooLong: 'This value is too long.',
  ticketsRange: `Choose between 0 and ${registrationFees.maxExtraTickets} additional tickets.`,
} as const;

/** The messages of the self-service pages (docs/rules.md#the-registration-form-and-its-checks, #messages), word for word. */
export const selfServiceMessages = {
  registrationIdRequired: '⚠️ Please enter your Registration ID.',
  idAndEmailRequired: '⚠️ Please enter both Registration ID and Email.',
  namesRequired: '⚠️ Please enter both first and last names.',
  upgradeSummaryFailed: 'Failed to fetch upgrade summary.',
  summaryFailed: 'Failed to fetch summary.',
  verificationFailed: 'Payment verification failed.',
  initiationFailed: 'Failed to initiate payment.',
  windowClosed: 'Payment window closed. No payment was made.',
  verified: 'Payment verified successfully! Redirecting...',
  recordNotFound: 'Failed to find record.',
  updateFailed: 'Update failed.',
  updateNameFailed: 'Failed to update name.',
} as const;

/** The registration wizard's payment messages (docs/rules.md#messages), word for word. */
export const paymentMessages = {
  earlyBirdEnded: 'The Early Bird registration period has ended. Please reselect a valid tier.',
  couponRegistrationFailed: 'Coupon registration failed.',
  initiationFailed: 'Something went wrong while initiating the payment. Please try again.',
  verificationFailed: '❌ Payment verification failed.',
  windowClosed: 'Payment window closed. No payment was made.',
} as const;

/** The scanner's messages (docs/rules.md#messages, third-party wording kept). */
export const scannerMessages = {
  noQr: 'No QR code found',
  noCamera: 'Camera not found.',
  timeout: 'Scanner error: timeout',
  unsupportedImage: 'Unsupported image type.',
  imageLoadError: 'Image load error',
  cameraBlocked: 'Camera access blocked. Please allow it in browser settings.',
} as const;

/**
 * The one answer for a code that cannot be used, whether unknown or used up (docs/rules.md#messages: "Invalid coupon"). Telling the two apart would confirm to a guesser that a code exists.
 */
export const INVALID_COUPON_MESSAGE = 'Invalid coupon';

/** The answer to a registration number the store does not have (404 REGISTRATION_NOT_FOUND). */
export const NOT_FOUND_MESSAGE = 'No registration was found with this Registration ID.';
/**
 * The answer to a registration number and e-mail address that do not belong together (404
 * NO_MATCH): the same for an unknown number and a wrong address, so a caller cannot tell which
 * numbers exist (netlify/server/registrations.ts registrantOf).
 */
export const NO_MATCH_MESSAGE = 'No registration matches this Registration ID and e-mail address.';

/**
 * Online registration after the Standard deadline and before the conference: the wizard's notice and create-order's 4xx error, one text for both.
 */
export const REGISTRATION_CLOSED_MESSAGE = `Online registration is closed: the Standard registration deadline was ${formatDay(registrationFees.standardDeadline)} (23:59 IST). To register at the venue's desk or with questions, please write to ${conference.contactEmail}.`;

/**
 * Why online registration is not open in `phase` (docs/decisions/031-edition-phases.md): the
 * wizard's notice, the Registration page and create-order's 4xx error say the same. The venue's
 * desk is offered only while the conference is ahead or under way, never after it.
 */
export function registrationClosedMessage(phase: Exclude<EditionPhase, 'registration-open'>): string {
  const days = formatDayRange(conference.startDate, conference.endDate);
  switch (phase) {
    case 'before-registration':
      return `Online registration opens on ${formatDay(registrationFees.registrationOpens.date)}. With questions, please write to ${conference.contactEmail}.`;
    case 'registration-closed':
      return REGISTRATION_CLOSED_MESSAGE;
    case 'under-way':
      return `Online registration is closed: ${conference.name} is under way (${days}). To register at the venue's desk or with questions, please write to ${conference.contactEmail}.`;
    case 'ended':
      return `Online registration is closed: ${conference.name} took place on ${days} and has ended. With questions, please write to ${conference.contactEmail}.`;
  }
}

/**
 * Why paid changes are no longer sold once the conference has ended (src/shared/schedule.ts
 * paidChangesOnSale; docs/decisions/031-edition-phases.md): the Registration page, the tier-upgrade,
 * IEEE-change and name-transfer pages and their create-order endpoints' 409 CHANGES_CLOSED say the
 * same. What stays open is named, so a delegate knows where to go instead.
 */
export const CHANGES_CLOSED_MESSAGE = `Paid changes to a registration (tier upgrades, IEEE status changes and name transfers) closed with the conference: ${conference.name} ended on ${formatDay(conference.endDate)}. You can still correct the name on your registration for the certificates, download your invoices and your certificate. With questions, please write to ${conference.contactEmail}.`;

/** The MemberStatus ieee-status answers for a number queued for an admin (no verification service). */
export const MEMBERSHIP_TO_VERIFY_STATUS = 'To verify';

/** What the wizard tells an IEEE member whose number no service checked: paying is still possible. */
export const MEMBERSHIP_TO_VERIFY_MESSAGE = 'Your IEEE membership number will be checked by the organisers after you register. Your ticket is valid meanwhile; if the membership cannot be confirmed, you will be asked to pay the difference to the non-member fee.';

/** Why a membership check refused a number: the check's MemberStatus, read. */
export type MembershipRefusal = 'inactive' | 'expired' | 'unknown';

/**
 * The reason behind a MemberStatus other than 'Active': 'Inactive' and 'Expired' as IEEE's
 * service (or the local roster) answers them, anything else (the roster's 'Not Found') unknown.
 */
export function membershipRefusal(status: string): MembershipRefusal {
  const s = status.trim().toLowerCase();
  return s === 'inactive' ? 'inactive' : s === 'expired' ? 'expired' : 'unknown';
}

/**
 * What the wizard and create-order say for a refused membership (the IEEE check says
 * why it failed): the form's 'Membership not valid.' (docs/rules.md#messages) and then why, with what to do.
 */
export function membershipRefusalMessage(reason: MembershipRefusal): string {
  const why = {
    inactive: 'IEEE lists this membership as inactive.',
    expired: 'This IEEE membership has expired; renew it with IEEE to register at the member rate.',
    unknown: 'IEEE does not know this member number; check it against your membership card.',
  }[reason];
  return `${messages.membershipNotValid} ${why} You can also register at the non-member rate.`;
}
