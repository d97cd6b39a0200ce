/**
 * Every route of the site in one table (docs/rules.md#pages-and-routes), so links, redirects and the
 * router agree. Routes of the information site join here as their pages arrive.
 * A leaf module in src/shared: the router (src/app), the pages (src/features) and the server
 * (links in e-mails) all read it, and it imports only the leaf list of kinds (paid-changes.ts).
 */
import type { PaymentKind } from './paid-changes';

export const paths = {
  home: '/',
  organizingCommittee: '/about/organizing-committee',
  chairs: '/about/chairs',
  callForPapers: '/authors/call-for-papers',
  callForSpecialSession: '/authors/call-for-special-session',
  submission: '/authors/submission',
  keynoteSpeakers: '/program/keynote-speakers',
  tutorialSpeakers: '/program/tutorial-speakers',
  iesSypKeynotes: '/program/ies-syp-keynotes',
  programme: '/program',
  visaInfo: '/travel/visa-info',
  accommodation: '/travel/accommodation',
  tour: '/travel/tour',
  food: '/travel/food',
  location: '/travel/location',
  studentsYp: '/students-yp',
  industrySponsor: '/industry-sponsor',
  contact: '/contact',
  registrationInfo: '/authors/registration',
  registrationDetails: '/authors/registration/details',
  paymentSuccess: '/authors/registration/payment-success',
  tierUpgrade: '/tier-upgrade',
  ieeeChange: '/ieee-change',
  nameChange: '/name-change',
  cancelRegistration: '/cancel-registration',
  invoices: '/invoices',
  nameTransfer: '/name-transfer',
  certificates: '/certificates',
  certificatesVerify: '/certificates/verify',
  registrationProof: '/registration/proof',
  visaLetter: '/registration/visa-letter',
  visaLettersVerify: '/visa-letters/verify',
  adminLogin: '/admin/login',
  admin: '/admin',
  adminTicketVerifier: '/admin/ticket-verifier',
  adminRegistrations: '/admin/registrations',
  adminAccounts: '/admin/accounts',
  adminPapers: '/admin/papers',
  adminVerifications: '/admin/verifications',
  adminBadgesCertificates: '/admin/badges-certificates',
  adminVisaLetters: '/admin/visa-letters',
  adminProgramme: '/admin/programme',
  // Roles, accounts, desk devices and the audit record (docs/security.md; decision 044).
  adminTeam: '/admin/team',
  adminDevices: '/admin/devices',
  adminAudit: '/admin/audit',
  /** The one-time link's page (the secret in the fragment); no sign-in needed. */
  adminSetPassword: '/admin/set-password',
  /** A desk device's enrolment link (the device's token in the fragment); no sign-in needed. */
  adminEnrol: '/admin/enrol',
  error: '/error',
} as const;

/** What a success page confirms: derived from the one list of kinds (src/shared/paid-changes.ts; decision 009). */
export type { PaymentKind };

/**
 * What else the success page should say: the registration still awaits a proof of
 * student status (`proof=awaiting`: no ticket yet), or the delegate comes from abroad and may
 * want a visa invitation letter (`visa=letter`).
 */
export interface PaymentSuccessNotes {
  awaitingProof?: boolean;
  visaLetter?: boolean;
}

/**
 * The payment-success address with its query (docs/rules.md#pages-and-routes), each value URL-encoded,
 * `kind` when it is not a registration, so the page says what was paid for, and the
 * `notes` that apply.
 */
export function paymentSuccessUrl(registrationNumber: string, paymentId: string, kind: PaymentKind = 'registration', notes: PaymentSuccessNotes = {}): string {
  let url = `${paths.paymentSuccess}?reg_no=${encodeURIComponent(registrationNumber)}&payment_id=${encodeURIComponent(paymentId)}`;
  if (kind !== 'registration') url += `&kind=${kind}`;
  if (notes.awaitingProof) url += '&proof=awaiting';
  if (notes.visaLetter) url += '&visa=letter';
  return url;
}

/** The proof-of-status page with the registration number filled in (the page reads `reg_no`). */
export function proofPageUrl(registrationNumber: string): string {
  return `${paths.registrationProof}?reg_no=${encodeURIComponent(registrationNumber)}`;
}

/** The visa-letter request page with the registration number filled in (the page reads `reg_no`). */
export function visaLetterPageUrl(registrationNumber: string): string {
  return `${paths.visaLetter}?reg_no=${encodeURIComponent(registrationNumber)}`;
}

/**
 * Addresses a visitor may type that lead to a page under another address (`/registration`
 * is the Registration page). netlify.toml redirects each (301) before the SPA fallback, and the
 * router (src/app/router.tsx) does the same in the app and under `npm start`.
 */
export const pathAliases: Readonly<Record<string, string>> = {
  '/registration': paths.registrationInfo,
};

/** The error page for a code (docs/rules.md#pages-and-routes: /error?msg={code}). */
export function errorUrl(code: string): string {
  return `${paths.error}?msg=${encodeURIComponent(code)}`;
}
