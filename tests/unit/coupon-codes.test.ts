/** Generated coupon codes (`npm run seed:coupons -- --generate N`, docs/security.md#coupon-codes): long, unambiguous, distinct. */
import { describe, expect, it } from 'vitest';
import { couponCodeSchema } from '../../src/shared/api';
import { CODE_ALPHABET, DEFAULT_CODE_LENGTH, MIN_CODE_LENGTH, generateCodes } from '../../scripts/seed-coupons';

describe('generateCodes', () => {
  it('makes distinct codes of the asked length from an alphabet without look-alikes, which the API accepts unchanged', () => {
    expect(CODE_ALPHABET).not.toMatch(/[01ILO]/);
    expect(new Set(CODE_ALPHABET).size).toBe(CODE_ALPHABET.length);
    const codes = generateCodes(200);
    expect(new Set(codes).size).toBe(200);
    for (const code of codes) {
      expect(code).toHaveLength(DEFAULT_CODE_LENGTH);
      expect([...code].every((c) => CODE_ALPHABET.includes(c))).toBe(true);
      expect(couponCodeSchema.parse(code)).toBe(code);
    }
    expect(generateCodes(3, 16).every((c) => c.length === 16)).toBe(true);
  });

  it(`refuses codes shorter than ${MIN_CODE_LENGTH} characters and silly counts`, () => {
    expect(() => generateCodes(1, MIN_CODE_LENGTH - 1)).toThrow(RangeError);
    expect(() => generateCodes(0)).toThrow(RangeError);
    expect(() => generateCodes(1.5)).toThrow(RangeError);
    expect(generateCodes(1, MIN_CODE_LENGTH)[0]).toHaveLength(MIN_CODE_LENGTH);
  });
});
