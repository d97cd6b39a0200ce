/**
 * Every route of the site in one table (spec part 2 section 2), so links, redirects and the
 * router agree. Routes of the information site join here as their pages arrive.
 * A leaf module in src/shared: the router (src/app), the pages (src/features) and the server
 * (links in e-mails) all read it, and it imports nothing.
 */
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

/** What a success page confirms (issue 20: one page per kind of payment); a free registration was paid by a coupon alone. */
export type PaymentKind = 'registration' | 'tier-upgrade' | 'ieee-change' | 'name-transfer' | 'free-registration';

/**
 * The payment-success address with its query (spec part 2 section 2), each value URL-encoded, and
 * `kind` (issue 20) when it is not a registration, so the page says what was paid for.
 */
export function paymentSuccessUrl(registrationNumber: string, paymentId: string, kind: PaymentKind = 'registration'): string {
  const base = `${paths.paymentSuccess}?reg_no=${encodeURIComponent(registrationNumber)}&payment_id=${encodeURIComponent(paymentId)}`;
  return kind === 'registration' ? base : `${base}&kind=${kind}`;
}

/** The error page for a code (spec part 2 section 2: /error?msg={code}). */
export function errorUrl(code: string): string {
  return `${paths.error}?msg=${encodeURIComponent(code)}`;
}
