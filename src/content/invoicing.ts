/**
 * GST tax invoices and credit notes: this edition's settings (CGST Rule 46).
 * The finance chair fills in the supplier's legal details before going live: every value marked
 * `sample: true` here is a placeholder that prints on real invoices until it is replaced
 * (`npm run content:report` lists it).
 */
export const invoicing = {
  supplier: {
    /** SAMPLE: the legal name registered for GST (the host institute or the society that invoices). */
    sample: true,
    legalName: 'Indian Institute of Technology Dharwad (PESGRE 2025 Organising Committee)',
    addressLines: ['Permanent Campus, Chikkamalligawad', 'Dharwad 580007, Karnataka, India'],
    /** SAMPLE GSTIN (valid format and check character, not a real registration). */
    gstin: '29AAAAA0000A1ZY',
    state: 'Karnataka',
    /** GST state code of the supplier's registration. */
    stateCode: '29',
    email: 'pesgre2025@iitdh.ac.in',
  },
  /** Invoice numbers: `{invoicePrefix}/{financial year}/{5-digit sequence}`, e.g. PG25/2526/00001 (at most 16 characters). */
  invoicePrefix: 'PG25',
  /** Credit notes (refunds): `{creditNotePrefix}/{financial year}/{5-digit sequence}`, e.g. PG25C/2526/00001. */
  creditNotePrefix: 'PG25C',
  /** Services Accounting Code: organisation of events, conventions and conferences. */
  sac: '998596',
  sacDescription: 'Conference registration (event organisation services)',
  /**
   * Place of supply: admission to an event is supplied where the event is held, so every
   * registration is supplied in Karnataka.
   */
  placeOfSupply: { state: 'Karnataka', stateCode: '29' },
  /**
   * How the 18 % GST is shown on INR invoices: 'cgst-sgst' (CGST 9 % + SGST 9 %, the supplier and
   * the place of supply in the same state, which is the case for an event in Karnataka invoiced
   * by a Karnataka registration) or 'igst' (IGST 18 %, when the invoicing entity is registered
   * in another state). USD invoices are export of services and always show IGST.
   */
  gstPresentation: 'cgst-sgst' as 'cgst-sgst' | 'igst',
  /** The line the invoice must carry (CGST Rule 46(p)). */
  reverseChargeLine: 'Tax is not payable on reverse charge basis',
  /** Printed on USD invoices (foreign delegates pay in USD: export of services). */
  exportLine: 'Supply meant for export of services on payment of integrated tax (IGST).',
  /**
   * Foreign delegates (country outside India, billed outside India, paying in USD): the
   * finance chair's treatment. SAMPLE until the finance chair confirms it with the auditors.
   * - `exportOfServices: true`: the supply is invoiced as an export of services, with the
   *   recipient's country as the place of supply (GST state code 96, "Other Countries"), and
   *   `exportLine` printed on the invoice.
   * - GST: charged at the same 18 % as IGST ("on payment of integrated tax", refundable to the
   *   supplier), so the wizard's arithmetic (docs/rules.md#fees-arithmetic-and-timings) is one formula for everyone.
   * - The convenience fee (4 % of subtotal plus GST) applies as to Indian delegates: Razorpay's
   *   international-card fee is higher, not lower.
   * Note for the finance chair: section 13(5) of the IGST Act places the admission to a
   * conference where it is held (Karnataka); choose `exportOfServices: false` to print Karnataka
   * (29) on USD invoices instead.
   */
  foreignDelegates: { sample: true, exportOfServices: true as boolean, placeOfSupplyCode: '96', placeOfSupplyLabel: 'Other Countries' },
  /**
   * Refunds: the share of the registration fee refunded, and the day requests must come before
   * (docs/rules.md#fees-arithmetic-and-timings). The only place of these rules: the information page, the
   * cancellation page, the quote and the refund all read them from here, as the name transfer's
   * page, order and information text read `nameTransfer`.
   */
  refund: { percent: 50, requestBefore: '2025-11-20' },
  /** Name transfer to another person (docs/rules.md#fees-arithmetic-and-timings): processing fee, plus GST and the convenience fee, before the same day. */
  nameTransfer: { fee: { INR: 2000, USD: 50 }, requestBefore: '2025-11-20' },
} as const;
