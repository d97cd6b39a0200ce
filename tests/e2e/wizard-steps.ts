/**
 * Drives the registration wizard in Chromium the way a delegate does; shared by the
 * registration and admin end-to-end tests.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Variations for the admin's foreign-author registration; the defaults are the Indian delegate. */
export interface WizardOptions {
  /** Query string of the wizard address, e.g. '?foreign=allowed'. */
  query?: string;
  /** A country to choose in the Country select (only offered to a verified admin). */
  country?: string;
  /** The tier radio's label. */
  tier?: RegExp;
  /** Additional reception tickets (default 1); with 0 a 100 % coupon leaves nothing to pay. */
  receptionTickets?: number;
}

/** Fills steps 1-8 as a delegate would (IEEE member, professional, with a paper and one reception guest). */
export async function fillSteps1to8(p: Page, appUrl: string, email: string, options: WizardOptions = {}) {
  await fillSteps1to2(p, appUrl, email, options);
  await expect.poll(() => p.getByRole('heading', { name: 'IEEE Member Verification' }).isVisible()).toBe(true);
  await p.getByLabel('IEEE Member Number').fill('90000003');
  await p.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => p.getByText('Membership not valid. IEEE lists this membership as inactive.').isVisible()).toBe(true);
  await p.getByLabel('IEEE Member Number').fill('90000001');
  await p.getByRole('button', { name: 'Next' }).click();

  await expect.poll(() => p.getByRole('heading', { name: 'Paper Registration' }).isVisible()).toBe(true);
  await p.getByLabel('Paper ID').fill('PESGRE-2025-0042');
  await p.getByRole('button', { name: 'Next' }).click();

  await expect.poll(() => p.getByRole('heading', { name: 'Welcome Reception' }).isVisible()).toBe(true);
  await p.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => p.getByText('Please select whether you will attend the Welcome Reception.').isVisible()).toBe(true);
  await p.getByRole('radio', { name: 'Yes' }).check();
  await p.getByLabel('Additional reception tickets').selectOption(String(options.receptionTickets ?? 1));
  await p.getByRole('button', { name: 'Next' }).click();

  await expect.poll(() => p.getByRole('heading', { name: 'Gala Dinner' }).isVisible()).toBe(true);
  await p.getByRole('radio', { name: 'No' }).check();
  await p.getByRole('button', { name: 'Next' }).click();

  await expect.poll(() => p.getByRole('heading', { name: 'Dietary Requirements' }).isVisible()).toBe(true);
  await p.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => p.getByText('Please select at least one option.').isVisible()).toBe(true);
  await p.getByLabel('VEGETARIAN').check();
  await p.getByRole('button', { name: 'Next' }).click();
  await billingToSummary(p, email);
}

/** The billing step as the participant, with `email`, then the summary. */
async function billingToSummary(p: Page, email: string) {
  await expect.poll(() => p.getByRole('heading', { name: 'Billing Information' }).isVisible()).toBe(true);
  await p.getByLabel('Same as participant details').check();
  await p.getByLabel('Billing Email').fill(email);
  await p.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => p.getByRole('heading', { name: 'Summary and payment' }).isVisible()).toBe(true);
}

/** On step 9: Pay Now, pay in the stand-in checkout, and wait for the success page. Returns its reg_no and payment_id. */
export async function payAndWaitForSuccess(p: Page): Promise<{ regNo: string; paymentId: string }> {
  await p.getByRole('button', { name: 'Pay Now' }).click();
  const dialog = p.getByRole('dialog', { name: 'Razorpay test checkout' });
  await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
  await p.waitForURL(/\/authors\/registration\/payment-success\?/, { timeout: 20_000 });
  const url = new URL(p.url());
  return { regNo: url.searchParams.get('reg_no')!, paymentId: url.searchParams.get('payment_id')! };
}

