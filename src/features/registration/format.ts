/** Display helpers shared by the registration pages. */
import { currencySymbol, type Currency } from '../../shared/money';

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** An ISO calendar day ('2025-11-01') as '1 November 2025'. The day is a date, not an instant, hence UTC. */
export function formatDay(isoDay: string): string {
  return dayFormat.format(new Date(`${isoDay}T00:00:00Z`));
}

/** A whole-unit fee with its symbol and thousands separators: 10200 INR -> '₹10,200'. */
export function formatWholeFee(amount: number, currency: Currency): string {
  return `${currencySymbol[currency]}${amount.toLocaleString(currency === 'INR' ? 'en-IN' : 'en-US')}`;
}
