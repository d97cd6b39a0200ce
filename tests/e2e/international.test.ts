/**
 * End-to-end (decision 015): a delegate from Germany registers through the wizard's international
 * route in Chromium, in USD at a Foreign tier, without admin mode, and pays through the stand-in
 * checkout; the tax invoice prints US dollars, the export-of-services line and the foreign place
 * of supply. The edge's country hint (the cookie the edge function sets) preselects the route.
 * The delegate then requests a visa invitation letter on its page; once approved, the public
 * verify page says valid.
 */
import { describe, expect, it } from 'vitest';
import { invoicing } from '../../src/content/invoicing';
import { formatMoney } from '../../src/shared/money';
import { computeCharges, pricing } from '../../src/shared/pricing';
import type { Registration } from '../../netlify/server/registrations';
import { pdftotext } from '../setup/pdftotext';
import { e2eFixture } from './fixture';
import { fillSteps1to8, payAndWaitForSuccess } from './wizard-steps';

/** Server (APP_NOW) and browser are pinned inside the Standard period, before registration closes (decision 013). */
const NOW = '2025-11-10T10:00:00+05:30';
const e2e = e2eFixture('international', { now: NOW });

/** The server's amount for the form the test fills: Full, IEEE member, Foreign Standard, one extra reception ticket. */
const expected = computeCharges(
  pricing,
  { registrationTier: 'prof_ieee_foreign_std', welcomeReception: 'yes', additionalReceptionTickets: 1, galaDinner: 'no', additionalGalaDinnerTickets: 0 },
  null,
);

describe('international registration in the wizard', { timeout: 240_000 }, () => {
  it('the edge hint preselects the route; the Indian delegate can switch', async () => {
    await e2e.context.addCookies([{ name: 'pesgre-country', value: 'DE', url: e2e.stack.appUrl }]);
    await e2e.page.goto(`${e2e.stack.appUrl}/authors/registration/details`);
    const abroad = e2e.page.getByLabel('From outside India (fees in USD)');
    // The first page of the file: Vite compiles the wizard on a cold start, slow on a busy machine.
    await expect.poll(() => abroad.isVisible(), { timeout: 90_000 }).toBe(true);
    expect(await abroad.isChecked()).toBe(true);
    // The international route lists countries without India; the Indian route fixes India.
    const options = () => e2e.page.getByLabel('Country', { exact: true }).locator('option').allTextContents();
    // The country list comes with the wizard's late chunk.
    await expect.poll(options, { timeout: 15_000 }).toContain('Germany');
    expect(await options()).not.toContain('India');
    await e2e.page.getByLabel('From India (fees in INR)').check();
    // The Indian route: Country fixed to India (a disabled select), the INR tiers after step 1.
    await expect.poll(() => e2e.page.getByLabel('Country', { exact: true }).isDisabled()).toBe(true);
    expect(await options()).toEqual(['India']);
  });

  it('a delegate from Germany registers in USD and pays; the invoice prints USD and the foreign place of supply; a visa letter is requested, approved and verified', async () => {
    const email = 'jonas.e2e@example.org';
    await fillSteps1to8(e2e.page, e2e.stack.appUrl, email, { query: '?route=international', country: 'Germany', tier: /Full Registration – IEEE Member \(Foreign, Standard\)/ });
    // 450 + 30 = 480 USD; GST 86.40; convenience 4 % of 566.40 = 22.66; total 589.06.
    expect(expected.total).toBe(58906);
    await expect.poll(() => e2e.page.getByText(formatMoney(expected.total, 'USD')).first().isVisible()).toBe(true);
    const { regNo, paymentId } = await payAndWaitForSuccess(e2e.page);
    expect(paymentId).toMatch(/^pay_/);
    // From abroad: the wizard's success page mentions the visa-letter request (decision 031).
    expect(new URL(e2e.page.url()).searchParams.get('visa')).toBe('letter');
    await expect.poll(() => e2e.page.getByText(/Request your visa invitation letter online/).isVisible()).toBe(true);

    const reg = await e2e.stack.redis.get<Registration>(`${e2e.stack.keyPrefix}reg:${regNo}`);
    expect(reg).toMatchObject({ registrationTier: 'prof_ieee_foreign_std', currency: 'USD', country: 'Germany', billingCountry: 'Germany' });
    expect(reg!.charges.total).toBe(expected.total);
    expect(reg!.invoiceNumber).toMatch(/^PG25\/2526\/\d{5}$/);

    const res = await fetch(`${e2e.stack.appUrl}/api/invoices/download`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ regId: regNo, email, number: reg!.invoiceNumber }),
    });
    expect(res.status).toBe(200);
    const text = (await pdftotext(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('USD');
    expect(text).toContain('589.06');
    expect(text).toContain(`Germany (${invoicing.foreignDelegates.placeOfSupplyCode} – ${invoicing.foreignDelegates.placeOfSupplyLabel})`);
    expect(text).toContain(invoicing.exportLine);
    expect(text).toContain('IGST');
    expect(text).not.toContain('Karnataka (29)');

    // The same delegate asks for a visa invitation letter on /registration/visa-letter, which the
    // success page (still open) links with the number filled in (decision 031); an admin approves it;
    // the public verify page then says valid.
    const visaLink = e2e.page.locator('section.payment-success').getByRole('link', { name: 'Request a visa invitation letter' });
    await expect.poll(() => visaLink.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await visaLink.getAttribute('href')).toBe(`/registration/visa-letter?reg_no=${regNo}`);
    await visaLink.click();
    await expect.poll(() => e2e.page.getByRole('heading', { name: 'Visa invitation letter' }).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await e2e.page.getByLabel('Registration ID').inputValue()).toBe(regNo);
    await e2e.page.getByLabel('Registered e-mail').fill(email);
    await e2e.page.getByLabel('Full name as in the passport').fill('ASHA KULKARNI');
    await e2e.page.getByLabel('Nationality').selectOption('Germany');
    await e2e.page.getByLabel('Passport number').fill('C01X00T47');
    await e2e.page.getByLabel('Date of issue').fill('2021-04-01');
    // Six months after the conference is 21 June 2026: the page says so with the server's rule.
    await e2e.page.getByLabel('Date of expiry').fill('2026-05-31');
    await e2e.page.getByLabel('Date of birth').fill('1985-09-12');
    await e2e.page.getByRole('button', { name: 'Request the letter' }).click();
    await expect.poll(() => e2e.page.getByText(/valid at least 6 months after the conference/).isVisible()).toBe(true);
    await e2e.page.getByLabel('Date of expiry').fill('2031-03-31');
    await e2e.page.getByRole('button', { name: 'Request the letter' }).click();
    const received = e2e.page.getByText(/Request received: reference PESGRE25-VL-/);
    await expect.poll(() => received.isVisible(), { timeout: 15_000 }).toBe(true);
    const reference = /PESGRE25-VL-[A-Z0-9]{10}/.exec((await received.textContent()) ?? '')![0];

    const login = await fetch(`${e2e.stack.appUrl}/api/admin-auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password: 'pesgre-admin' }) });
    const { token } = (await login.json()) as { token: string };
    const decided = await fetch(`${e2e.stack.appUrl}/api/admin/visa-letters/decide`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ reference, decision: 'approve' }),
    });
    expect(decided.status).toBe(200);
    await e2e.page.goto(`${e2e.stack.appUrl}/visa-letters/verify?ref=${reference}`);
    await expect.poll(() => e2e.page.getByText('ASHA KULKARNI').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await e2e.page.getByText('Valid', { exact: true }).isVisible()).toBe(true);
  });
});
