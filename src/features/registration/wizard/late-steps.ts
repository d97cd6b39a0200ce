/**
 * The wizard's late chunk, loaded through lazy-parts.tsx: every step after the first (Tier to
 * Summary), the admin's country select and the payment flow. None of it is needed to show step 1,
 * so none of it is part of the page's first load (docs/performance.md#budgets: 130 KB gzipped); the
 * form's first focus or press fetches it, long before the delegate presses Next.
 */
export { TierStep } from './steps/TierStep';
export { IeeeStep } from './steps/IeeeStep';
export { PaperStep } from './steps/PaperStep';
export { EventStep } from './steps/EventStep';
export { DietaryStep } from './steps/DietaryStep';
export { BillingStep } from './steps/BillingStep';
export { SummaryStep } from './steps/SummaryStep';
export { CountrySelectField } from './CountrySelectField';
export { runPayment } from './payment-flow';
export { checkMembership, checkPaper } from './step-checks';
