/**
 * The zod-free half of the API contract shared by the SPA and the functions (docs/rules.md#the-api): paths, size limits, the public registration fields and the self-service pages'
 * messages. Pages import these at first load; the request schemas, which need zod, are in
 * api.ts and reach the browser only when a form validates (docs/performance.md#budgets).
 * A leaf module: it imports nothing.
 */

export const apiPaths = {
  root: '/api',
  pricing: '/api/pricing',
  couponVerify: '/api/coupons/verify',
  ieeeStatus: '/api/ieee-verification/ieee-status',
  createOrder: '/api/payment/create-order',
  verifyPayment: '/api/payment/verify-payment',
  releaseOrder: '/api/payment/release-order',
  webhook: '/api/payment/webhook',
  paymentDowntimes: '/api/payment/downtimes',
  // Admin area (docs/rules.md#the-admin-area, #the-api): every one but login needs `Authorization: Bearer <token>`.
  adminLogin: '/api/admin-auth/login',
  adminVerify: '/api/admin-auth/verify',
  registrationsSummary: '/api/registrations/summary',
  registrations: '/api/registrations',
  registrationsExport: '/api/registrations/export',
  resendTicket: '/api/registrations/resend-ticket',
  verifyQr: '/api/verification/verify-qr',
  paymentsAttention: '/api/payments/attention',
  // Self-service (docs/rules.md#pages-and-routes, #the-registration-wizard, #the-api): public, rate-limited per client address.
  tierUpgrade: '/api/tier-upgrade/upgrade-tier',
  verifyUpgrade: '/api/tier-upgrade/verify-upgrade',
  ieeeChange: '/api/ieee-change/change-ieee-status',
  verifyIeeeChange: '/api/ieee-change/verify-ieee-change',
  getName: '/api/update-name/get-name',
  updateName: '/api/update-name/update-name',
  // Accounts: invoices, cancellations and refunds.
  cancellationQuote: '/api/cancellation/quote',
  cancellationRequest: '/api/cancellation/request',
  invoicesLookup: '/api/invoices/lookup',
  invoicesDownload: '/api/invoices/download',
  adminInvoices: '/api/admin/invoices',
  adminCancellations: '/api/admin/cancellations',
  adminCancellationDecide: '/api/admin/cancellations/decide',
  adminRefundPay: '/api/admin/refunds/pay',
  adminAttentionRefund: '/api/admin/attention/refund',
  nameTransferOrder: '/api/name-transfer/create-order',
  nameTransferVerify: '/api/name-transfer/verify',
  emailCheck: '/api/registrations/email-check',
  // Accepted papers: the wizard's check is public; the rest are admin.
  paperCheck: '/api/papers/check',
  adminPapers: '/api/admin/papers',
  adminPapersImport: '/api/admin/papers/import',
  adminPapersExport: '/api/admin/papers/export',
  adminPapersXplore: '/api/admin/papers/xplore',
  adminPapersMark: '/api/admin/papers/mark',
  adminPapersScan: '/api/admin/papers/scan',
  adminPapersMail: '/api/admin/papers/mail',
  adminPapersSessionCoupons: '/api/admin/papers/session-coupons',
  // At the door and after: offline check-in, badges, certificates.
  adminCheckinSnapshot: '/api/admin/checkins/snapshot',
  adminCheckinSync: '/api/admin/checkins/sync',
  adminCheckinDesk: '/api/admin/checkins/desk',
  adminBadges: '/api/admin/badges.pdf',
  adminCertificatesSend: '/api/admin/certificates/send',
  certificatesDownload: '/api/certificates/download',
  certificatesVerify: '/api/certificates/verify',
  visaLetterRequest: '/api/visa-letters/request',
  visaLetterVerify: '/api/visa-letters/verify',
  adminVisaLetters: '/api/admin/visa-letters',
  adminVisaLettersDecide: '/api/admin/visa-letters/decide',
  adminVisaLettersExport: '/api/admin/visa-letters/export',
  // The programme (decision 037): public reads and feeds, the personal agenda, the chair's import.
  programme: '/api/programme',
  programmeIcs: '/api/programme.ics',
  programmeSchedule: '/api/programme/schedule.json',
  agenda: '/api/agenda',
  adminProgramme: '/api/admin/programme',
  adminProgrammeImport: '/api/admin/programme/import',
  // Verifications: students' proof of status, IEEE membership without a service.
  registrationProof: '/api/registration/proof',
  /** Where a registration's proof of student status stands (registration ID + e-mail). */
  registrationProofStatus: '/api/registration/proof/status',
  adminVerifications: '/api/admin/verifications',
  adminVerificationsDecide: '/api/admin/verifications/decide',
  adminVerificationProof: '/api/admin/verifications/proof',
  // Roles, accounts, desk devices and the audit record (docs/security.md; decision 044).
  adminSetPassword: '/api/admin-auth/set-password',
  adminTeam: '/api/admin/team',
  adminDevices: '/api/admin/devices',
  adminAudit: '/api/admin/audit',
  adminAuditExport: '/api/admin/audit/export',
} as const;

/** PATCH /api/admin/team/{id}: one account. */
export function teamAccountPath(id: string): string {
  return `${apiPaths.adminTeam}/${encodeURIComponent(id)}`;
}

/** POST /api/admin/team/{id}/password-link: a new one-time link for the account. */
export function teamLinkPath(id: string): string {
  return `${teamAccountPath(id)}/password-link`;
}

/** DELETE /api/admin/devices/{id}: revokes a desk device. */
export function devicePath(id: string): string {
  return `${apiPaths.adminDevices}/${encodeURIComponent(id)}`;
}

/** GET /api/registrations/{id}: one registration (public fields without a token, all with an admin token). */
export function registrationPath(registrationNumber: string): string {
  return `${apiPaths.registrations}/${encodeURIComponent(registrationNumber)}`;
}

/** Largest request body any function accepts, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Largest verify-qr body, in bytes: a ticket is about 90. */
export const MAX_QR_BODY_BYTES = 2 * 1024;

/** What GET /api/registrations/{id} answers without an admin token (docs/rules.md#the-api). */
// No e-mail (decision 008): the e-mail is the proof the ID + e-mail calls ask for.
export const PUBLIC_REGISTRATION_FIELDS = ['registrationNumber', 'title', 'firstName', 'lastName', 'organization', 'registrationTier'] as const;

/** How many registrations the summary lists. */
export const LATEST_REGISTRATIONS = 10;

