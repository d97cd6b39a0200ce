/** POST /api/payment/create-order against the real Redis (bridge) and the Razorpay double. */
import { describe, expect, it, beforeEach } from 'vitest';
import createOrder from '../../netlify/functions/payment-create-order';
import { upsertCoupon } from '../../netlify/server/coupons';
import { keys, redis } from '../../netlify/server/platform/store';
import type { Registration } from '../../netlify/server/registrations';
import type { RegistrationOrder as PendingOrder } from '../../netlify/server/orders/orders';
import { registrationFees } from '../../src/content/registration';
import { membershipRefusalMessage } from '../../src/shared/messages';
import { percentOf } from '../../src/shared/money';
import { EARLY_BIRD_DAY, STANDARD_DAY, at as editionAt, byHand, feeOf, call, keysMatching, pinClock, totalFor, validForm, withStoreDown } from './helpers';

/**
 * Every key but the rate limiter's: the limiter counts each well-formed request from an address,
 * refused or not (a refused guess must count too), so only app data is compared.
 */
async function snapshot() {
  return (await keysMatching('*')).filter((k) => !k.includes(':ratelimit:')).sort();
}

beforeEach(() => pinClock(STANDARD_DAY));

const STANDARD_TOTAL = byHand(feeOf('prof_non_indian_std'));

describe('create-order: success', () => {
  it('recomputes the amount, stores the pending order, returns the Razorpay order', async () => {
    const data = validForm();
    expect(Math.round(totalFor(data) * 100)).toBe(STANDARD_TOTAL);
    const r = await call(createOrder, { body: { amount: STANDARD_TOTAL / 100, data, code: null } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, noPayment: false, amount: STANDARD_TOTAL, currency: 'INR', key: 'rzp_test_functions' });
    expect(r.body.id).toMatch(/^order_/);
    const stored = await redis().get<PendingOrder>(keys.order(r.body.id));
    expect(stored?.charges.total).toBe(STANDARD_TOTAL);
    expect(stored?.form.email).toBe('asha@example.org');
    expect(await redis().ttl(keys.order(r.body.id))).toBeGreaterThan(0);
  });

  it('charges extra tickets only when attending, and checks IEEE membership on the server', async () => {
    const data = validForm({
      registrationTier: 'prof_ieee_indian_std',
      ieeeMemberNumber: '90000001',
      welcomeReception: 'yes',
      additionalReceptionTickets: 2,
      galaDinner: 'no',
      additionalGalaDinnerTickets: 3,
    });
    const amount = totalFor(data);
    const r = await call(createOrder, { body: { amount, data } });
    expect(r.status).toBe(200);
    // 2025: 12500 + 2 x 1500 = 15500; GST 2790; convenience 4% of 18290 = 731.60 -> 19021.60
    expect(r.body.amount).toBe(byHand(feeOf('prof_ieee_indian_std') + 2 * registrationFees.extraTickets.welcomeReception.INR * 100));
  });

  it('takes Early Bird tiers while Early Bird is open (1 Nov inclusive, IST)', async () => {
    pinClock(editionAt(registrationFees.earlyBirdDate, 0, '23:59:00'));
    const data = validForm({ registrationTier: 'prof_non_indian_early' });
    const r = await call(createOrder, { body: { amount: totalFor(data), data } });
    expect(r.status).toBe(200);
    expect(r.body.amount).toBe(byHand(feeOf('prof_non_indian_early'))); // 2025: 10200 x 1.18 x 1.04 = 12517.44
  });
});

