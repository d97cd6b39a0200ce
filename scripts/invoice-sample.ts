/**
 * `npm run invoice:sample`: writes a sample GST tax invoice, the invoice of a paid upgrade and a
 * credit note as PDFs under .data/samples/ (git-ignored), from registrations built the way the
 * server builds them (no Redis, no network), so anyone can look at what delegates receive.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { registrationFromOrder } from '../netlify/server/orders/finalise';
import { registrationAfterChange } from '../netlify/server/orders/tier-change';
import { renderInvoicePdf } from '../netlify/server/invoice-pdf';
import type { TierChangeOrder } from '../netlify/server/orders/orders';
import { computeChangeCharges } from '../src/shared/change-charges';
import { buildCreditNote, buildInvoice, changeInvoiceSnapshot, creditNoteSnapshot, registrationInvoiceSnapshot } from '../src/shared/invoice';
import { computeCharges, findTier, pricing } from '../src/shared/pricing';
import type { RegistrationForm } from '../src/shared/registration-form';

const form: RegistrationForm = {
  title: 'Dr', firstName: 'Asha', lastName: 'Kulkarni', organization: 'Karnataka Power Research Lab (sample)', idNumber: '',
  address: '12 Station Road', city: 'Dharwad', state: 'Karnataka', country: 'India', postcode: '580001', mobile: '+91 98450 00000',
  email: 'asha@example.org', verifyEmail: 'asha@example.org', registrationTier: 'stud_ieee_indian_early', registrationFee: 5000,
  registrationCurrency: 'INR', ieeeMemberNumber: '90000001', noPaper: true, paperId: '', welcomeReception: 'yes',
  additionalReceptionTickets: 2, welcomeReceptionExtraFee: 0, galaDinner: 'yes', additionalGalaDinnerTickets: 1, galaDinnerExtraFee: 0,
  dietaryRequirements: ['VEGETARIAN'], dietaryOtherText: '', billingOrganization: 'Karnataka Power Research Lab (sample)',
  billingTaxNumber: '29AAAAA0000A1ZY', billingAddress: '12 Station Road, Vidyagiri', billingCity: 'Dharwad', billingState: 'Karnataka',
  billingCountry: 'India', billingPostcode: '580001', billingEmail: 'accounts@example.org',
};

const paidAt = new Date('2025-10-15T10:00:00+05:30');
const charges = computeCharges(pricing, form, null);
const fresh = registrationFromOrder({ kind: 'registration', orderId: 'order_SAMPLE0001', form, charges, couponCode: null, couponType: null, currency: 'INR', createdAt: paidAt.toISOString() }, 'PESGRE25-SAMPLE23', 'pay_SAMPLE0001', paidAt);
// Each document is frozen with its number, as the server stores it.
const registration = { ...fresh, invoiceNumber: 'PG25/2526/00001', invoiceSnapshot: registrationInvoiceSnapshot(fresh) };
const upgradeAt = new Date('2025-11-05T16:30:00+05:30');
const order: TierChangeOrder = {
  kind: 'tier-upgrade', orderId: 'order_SAMPLE0002', registrationNumber: registration.registrationNumber, fromTier: 'stud_ieee_indian_early',
  toTier: 'prof_ieee_indian_early', charges: computeChangeCharges(pricing, findTier(pricing, 'stud_ieee_indian_early')!, findTier(pricing, 'prof_ieee_indian_early')!),
  currency: 'INR', createdAt: upgradeAt.toISOString(),
};
const unfrozen = { kind: 'tier-upgrade' as const, from: order.fromTier, to: order.toTier, amount: order.charges.total / 100, currency: 'INR' as const, orderId: order.orderId, paymentId: 'pay_SAMPLE0002', at: upgradeAt.toISOString(), invoiceNumber: 'PG25/2526/00002', charges: order.charges };
const change = { ...unfrozen, invoiceSnapshot: changeInvoiceSnapshot(registrationAfterChange(registration, order, unfrozen, upgradeAt), unfrozen) };
const upgraded = registrationAfterChange(registration, order, change, upgradeAt);

const out = path.resolve('.data/samples');
await mkdir(out, { recursive: true });
const files: [string, Uint8Array][] = [
  ['invoice-sample.pdf', await renderInvoicePdf(buildInvoice(upgraded, { kind: 'registration' }))],
  ['invoice-upgrade-sample.pdf', await renderInvoicePdf(buildInvoice(upgraded, { kind: 'change', change }))],
];
{
  const approved = { ...upgraded, cancellation: { status: 'approved' as const, requestedAt: '2025-11-10T09:00:00.000Z', decidedAt: '2025-11-12T11:00:00.000Z', refundAmount: 425000, currency: 'INR' as const, creditNoteNumber: 'PG25C/2526/00001' } };
  const cancelled = { ...approved, cancellation: { ...approved.cancellation, creditNoteSnapshot: creditNoteSnapshot(approved) } };
  files.push(['credit-note-sample.pdf', await renderInvoicePdf(buildCreditNote(cancelled))]);
}
for (const [name, bytes] of files) {
  await writeFile(path.join(out, name), bytes);
  console.log(`wrote ${path.join('.data/samples', name)} (${bytes.length} bytes)`);
}
