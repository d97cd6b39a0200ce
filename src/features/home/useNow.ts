/**
 * Clock hook for the home page. The components never read the clock themselves: they take the
 * `Date` this hook supplies and hand it to the pure functions of src/shared/schedule.ts, so the
 * e2e tests control time through Playwright's page.clock.
 */
import { useNow } from '../../lib/clock';

/**
 * The current time, refreshed every `intervalMs` (ticks aligned to whole multiples of it). On a
 * prerendered page the first (hydration) render sees the page's render time and the clock takes
 * over right after hydration: src/lib/clock.ts.
 */
export { useNow };
