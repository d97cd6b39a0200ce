/**
 * Money helpers. Every amount inside the system is an integer number of minor units
 * (paise for INR, cents for USD); whole units appear only at the edges (fee table, display,
 * the `amount` the browser sends). docs/payments.md#amounts.
 */
export type Currency = 'INR' | 'USD';

export const currencySymbol: Record<Currency, string> = { INR: '₹', USD: '$' };

/** Whole units (e.g. 8500 rupees, or 10030.5) to minor units, rounded to the nearest minor unit. */
export function toMinor(units: number): number {
  return Math.round(units * 100);
}

/** Minor units to a decimal number of whole units (2 decimals), e.g. 1003050 -> 10030.5. */
export function fromMinor(minor: number): number {
  return minor / 100;
}

/**
 * percentOf(base, pct): pct percent of an integer minor-unit amount, rounded half up to a whole
 * minor unit (docs/rules.md#fees-arithmetic-and-timings: each amount rounds to the paisa or cent).
 * Integer-only so 18% of 8500.00 is exactly 1530.00, never 1529.9999.
 */
export function percentOf(baseMinor: number, pct: number): number {
  if (!Number.isInteger(baseMinor) || baseMinor < 0) throw new RangeError('baseMinor must be a non-negative integer');
  if (!Number.isInteger(pct) || pct < 0) throw new RangeError('pct must be a non-negative integer');
  return Math.floor((baseMinor * pct + 50) / 100);
}

/** Formats minor units for display with the currency symbol and 2 decimals: 1003050 INR -> "₹10,030.50". */
export function formatMoney(minor: number, currency: Currency): string {
  const locale = currency === 'INR' ? 'en-IN' : 'en-US';
  return `${currencySymbol[currency]}${(minor / 100).toLocaleString(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;
}