describe('create-order: refusals write nothing', () => {
  it('refuses a client amount that differs with 409 and the server amount', async () => {
    const before = await snapshot();
    const r = await call(createOrder, { body: { amount: 100, data: validForm() } });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ amount: STANDARD_TOTAL / 100, currency: 'INR', error: { code: 'PRICE_CHANGED' } });
    expect(await snapshot()).toEqual(before);
  });

  it('answers earlyBirdExpired for an Early Bird tier after earlyBirdDate', async () => {
    pinClock(editionAt(registrationFees.earlyBirdDate, 1, '00:00:30'));
    const data = validForm({ registrationTier: 'prof_non_indian_early' });
    const before = await snapshot();
    const r = await call(createOrder, { body: { amount: totalFor(data), data } });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ earlyBirdExpired: true, success: false, message: 'The Early Bird registration period has ended. Please reselect a valid tier.' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a Standard tier while Early Bird is on offer', async () => {
    pinClock(EARLY_BIRD_DAY);
    const r = await call(createOrder, { body: { amount: totalFor(validForm()), data: validForm() } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('TIER_NOT_ON_OFFER');
  });

  it('refuses an IEEE tier whose membership is not Active, saying why (inactive, expired, unknown)', async () => {
    for (const [number, reason] of [['90000003', 'inactive'], ['90000004', 'expired'], ['90000999', 'unknown']] as const) {
      const data = validForm({ registrationTier: 'prof_ieee_indian_std', ieeeMemberNumber: number });
      const r = await call(createOrder, { body: { amount: totalFor(data), data } });
      expect(r.status).toBe(400);
      expect(r.body.error.fieldErrors['data.ieeeMemberNumber']).toBe(membershipRefusalMessage(reason));
      expect(r.body.error.message).toMatch(/^Membership not valid\. .*non-member rate\.$/);
    }
  });

  it('requires the IEEE number on IEEE tiers and a paper ID on professional tiers', async () => {
    const ieee = validForm({ registrationTier: 'prof_ieee_indian_std', ieeeMemberNumber: '' });
    const r1 = await call(createOrder, { body: { amount: 1, data: ieee } });
    expect(r1.body.error.fieldErrors['data.ieeeMemberNumber']).toBe('IEEE Member Number is required.');
    const paper = validForm({ paperId: '', noPaper: false });
    const r2 = await call(createOrder, { body: { amount: 1, data: paper } });
    expect(r2.body.error.fieldErrors['data.paperId']).toBe('Paper ID is required unless you did not submit a paper.');
  });

  it("takes the tier set from the delegate's country, not from the currency the browser sends (decision 015)", async () => {
    const before = await snapshot();
    // USD tier for a delegate from India.
    const usd = validForm({ registrationTier: 'prof_non_foreign_std', registrationCurrency: 'USD' });
    const r = await call(createOrder, { body: { amount: totalFor(usd), data: usd } });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('INTERNATIONAL_PAYMENTS');
    expect(r.body.error.fieldErrors['data.registrationTier']).toBe('Delegates from India register at the Indian (INR) fees.');
    // INR tier for a delegate from Nepal.
    const abroad = validForm({ country: 'Nepal', billingCountry: 'Nepal' });
    const r2 = await call(createOrder, { body: { amount: totalFor(abroad), data: abroad } });
    expect(r2.status).toBe(403);
    expect(r2.body.error.fieldErrors['data.registrationTier']).toBe('Delegates from outside India register at the international (USD) fees.');
    // A foreign delegate billed in India, and a country that is not on the list.
    const billedInIndia = validForm({ registrationTier: 'prof_non_foreign_std', registrationCurrency: 'USD', country: 'Germany', billingCountry: 'India' });
    expect((await call(createOrder, { body: { amount: totalFor(billedInIndia), data: billedInIndia } })).body.error.fieldErrors).toHaveProperty(['data.billingCountry']);
    const unknown = validForm({ registrationTier: 'prof_non_foreign_std', registrationCurrency: 'USD', country: 'Atlantis', billingCountry: 'Atlantis' });
    const r3 = await call(createOrder, { body: { amount: totalFor(unknown), data: unknown } });
    expect(r3.status).toBe(400);
    expect(r3.body.error.code).toBe('UNKNOWN_COUNTRY');
    expect(await snapshot()).toEqual(before);
  });

  it('accepts a foreign delegate in USD at a Foreign tier without admin mode (decision 015)', async () => {
    const data = validForm({ registrationTier: 'prof_non_foreign_std', registrationCurrency: 'USD', country: 'Germany', billingCountry: 'Germany' });
    const r = await call(createOrder, { body: { amount: totalFor(data), data } });
    expect(r.status).toBe(200);
    // 540 USD + 18 % GST = 637.20; + 4 % = 662.69 (25.488 rounded half up): 66269 cents.
    expect(r.body).toMatchObject({ success: true, noPayment: false, currency: 'USD', amount: 66269 });
  });

  it('answers bad input with 4xx field errors', async () => {
    const before = await snapshot();
    const cases: Array<[unknown, string]> = [
      [{ amount: 1, data: validForm({ registrationTier: 'gold_tier' }) }, 'data.registrationTier'],
      [{ amount: 1, data: validForm({ additionalReceptionTickets: 4 }) }, 'data.additionalReceptionTickets'],
      [{ amount: 1, data: { ...validForm(), additionalGalaDinnerTickets: '2' } }, 'data.additionalGalaDinnerTickets'],
      [{ amount: 1, data: validForm({ additionalGalaDinnerTickets: -1 }) }, 'data.additionalGalaDinnerTickets'],
      [{ amount: 1, data: validForm({ email: '' }) }, 'data.email'],
      [{ amount: 1, data: validForm({ verifyEmail: 'other@example.org' }) }, 'data.verifyEmail'],
      [{ amount: 1, data: validForm({ dietaryRequirements: [] }) }, 'data.dietaryRequirements'],
      [{ amount: 1, data: validForm({ dietaryRequirements: ['OTHER'], dietaryOtherText: '' }) }, 'data.dietaryOtherText'],
      [{ amount: 1, data: validForm({ billingCountry: '' }) }, 'data.billingCountry'],
      [{ amount: 'lots', data: validForm() }, 'amount'],
      [{ data: validForm() }, 'amount'],
      [{ amount: 1 }, 'data'],
    ];
    for (const [body, field] of cases) {
      const r = await call(createOrder, { body });
      expect(r.status, field).toBeGreaterThanOrEqual(400);
      expect(r.status, field).toBeLessThan(500);
      expect(r.body.error.fieldErrors?.[field] ?? r.body.error.message, field).toBeTruthy();
    }
    const messages = (await call(createOrder, { body: { amount: 1, data: validForm({ firstName: ' ', verifyEmail: 'x@example.org' }) } })).body.error.fieldErrors;
    expect(messages['data.firstName']).toBe('This field is required.');
    expect(messages['data.verifyEmail']).toBe('Emails do not match.');
    const unknownTier = await call(createOrder, { body: { amount: 1, data: validForm({ registrationTier: 'gold_tier' }) } });
    expect(unknownTier.body.error.code).toBe('UNKNOWN_TIER');
    expect((await call(createOrder, { raw: '{"amount": 1, "data": ' })).body.error.code).toBe('INVALID_JSON');
    expect((await call(createOrder, { raw: JSON.stringify({ amount: 1, data: validForm({ address: 'x'.repeat(70_000) }) }) })).status).toBe(413);
    expect((await call(createOrder, { method: 'PUT', body: {} })).status).toBe(405);
    expect(await snapshot()).toEqual(before);
  });
});

