/** Why an IEEE membership check refused a number: src/shared/messages.ts. */
import { describe, expect, it } from 'vitest';
import { membershipRefusal, membershipRefusalMessage, messages } from '../../src/shared/messages';

describe('membership refusal', () => {
  it('reads Inactive and Expired (any case), and anything else as unknown', () => {
    expect(membershipRefusal('Inactive')).toBe('inactive');
    expect(membershipRefusal(' EXPIRED ')).toBe('expired');
    expect(membershipRefusal('Not Found')).toBe('unknown');
    expect(membershipRefusal('')).toBe('unknown');
  });

  it("keeps the rules' words first, says why, and offers the non-member rate", () => {
    const texts = (['inactive', 'expired', 'unknown'] as const).map(membershipRefusalMessage);
    for (const text of texts) {
      expect(text.startsWith(`${messages.membershipNotValid} `)).toBe(true);
      expect(text).toContain('non-member rate');
    }
    expect(texts[0]).toContain('inactive');
    expect(texts[1]).toContain('expired');
    expect(texts[2]).toContain('does not know this member number');
    expect(new Set(texts).size).toBe(3);
  });
});
