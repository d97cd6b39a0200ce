/**
 * The words every self-service page shares (one label style, one set of button words):
 * the tier-upgrade, IEEE-change, name-change and name-transfer pages (src/features/self-service)
 * and the cancellation, invoice, proof and certificate pages (src/features/accounts). Field labels,
 * the words of busy buttons and the stale-summary notice. The site's own messages (docs/rules.md#messages,
 * word for word) stay in src/shared/messages.ts.
 */
export const words = {
  /** Field labels. */
  registrationId: 'Registration ID',
  registeredEmail: 'Registered e-mail',
  /** Buttons: find the registration, then act on it. */
  fetch: 'Fetch Details',
  /** A button while its lookup runs, and while its payment or update runs. */
  fetching: 'Loading...',
  processing: 'Processing...',
  /** A summary that no longer describes the registration (changed in another tab, say). */
  staleSummary: 'This summary is out of date: the registration has changed since it was shown.',
  fetchAgain: 'Nothing was charged. Fetch the details again to see what is due now.',
} as const;
