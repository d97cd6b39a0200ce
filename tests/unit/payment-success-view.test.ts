/**
 * The payment-success page's words (src/features/registration/payment-success-view.ts, shared by
 * the React page and its island), decision 031: a student's registration waiting for its proof is
 * received, not confirmed, its ticket follows the approval, and the page links to the proof page
 * with the registration number filled in; a delegate from abroad gets the visa-letter request; the
 * page names no registration desk (gone once the conference is over; the e-mail says it by phase).
 */
import { describe, expect, it } from 'vitest';
import { paymentSuccessView } from '../../src/features/registration/payment-success-view';
import { PAYMENT_KINDS } from '../../src/shared/paid-changes';
import { paymentSuccessUrl, proofPageUrl, visaLetterPageUrl } from '../../src/shared/routes';

const REG = 'PESGRE25-ABCD2345';
const view = (url: string) => paymentSuccessView(new URL(url, 'https://site.test').searchParams);

describe('payment success', () => {
  it('a registration: confirmed, the ticket e-mailed; no registration desk, which is gone once the conference is over', () => {
    const confirmed = view(paymentSuccessUrl(REG, 'pay_1'));
    expect(confirmed.heading).toBe('Payment Successful!');
    expect(confirmed.details!.lead).toContain('Your registration is confirmed');
    expect(confirmed.details!.note).toContain('your ticket (a QR code)');
    expect(confirmed.details!.links).toEqual([]);
    for (const kind of ['registration', 'tier-upgrade', 'ieee-change', 'name-transfer', 'free-registration'] as const) {
      expect(view(paymentSuccessUrl(REG, kind === 'free-registration' ? 'NoPayment' : 'pay_1', kind)).details!.note, kind).not.toMatch(/desk/i);
    }
  });

  it('a student awaiting the proof: received, not confirmed, the ticket after the approval, a link to the proof page with the number filled in', () => {
    const url = paymentSuccessUrl(REG, 'pay_2', 'registration', { awaitingProof: true });
    expect(url).toContain('proof=awaiting');
    const v = view(url);
    expect(v.heading).toBe('Payment Successful!');
    expect(v.title).toMatch(/^Payment received/);
    expect(v.details!.lead).toContain('not confirmed yet');
    expect(v.details!.lead).not.toContain('is confirmed');
    expect(v.details!.note).toContain('once the organisers have approved your proof of student status');
    expect(v.details!.note).not.toMatch(/desk/i);
    expect(v.details!.links).toEqual([{ label: 'Upload your proof of student status', href: proofPageUrl(REG) }]);
    expect(proofPageUrl(REG)).toBe(`/registration/proof?reg_no=${REG}`);
  });

  it('an IEEE change of a student still awaiting the proof: no ticket "stays the same"', () => {
    const normal = view(paymentSuccessUrl(REG, 'pay_3', 'ieee-change'));
    expect(normal.details!.note).toContain('Your ticket stays the same.');
    const awaiting = view(paymentSuccessUrl(REG, 'pay_3', 'ieee-change', { awaitingProof: true }));
    expect(awaiting.details!.note).not.toContain('Your ticket stays the same.');
    expect(awaiting.details!.note).toContain('not confirmed yet');
    expect(awaiting.details!.links[0]!.href).toBe(proofPageUrl(REG));
  });

  it('a tier upgrade says the e-mail carries the ticket (true for a student who had one and for one who waited)', () => {
    expect(view(paymentSuccessUrl(REG, 'pay_4', 'tier-upgrade')).details!.note).toContain('your ticket (a QR code)');
  });

  it('a delegate from abroad: the visa-letter request, with the number filled in', () => {
    const v = view(paymentSuccessUrl(REG, 'pay_5', 'registration', { visaLetter: true }));
    expect(v.details!.note).toContain('visa invitation letter');
    expect(v.details!.links).toEqual([{ label: 'Request a visa invitation letter', href: visaLetterPageUrl(REG) }]);
    expect(visaLetterPageUrl(REG)).toBe(`/registration/visa-letter?reg_no=${REG}`);
  });

  it('a reg_no with markup or a query separator stays inside its parameter', () => {
    const v = view(paymentSuccessUrl('A&proof=x<b>', 'pay_6', 'registration', { awaitingProof: true }));
    expect(v.details!.links[0]!.href).toBe('/registration/proof?reg_no=A%26proof%3Dx%3Cb%3E');
  });

  it('every kind of payment of the one list has its own words; a kind the page does not know claims nothing of another kind', () => {
    const leads = PAYMENT_KINDS.map((kind) => view(paymentSuccessUrl(REG, kind === 'free-registration' ? 'NoPayment' : 'pay_7', kind)).details!.lead);
    expect(new Set(leads).size).toBe(PAYMENT_KINDS.length);
    const unknown = view(`/authors/registration/payment-success?reg_no=${REG}&payment_id=pay_8&kind=gala-dinner-ticket&proof=awaiting&visa=letter`);
    expect(unknown.heading).toBe('Payment Successful!');
    expect(unknown.details!.paymentLine).toBe('Payment ID: pay_8');
    expect(unknown.details!.lead).not.toMatch(/confirmed|upgraded|changed|belongs/);
    expect(unknown.details!.note).not.toMatch(/ticket|invoice/i);
    expect(unknown.details!.links).toEqual([]);
  });
});
