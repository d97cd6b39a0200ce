/** The prerender's render instant (scripts/prerender.ts renderInstant): now, or PRERENDER_AT for tests (decision 020). */
import { describe, expect, it } from 'vitest';
import { renderInstant } from '../../scripts/prerender';

describe('renderInstant', () => {
  it('PRERENDER_AT pins it', () => {
    expect(renderInstant({ PRERENDER_AT: '2025-09-01T00:00:00Z' })).toBe(Date.parse('2025-09-01T00:00:00Z'));
    expect(renderInstant({ PRERENDER_AT: '2025-09-01T05:30:00+05:30' })).toBe(Date.parse('2025-09-01T00:00:00Z'));
  });
  it('unset (or empty), the time of the build', () => {
    const before = Date.now();
    const instant = renderInstant({});
    expect(instant).toBeGreaterThanOrEqual(before);
    expect(instant).toBeLessThanOrEqual(Date.now());
    expect(renderInstant({ PRERENDER_AT: '' })).toBeGreaterThanOrEqual(before);
  });
  it('a value that is no instant fails the build', () => {
    expect(() => renderInstant({ PRERENDER_AT: 'next week' })).toThrow(/PRERENDER_AT is not an ISO instant/);
  });
});
