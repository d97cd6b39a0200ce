/**
 * The wizard's late chunk, loaded through lazy-parts.tsx: Billing (step 8), Summary and payment
 * (step 9: the review, charges and coupon box) and the admin's country select. Not needed to
 * show the first step, so not part of the page's first load (issue 10 bundle budget).
 */
export { BillingStep } from './steps/BillingStep';
export { SummaryStep } from './steps/SummaryStep';
export { CountrySelectField } from './CountrySelectField';
