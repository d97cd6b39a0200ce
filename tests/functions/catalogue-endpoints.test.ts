/** GET /api, GET /api/pricing, POST /api/ieee-verification/ieee-status, POST /api/coupons/verify. */
import { describe, expect, it, beforeAll } from 'vitest';
import apiRoot from '../../netlify/functions/api-root';
import pricingFn from '../../netlify/functions/pricing';
import ieeeStatus from '../../netlify/functions/ieee-status';
import couponsVerify from '../../netlify/functions/coupons-verify';
import { upsertCoupon } from '../../netlify/server/coupons';
import { registrationFees } from '../../src/content/registration';
import { call, deadUrl, keysMatching } from './helpers';

describe('GET /api', () => {
  it('answers ok', async () => {
    const r = await call(apiRoot);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ name: 'PESGRE 2025', status: 'ok' });
  });
  it('refuses other methods with a JSON 405', async () => {
    const r = await call(apiRoot, { method: 'DELETE' });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET');
    expect(r.body.error.code).toBe('METHOD_NOT_ALLOWED');
  });
});

describe('GET /api/pricing', () => {
  it('returns the 16 tiers, dates, ticket prices, gst and convinienceFee', async () => {
    const r = await call(pricingFn);
    expect(r.status).toBe(200);
    expect(r.body.registrationTiers).toHaveLength(16);
    expect(r.body.earlyBirdDate).toBe(registrationFees.earlyBirdDate);
    expect(r.body.gst).toBe(18);
    expect(r.body.convinienceFee).toBe(4);
    expect(r.body.welcomeReception).toEqual({ INR: expect.any(Number), USD: expect.any(Number) });
    expect(r.body.galaDinner).toEqual({ INR: expect.any(Number), USD: expect.any(Number) });
    const tier = r.body.registrationTiers.find((t: { id: string }) => t.id === 'prof_ieee_indian_early');
    expect(tier).toMatchObject({ region: 'Indian', type: 'Early Bird', fee: 8500, currency: 'INR' });
    for (const t of r.body.registrationTiers) expect(t.id).toMatch(/^(prof|stud)_(ieee|non)_(indian|foreign)_(early|std)$/);
  });
  it('refuses POST', async () => {
    expect((await call(pricingFn, { body: {} })).status).toBe(405);
  });
});

describe('POST /api/ieee-verification/ieee-status', () => {
  it('reports Active, Inactive and unknown numbers from the local roster', async () => {
    expect((await call(ieeeStatus, { body: { MemberID: '90000001' } })).body).toEqual({ MemberStatus: 'Active' });
    expect((await call(ieeeStatus, { body: { MemberID: '90000003' } })).body).toEqual({ MemberStatus: 'Inactive' });
    expect((await call(ieeeStatus, { body: { MemberID: '12345678' } })).body).toEqual({ MemberStatus: 'Not Found' });
  });
  it('rejects a malformed MemberID with field errors', async () => {
    const r = await call(ieeeStatus, { body: { MemberID: 'abc' } });
    expect(r.status).toBe(400);
    expect(r.body.error.fieldErrors.MemberID).toBe('MemberID must be 4 to 12 digits.');
  });
  it('rejects malformed JSON and a missing field', async () => {
    expect((await call(ieeeStatus, { raw: '{"MemberID":' })).body.error.code).toBe('INVALID_JSON');
    expect((await call(ieeeStatus, { body: {} })).status).toBe(400);
  });
  it('answers 503 with the rules\' message when the membership service is down', async () => {
    process.env.IEEE_VERIFY_URL = `${await deadUrl()}/verify`;
    try {
      const r = await call(ieeeStatus, { body: { MemberID: '90000001' } });
      expect(r.status).toBe(503);
      expect(r.body.error.message).toBe('Could not validate IEEE membership. Please try again later.');
    } finally {
      delete process.env.IEEE_VERIFY_URL;
    }
  });
});

describe('POST /api/coupons/verify', () => {
  beforeAll(async () => {
    await upsertCoupon('FREE100', 'full', 3);
    await upsertCoupon('HALF50', 'half', 3);
    await upsertCoupon('USEDUP', 'half', 0);
  });
  it('accepts a full and a half coupon, case-insensitively', async () => {
    expect((await call(couponsVerify, { body: { code: 'free100' } })).body).toMatchObject({ valid: true, type: 'full' });
    expect((await call(couponsVerify, { body: { code: 'HALF50', registrationTier: 'prof_ieee_indian_std' } })).body).toMatchObject({ valid: true, type: 'half' });
  });
  it('says "Invalid coupon" for an unknown code', async () => {
    const r = await call(couponsVerify, { body: { code: 'NOPE' } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ valid: false, message: 'Invalid coupon', error: { code: 'INVALID_COUPON' } });
  });
  it('refuses coupons on student tiers with the rules\' message', async () => {
    const r = await call(couponsVerify, { body: { code: 'HALF50', registrationTier: 'stud_non_indian_std' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Coupons are only valid for Professional tiers (Full Registration).');
  });
  it('answers a used-up coupon exactly as an unknown one (nothing for a guesser to tell apart)', async () => {
    const used = await call(couponsVerify, { body: { code: 'USEDUP' } });
    const unknown = await call(couponsVerify, { body: { code: 'NOSUCHCODE' } });
    expect(used.status).toBe(400);
    expect(used.body).toEqual(unknown.body);
    expect(used.body).toMatchObject({ valid: false, message: 'Invalid coupon', error: { code: 'INVALID_COUPON' } });
  });
  it('rejects bad input without writing anything', async () => {
    const before = await keysMatching('*');
    expect((await call(couponsVerify, { body: { code: '' } })).status).toBe(400);
    expect((await call(couponsVerify, { body: { code: 42 } })).status).toBe(400);
    expect((await call(couponsVerify, { body: { code: 'has space' } })).status).toBe(400);
    expect((await call(couponsVerify, { raw: 'not json' })).status).toBe(400);
    expect((await call(couponsVerify, { raw: JSON.stringify({ code: 'x'.repeat(70_000) }) })).status).toBe(413);
    expect((await call(couponsVerify, { method: 'GET' })).status).toBe(405);
    expect((await keysMatching('*')).sort()).toEqual(before.sort());
  });
});