/** Fills steps 1 and 2 (participant, tier) as fillSteps1to8 does and presses Next on the tier step. */
export async function fillSteps1to2(p: Page, appUrl: string, email: string, options: WizardOptions = {}) {
  await p.goto(`${appUrl}/authors/registration/details${options.query ?? ''}`);
  await expect.poll(() => p.getByRole('heading', { name: 'Participant Details' }).isVisible(), { timeout: 30_000 }).toBe(true);
  if (options.country) await p.getByLabel('Country', { exact: true }).selectOption(options.country);
  await p.getByLabel('Title').selectOption('Dr');
  await p.getByLabel('First Name').fill('Asha');
  await p.getByLabel('Last Name').fill('Kulkarni');
  await p.getByLabel('Organization', { exact: true }).fill('Karnataka Power Research Lab');
  await p.getByLabel('Address', { exact: true }).fill('12 Station Road');
  await p.getByLabel('City', { exact: true }).fill('Dharwad');
  await p.getByLabel('Postcode', { exact: true }).fill('580001');
  await p.getByLabel('Mobile').fill('+91 98450 00000');
  await p.getByLabel('Email', { exact: true }).fill(email);
  // Next with a mismatching confirmation shows the rules' message.
  await p.getByLabel('Verify Email').fill('someone@else.org');
  await p.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => p.getByText('Emails do not match.').isVisible()).toBe(true);
  await p.getByLabel('Verify Email').fill(email);
  await p.getByRole('button', { name: 'Next' }).click();

  await expect.poll(() => p.getByRole('heading', { name: 'Select Your Registration Tier' }).isVisible()).toBe(true);
  await p.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => p.getByText('Please select a registration category.').isVisible()).toBe(true);
  await p.getByLabel(options.tier ?? /Full Registration – IEEE Member \(Indian, Standard\)/).check();
  await p.getByRole('button', { name: 'Next' }).click();

}

/** A participant as step 1 takes them (the country is India: the Indian route). */
export interface Participant {
  title: string;
  firstName: string;
  lastName: string;
  organization: string;
  address: string;
  city: string;
  postcode: string;
  mobile: string;
}

/** Opens the wizard, fills step 1 with `who` and `email` and presses Next: the tier step is next. */
export async function fillParticipant(p: Page, appUrl: string, email: string, who: Participant) {
  await p.goto(`${appUrl}/authors/registration/details`);
  await expect.poll(() => p.getByRole('heading', { name: 'Participant Details' }).isVisible(), { timeout: 30_000 }).toBe(true);
  await p.getByLabel('Title').selectOption(who.title);
  await p.getByLabel('First Name').fill(who.firstName);
  await p.getByLabel('Last Name').fill(who.lastName);
  await p.getByLabel('Organization', { exact: true }).fill(who.organization);
  await p.getByLabel('Address', { exact: true }).fill(who.address);
  await p.getByLabel('City', { exact: true }).fill(who.city);
  await p.getByLabel('Postcode', { exact: true }).fill(who.postcode);
  await p.getByLabel('Mobile').fill(who.mobile);
  await p.getByLabel('Email', { exact: true }).fill(email);
  await p.getByLabel('Verify Email').fill(email);
  await p.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => p.getByRole('heading', { name: 'Select Your Registration Tier' }).isVisible()).toBe(true);
}

/** From the Welcome Reception step to the summary: no reception, no dinner, `diet`, billing as the participant with `email`. */
export async function fillExtrasToSummary(p: Page, email: string, diet = 'VEGETARIAN') {
  await expect.poll(() => p.getByRole('heading', { name: 'Welcome Reception' }).isVisible()).toBe(true);
  await p.getByRole('radio', { name: 'No' }).check();
  await p.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => p.getByRole('heading', { name: 'Gala Dinner' }).isVisible()).toBe(true);
  await p.getByRole('radio', { name: 'No' }).check();
  await p.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => p.getByRole('heading', { name: 'Dietary Requirements' }).isVisible()).toBe(true);
  await p.getByLabel(diet).check();
  await p.getByRole('button', { name: 'Next' }).click();
  await billingToSummary(p, email);
}
