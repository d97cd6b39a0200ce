/** Display helpers shared by the registration pages (a day's display form is src/shared/dates.ts's formatDay). */
import { currencySymbol, type Currency } from '../../shared/money';

/** A whole-unit fee with its symbol and thousands separators: 10200 INR -> '₹10,200'. */
export function formatWholeFee(amount: number, currency: Currency): string {
  return `${currencySymbol[currency]}${amount.toLocaleString(currency === 'INR' ? 'en-IN' : 'en-US')}`;
}
