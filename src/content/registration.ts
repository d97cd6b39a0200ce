/**
 * Registration fees and rules of this edition (docs/rules.md#fees-arithmetic-and-timings).
 * Amounts are whole currency units (rupees, dollars) exactly as the fee table prints them (docs/rules.md#fees-arithmetic-and-timings);
 * src/shared/pricing.ts turns them into the tier catalogue and computes in minor units.
 */
export const registrationFees = {
  /**
   * First day of online registration, inclusive, in conference.timeZone: before it the pages say
   * when registration opens and create-order refuses. SAMPLE: neither docs/rules.md nor the facts give
   * the day; this one is the acceptance notification's (src/content/dates.ts), when authors have
   * their Paper ID (docs/decisions/031-edition-phases.md). The committee sets the real one.
   */
  registrationOpens: { date: '2025-09-30', sample: true },
  /** Last day of Early Bird pricing, inclusive, in conference.timeZone (docs/rules.md#fees-arithmetic-and-timings: Early Bird through 1 Nov 2025). */
  earlyBirdDate: '2025-11-01',
  /** Last day of the Standard deadline as printed in the fee table (docs/rules.md#fees-arithmetic-and-timings: Standard through 15 Nov 2025). */
  standardDeadline: '2025-11-15',
  /** GST in percent of the subtotal (docs/rules.md#fees-arithmetic-and-timings). */
  gst: 18,
  /** Convenience fee in percent of subtotal plus GST (docs/rules.md#fees-arithmetic-and-timings; the API keeps the spelling "convinienceFee"). */
  convenienceFee: 4,
  /** Fee table: [category][membership][period] = { INR, USD }. */
  fees: {
    prof: {
      ieee: { early: { INR: 8500, USD: 350 }, std: { INR: 12500, USD: 450 } },
      non: { early: { INR: 10200, USD: 420 }, std: { INR: 15000, USD: 540 } },
    },
    stud: {
      ieee: { early: { INR: 5000, USD: 250 }, std: { INR: 7000, USD: 350 } },
      non: { early: { INR: 6000, USD: 300 }, std: { INR: 8400, USD: 420 } },
    },
  },
  /**
   * Price of one additional ticket for a companion. SAMPLE: the prices come with the pricing
   * response (docs/rules.md#pricing), which names no figure; the committee sets the real ones here.
   */
  extraTickets: {
    sample: true,
    welcomeReception: { INR: 1500, USD: 30 },
    galaDinner: { INR: 2500, USD: 50 },
  },
  /** Additional tickets a delegate may buy for each event (docs/rules.md#the-registration-form-and-its-checks: 0-3). */
  maxExtraTickets: 3,
  /**
   * How delegates from outside India register. 'wizard' (the default): through this
   * site's wizard, in USD at the Foreign tiers, paying through Razorpay's checkout (international
   * cards); the server takes the tier set from the delegate's country. 'external': the information
   * page links to `url` and create-order refuses USD and non-Indian countries unless an admin
   * registers the delegate (docs/rules.md#the-admin-area, `?foreign=allowed`). SAMPLE: the public facts
   * give no external address.
   */
  internationalRegistration: {
    mode: 'wizard' as 'wizard' | 'external',
    url: 'https://events.example.org/pesgre-2025/international',
    sample: true,
  },
} as const;
