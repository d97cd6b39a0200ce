/**
 * Pages that fit: every route (public, self-service, admin with data in every panel)
 * loaded in Chromium at 320, 390 and 1366 px fails when the document is wider than the viewport,
 * naming the widest elements that stick out. The admin area is shown with registrations, a
 * cancellation request and a payment needing attention, so its tables hold real rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AttentionPayment } from '../../src/shared/api';
import type { RegistrationForm } from '../../src/shared/registration-form';
import { paths, paymentSuccessUrl, errorUrl } from '../../src/shared/routes';
import { standardPeriod } from '../setup/edition-clock';
import { validForm } from '../functions/helpers-form';
import { adminLogin, postJson, registerPaid } from './api-flow';
import { launchChromium, startStack, type Stack } from './stack';

const WIDTHS = [320, 390, 1366] as const;

let stack: Stack;
let browser: Browser;
let adminToken = '';
let regNo = '';

const post = postJson;
const register = (form: RegistrationForm) => registerPaid(stack.appUrl, stack.doubleUrl, form);

beforeAll(async () => {
  stack = await startStack({ APP_NOW: standardPeriod() });
  browser = await launchChromium();
  adminToken = await adminLogin(stack.appUrl);
  // Data in every admin panel: long names and organisations, a cancellation request, a payment needing attention.
  const long = 'Karnataka State Power Transmission Corporation Limited Research and Development Centre';
  const a = await register(validForm({ organization: long, billingOrganization: long, email: 'widths.a@example.org', verifyEmail: 'widths.a@example.org', dietaryRequirements: ['OTHER'], dietaryOtherText: 'No onions, no garlic, no mushrooms, please' }));
  regNo = a.regNo;
  const b = await register(validForm({ email: 'widths.b.with.a.rather.long.address@example.org', verifyEmail: 'widths.b.with.a.rather.long.address@example.org' }));
  expect((await post(`${stack.appUrl}/api/cancellation/request`, { regId: b.regNo, email: 'widths.b.with.a.rather.long.address@example.org' })).status).toBe(200);
  const record: AttentionPayment = {
    paymentId: a.paymentId,
    orderId: a.orderId,
    kind: 'tier-upgrade',
    registrationNumber: a.regNo,
    amount: 18408,
    currency: 'INR',
    reason: 'The registration changed before this payment arrived (the order was for stud_non_indian_std to prof_non_indian_std); it could not be applied and is due for a refund.',
    at: new Date(standardPeriod()).toISOString(),
  };
  await stack.redis.set(`${stack.keyPrefix}attention:${record.paymentId}`, JSON.stringify(record));
  await stack.redis.zadd(`${stack.keyPrefix}attention:index`, { score: Date.parse(record.at), member: record.paymentId });
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Every route, and what to wait for before measuring (its data, for the admin area). */
const routes = (): Array<{ path: string; admin?: boolean; ready?: (page: Page) => Promise<unknown> }> => [
  ...[paths.home, paths.organizingCommittee, paths.chairs, paths.callForPapers, paths.callForSpecialSession, paths.submission, paths.keynoteSpeakers, paths.tutorialSpeakers, paths.iesSypKeynotes, paths.programme, paths.visaInfo, paths.accommodation, paths.tour, paths.food, paths.location, paths.studentsYp, paths.industrySponsor, paths.contact, paths.registrationInfo].map((path) => ({ path })),
  { path: paths.registrationDetails, ready: (p) => p.getByRole('button', { name: /Next/ }).first().waitFor({ timeout: 60_000 }) },
  { path: paymentSuccessUrl('PESGRE25-TEST2345', 'pay_TEST') },
  { path: errorUrl('international-payments-error') },
  ...[paths.tierUpgrade, paths.ieeeChange, paths.nameChange, paths.cancelRegistration, paths.invoices, paths.nameTransfer].map((path) => ({ path })),
  { path: paths.adminLogin },
  { path: paths.admin, admin: true, ready: (p) => p.getByText(regNo).first().waitFor({ timeout: 90_000 }) },
  { path: paths.adminRegistrations, admin: true, ready: (p) => p.getByText(regNo).first().waitFor({ timeout: 90_000 }) },
  { path: paths.adminAccounts, admin: true, ready: (p) => p.getByText('could not be applied').first().waitFor({ timeout: 90_000 }) },
  { path: paths.adminTicketVerifier, admin: true },
  { path: paths.adminPapers, admin: true, ready: (p) => p.getByText(/papers shown/).first().waitFor({ timeout: 90_000 }) },
  { path: paths.adminVerifications, admin: true, ready: (p) => p.getByRole('heading', { name: 'Waiting for a decision' }).waitFor({ timeout: 90_000 }) },
  { path: paths.adminBadgesCertificates, admin: true, ready: (p) => p.getByText('No certificates have been sent yet.').waitFor({ timeout: 90_000 }) },
  { path: paths.adminProgramme, admin: true, ready: (p) => p.getByRole('heading', { name: 'Import the programme' }).waitFor({ timeout: 90_000 }) },
];

/** Elements wider than the viewport or reaching past its right edge, deepest first (for the failure message). */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= vw + 0.5) continue;
      if (Array.from(el.children).some((c) => c.getBoundingClientRect().right > vw + 0.5)) continue;
      out.push(`${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(/\s+/).join('.') : ''} right=${Math.round(r.right)}`);
      if (out.length >= 4) break;
    }
    return { scrollWidth: document.documentElement.scrollWidth, viewport: window.innerWidth, culprits: out };
  });
}

describe('no page is wider than the screen', () => {
  it.each(WIDTHS)('at %i px', async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    // The wizard judges the registration window by the browser's clock (decision 013): pinned like the server's.
    await context.clock.setSystemTime(new Date(standardPeriod()));
    const page = await context.newPage();
    await page.goto(`${stack.appUrl}${paths.registrationInfo}`);
    await page.evaluate((t) => localStorage.setItem('admin-token', t), adminToken);
    const wide: string[] = [];
    try {
      for (const route of routes()) {
        await page.goto(`${stack.appUrl}${route.path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'attached', timeout: 60_000 });
        if (route.ready) await route.ready(page);
        const m = await overflow(page);
        if (m.scrollWidth > m.viewport) wide.push(`${route.path}: ${m.scrollWidth} px in ${m.viewport} (${m.culprits.join('; ')})`);
      }
    } finally {
      await context.close();
    }
    expect(wide).toEqual([]);
  }, 600_000);
});