describe('create-order: coupons', () => {
  it('halves the fee with a half coupon and holds one use', async () => {
    await upsertCoupon('HALFOFF', 'half', 5);
    const data = validForm();
    const amount = totalFor(data, 'half');
    expect(Math.round(amount * 100)).toBe(byHand(percentOf(feeOf('prof_non_indian_std'), 50))); // 2025: 7500 x 1.18 x 1.04 = 9204
    const r = await call(createOrder, { body: { amount, data, code: 'halfoff' } });
    expect(r.status).toBe(200);
    expect(await redis().zcard(keys.couponHolds('HALFOFF'))).toBe(1);
  });

  it('registers at once with a 100% coupon (noPayment)', async () => {
    await upsertCoupon('FULLFREE', 'full', 5);
    const data = validForm();
    const r = await call(createOrder, { body: { amount: 0, data, code: 'FULLFREE' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, noPayment: true });
    expect(r.body.registrationNumber).toMatch(/^PESGRE25-[2-9A-HJKMNP-Z]{8}$/);
    const reg = await redis().get<Registration>(keys.registration(r.body.registrationNumber));
    expect(reg).toMatchObject({ couponCode: 'FULLFREE', totalPaid: 0, paymentId: 'NoPayment', email: 'asha@example.org' });
    expect(await redis().scard(keys.couponUsed('FULLFREE'))).toBe(1);
    expect(await redis().zcard(keys.couponHolds('FULLFREE'))).toBe(0);
  });

  it('refuses coupons on student tiers and unknown coupons', async () => {
    const student = validForm({ registrationTier: 'stud_non_indian_std', paperId: '', noPaper: true });
    const r1 = await call(createOrder, { body: { amount: totalFor(student), data: student, code: 'FULLFREE' } });
    expect(r1.status).toBe(400);
    expect(r1.body.error.message).toBe('Coupons are only valid for Professional tiers (Full Registration).');
    const r2 = await call(createOrder, { body: { amount: totalFor(validForm()), data: validForm(), code: 'NOSUCH' } });
    expect(r2.body.error.message).toBe('Invalid coupon');
  });

  it('never lets concurrent orders take more uses than the limit', async () => {
    await upsertCoupon('LIMIT2', 'half', 2);
    const data = validForm();
    const amount = totalFor(data, 'half');
    // Six delegates (each call comes from its own address), two uses.
    const results = await Promise.all(Array.from({ length: 6 }, () => call(createOrder, { body: { amount, data, code: 'LIMIT2' } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    // The late ones hear what an unknown code hears.
    const refused = results.filter((r) => r.status === 400);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(r.body.error).toMatchObject({ code: 'INVALID_COUPON', message: 'Invalid coupon' });
    expect(await redis().zcard(keys.couponHolds('LIMIT2'))).toBe(2);
  });
});

describe('create-order: store down', () => {
  it.each(['endpoint', 'redis'] as const)('answers 503 with a clear message when the store is down (%s)', async (mode) => {
    await upsertCoupon('HALFOFF', 'half', 50);
    const data = validForm();
    const r = await withStoreDown(mode, () => call(createOrder, { body: { amount: totalFor(data, 'half'), data, code: 'HALFOFF' } }));
    expect(r.status).toBe(503);
    expect(r.body.error.message).toMatch(/temporarily unavailable. Nothing was saved/);
    expect(r.text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|stack/i);
    const plain = await withStoreDown(mode, () => call(createOrder, { body: { amount: totalFor(data), data } }));
    expect(plain.status).toBe(503);
  });
});
