/**
 * End-to-end, keyboard only (decision 010; WCAG 2.4.1, 2.4.3, 2.4.11, 1.4.11, 2.2.1): Chromium is
 * driven with Tab, Enter, Escape and typed keys, never a click.
 *  - the first Tab shows "Skip to main content" whole, over the sticky header; Enter puts focus
 *    in main, and the next Tab reaches the page's first control;
 *  - after the checkout is closed (Escape, its Close button) focus is on the Pay button again, and
 *    after paying on the result: the wizard's step 9, /tier-upgrade, /ieee-change, /name-transfer;
 *  - after Update Name on /name-change focus is on the confirmation, which is still there 7 s later;
 *  - every focus stop met by Tab on a set of pages at 1366 and 390 px draws the two-tone ring,
 *    which meets 3:1 against the colour behind it (computed styles, contrast by colord).
 * The server's clock is pinned to 10 Nov 2025 IST (Standard period, name transfers still taken).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CreateOrderResponse, VerifyPaymentResponse } from '../../src/shared/api';
import { REGISTRATION_STORAGE_KEY } from '../../src/lib/persisted-form';
import { selfServiceMessages } from '../../src/shared/messages';
import { fromMinor } from '../../src/shared/money';
import { computeCharges, findTier, pricing } from '../../src/shared/pricing';
import type { RegistrationForm } from '../../src/shared/registration-form';
import { validForm } from '../functions/helpers-form';
import { MIN_NON_TEXT_CONTRAST, over, ringContrast } from './focus-ring';
import { nextFrames } from './fixture';
import { launchChromium, startStack, type Stack } from './stack';

/** Server (APP_NOW) and browser are pinned inside the registration window, which closes on 15 Nov 2025 (decision 013). */
const NOW = '2025-11-10T10:00:00+05:30';

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  stack = await startStack({ APP_NOW: NOW });
  browser = await launchChromium();
}, 400_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.clock.setSystemTime(new Date(NOW));
  page = await context.newPage();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && !page.isClosed()) {
    await mkdir('test-results', { recursive: true });
    await page.screenshot({ path: `test-results/keyboard-${ctx.task.name.replace(/\W+/g, '-').slice(0, 60)}.png`, fullPage: true });
  }
  await context?.close();
});

async function postJson<T>(url: string, body: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as T };
}

/** A form for `tierId` (Standard, Indian) with the tier's fee; `overrides` on top. */
function formFor(tierId: string, email: string, overrides: Partial<RegistrationForm> = {}): RegistrationForm {
  const tier = findTier(pricing, tierId)!;
  return validForm({ email, verifyEmail: email, billingEmail: email, registrationTier: tierId, registrationFee: tier.fee, ...overrides });
}

/** Registers and pays over HTTP as the wizard's browser does (create-order, the double's payment, verify-payment). */
async function registerPaid(form: RegistrationForm): Promise<string> {
  const amount = fromMinor(computeCharges(pricing, form, null).total);
  const order = await postJson<CreateOrderResponse>(`${stack.appUrl}/api/payment/create-order`, { amount, data: form, code: null });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const paid = await postJson<Record<string, string>>(`${stack.doubleUrl}/_double/pay`, { order_id: order.body.id, outcome: 'success' });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = paid.body;
  const verified = await postJson<VerifyPaymentResponse>(`${stack.appUrl}/api/payment/verify-payment`, { razorpay_order_id, razorpay_payment_id, razorpay_signature });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return verified.body.registrationNumber!;
}

/** The focused element as a screen reader would name it: role-ish tag, its text or label, and whether it is disabled. */
function focused(p: Page) {
  return p.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', text: '', disabled: false, inMain: false };
    const label = el.getAttribute('aria-label') || (el as HTMLInputElement).labels?.[0]?.textContent || el.textContent || '';
    return { tag: el.tagName.toLowerCase(), text: label.trim(), disabled: (el as HTMLButtonElement).disabled === true, inMain: Boolean(el.closest('main')) };
  });
}

/** Presses Tab until the focused element's text matches `name` (at most `max` presses); fails otherwise. */
async function tabTo(p: Page, name: string | RegExp, max = 60) {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text));
  for (let i = 0; i < max; i++) {
    await p.keyboard.press('Tab');
    if (matches((await focused(p)).text)) return;
  }
  throw new Error(`no focus stop named ${String(name)} within ${max} Tabs; last: ${JSON.stringify(await focused(p))}`);
}

/** Waits until focus is on an element whose text is `name`. */
async function expectFocusOn(p: Page, name: string | RegExp, timeout = 20_000) {
  await expect
    .poll(async () => (await focused(p)).text, { timeout })
    .toMatch(typeof name === 'string' ? new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : name);
}

const checkout = (p: Page) => p.getByRole('dialog', { name: 'Razorpay test checkout' });

/** Enter on the focused Pay button opens the checkout, whose own Pay button takes focus. */
async function openCheckout(p: Page) {
  await p.keyboard.press('Enter');
  await expect.poll(() => checkout(p).isVisible(), { timeout: 20_000 }).toBe(true);
  await expectFocusOn(p, 'Pay');
}

/**
 * On a page whose Pay button (`payName`) has focus: Escape, then the checkout's Close button, each
 * bring focus back to the enabled Pay button; then paying lands focus on the outcome.
 */
async function closeTwiceThenPay(p: Page, payName: string | RegExp) {
  await openCheckout(p);
  await p.keyboard.press('Escape');
  await expect.poll(() => checkout(p).count()).toBe(0);
  await expectFocusOn(p, payName);
  expect((await focused(p)).disabled).toBe(false);

  await openCheckout(p);
  await tabTo(p, 'Close', 5);
  await p.keyboard.press('Enter');
  await expect.poll(() => checkout(p).count()).toBe(0);
  await expectFocusOn(p, payName);
  expect((await focused(p)).disabled).toBe(false);

  await openCheckout(p);
  await p.keyboard.press('Enter');
}

/** Skip link, then Enter: the next Tab is the page's first control in main. */
async function skipToMain(p: Page) {
  await p.keyboard.press('Tab');
  await expectFocusOn(p, 'Skip to main content');
  await p.keyboard.press('Enter');
  await expect.poll(() => p.evaluate(() => document.activeElement?.id)).toBe('main');
}

describe('the skip link', () => {
  for (const width of [1366, 390]) {
    it(`at ${width} px the first Tab shows it whole above the sticky header, and Enter moves focus into main`, async () => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${stack.appUrl}/authors/registration/details`);
      await expect.poll(() => page.getByRole('heading', { name: /Participant Details/ }).isVisible(), { timeout: 30_000 }).toBe(true);
      await page.keyboard.press('Tab');
      await expectFocusOn(page, 'Skip to main content');
      const link = page.getByRole('link', { name: 'Skip to main content' });
      const box = (await link.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      // Nothing covers it: the topmost element at its corners and centre is the link itself.
      const unobstructed = await link.evaluate((el) => {
        const r = el.getBoundingClientRect();
        // Inside the rounded corners (hit testing follows border-radius).
        const [dx, dy] = [Math.min(10, r.width / 4), Math.min(10, r.height / 4)];
        const points = [
          [r.left + dx, r.top + dy],
          [r.right - dx, r.top + dy],
          [r.left + dx, r.bottom - dy],
          [r.right - dx, r.bottom - dy],
          [r.left + r.width / 2, r.top + r.height / 2],
        ];
        return points.every(([x, y]) => el.contains(document.elementFromPoint(x!, y!)));
      });
      expect(unobstructed).toBe(true);

      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
      // The next Tab is inside the page's content, not back in the header: the wizard's first field.
      await page.keyboard.press('Tab');
      const next = await focused(page);
      expect(next.inMain).toBe(true);
      expect(next.tag).toMatch(/^(input|select|button|a)$/);
    });
  }
});

describe('focus after the checkout', () => {
  it('wizard step 9: back on Pay Now after Escape and after Close, on the result heading after paying', async () => {
    const data = formFor('prof_non_indian_std', 'keyboard.wizard@example.org');
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [REGISTRATION_STORAGE_KEY, JSON.stringify({ step: 9, data })] as const);
    await page.goto(`${stack.appUrl}/authors/registration/details`);
    await expect.poll(() => page.getByRole('heading', { name: /Summary and payment/ }).isVisible(), { timeout: 30_000 }).toBe(true);
    await skipToMain(page);
    await tabTo(page, 'Pay Now');
    await closeTwiceThenPay(page, 'Pay Now');
    await page.waitForURL(/\/authors\/registration\/payment-success\?/, { timeout: 30_000 });
    await expectFocusOn(page, 'Payment Successful!');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  });

  const changePages = [
    { route: '/tier-upgrade', tier: 'stud_non_indian_std', overrides: { noPaper: true, paperId: '' }, summary: 'Upgrade summary' },
    { route: '/ieee-change', tier: 'prof_ieee_indian_std', overrides: { ieeeMemberNumber: '90000001' }, summary: 'Change summary' },
  ];
  for (const { route, tier, overrides, summary } of changePages) {
    it(`${route}: back on the Pay button after Escape and Close, on the confirmation after paying, then on the result heading`, async () => {
      const regNo = await registerPaid(formFor(tier, `keyboard${route.replace(/\W/g, '.')}@example.org`, overrides));
      await page.goto(stack.appUrl + route);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible(), { timeout: 30_000 }).toBe(true);
      await skipToMain(page);
      await page.keyboard.press('Tab');
      expect((await focused(page)).text).toBe('Registration ID');
      await page.keyboard.type(regNo);
      if (route === '/tier-upgrade') {
        // A student moving to a full registration answers the paper question first (decision 013).
        await tabTo(page, 'I did not submit a paper', 5);
        await page.keyboard.press('Space');
        await tabTo(page, 'Fetch Details', 5);
      }
      await page.keyboard.press('Enter');
      await expectFocusOn(page, summary, 30_000);
      await page.keyboard.press('Tab');
      await expectFocusOn(page, /^Pay /);
      await closeTwiceThenPay(page, /^Pay /);
      // Paid: nothing is left to press, so focus is on the confirmation until the page moves on.
      await expectFocusOn(page, selfServiceMessages.verified, 30_000);
      await page.waitForURL(/\/authors\/registration\/payment-success\?/, { timeout: 30_000 });
      await expectFocusOn(page, 'Payment Successful!');
    });
  }

  it('/name-transfer: back on the Pay button after Escape and Close, on the confirmation after paying, then on the result heading', async () => {
    const email = 'keyboard.transfer@example.org';
    const regNo = await registerPaid(formFor('prof_non_indian_std', email));
    await page.goto(`${stack.appUrl}/name-transfer`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible(), { timeout: 30_000 }).toBe(true);
    await skipToMain(page);
    for (const [label, value] of [
      ['Registration ID', regNo],
      ['Registered e-mail', email],
      ['Title', 'Ms'],
      ['First Name', 'Meera'],
      ['Last Name', 'Shankar'],
      ['Email', 'keyboard.transfer.to@example.org'],
      ['Organization', 'Hubballi Grid Lab'],
      ['Mobile', '+91 90000 11111'],
    ]) {
      await tabTo(page, label!, 10);
      await page.keyboard.type(value!);
    }
    expect(await page.getByLabel('Title').inputValue()).toBe('Ms');
    await page.keyboard.press('Enter');
    await expectFocusOn(page, /summary/i, 30_000);
    await tabTo(page, /^Pay /, 5);
    await closeTwiceThenPay(page, /^Pay /);
    await expectFocusOn(page, selfServiceMessages.verified, 30_000);
    await page.waitForURL(/\/authors\/registration\/payment-success\?/, { timeout: 30_000 });
    await expectFocusOn(page, 'Payment Successful!');
  });
});

describe('the wizard by keyboard', () => {
  it("step 1's required alerts name their fields; step 4's missing Paper ID is an inline alert on the field; the step count is in the focused heading", async () => {
    await page.goto(`${stack.appUrl}/authors/registration/details`);
    await expect.poll(() => page.getByRole('heading', { name: /Participant Details/ }).isVisible(), { timeout: 30_000 }).toBe(true);
    await page.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    const firstName = page.getByRole('alert').filter({ hasText: /^First Name: / });
    await expect.poll(() => firstName.textContent()).toBe('First Name: This field is required.');
    const alerts = await page.locator('.field__error[role=alert]').allTextContents();
    expect(alerts.length).toBeGreaterThan(3);
    // No two alike: each names its field, the rules' words follow (docs/rules.md#the-registration-form-and-its-checks).
    expect(new Set(alerts).size).toBe(alerts.length);
    expect(alerts.every((a) => a.endsWith('This field is required.') || !a.includes('This field is required.'))).toBe(true);

    // Step 4 with a professional (non-member) tier and no Paper ID.
    const data = formFor('prof_non_indian_std', 'keyboard.paper@example.org', { paperId: '' });
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [REGISTRATION_STORAGE_KEY, JSON.stringify({ step: 4, data })] as const);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: /Paper Registration/ }).isVisible(), { timeout: 30_000 }).toBe(true);
    // The step's fields come with the wizard's late chunk; Next is enabled once they are shown.
    await page.getByLabel('Paper ID').waitFor();
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    const paperId = page.getByLabel('Paper ID');
    await expect.poll(() => paperId.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await paperId.getAttribute('aria-describedby'))!.split(' ');
    const alert = page.locator('#field-paperId-error');
    expect(describedBy).toContain('field-paperId-error');
    expect(await alert.getAttribute('role')).toBe('alert');
    expect(await alert.textContent()).toBe('Paper ID: Paper ID is required unless you did not submit a paper.');
    expect(await alert.locator(':scope > :not(.visually-hidden)').count()).toBe(0);
    expect(dialogs).toBe(0);
    expect(await paperId.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.type('PESGRE-2025-0042');
    await page.keyboard.press('Enter');
    // Focus lands on the next step's heading, which carries the count (the IEEE step does not apply: 8 steps).
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Step 4 of 8: Welcome Reception');
  });
});

describe('/name-change', () => {
  it('after Update Name focus is on the confirmation, which stays', async () => {
    const email = 'keyboard.rename@example.org';
    const regNo = await registerPaid(formFor('prof_non_indian_std', email));
    await page.goto(`${stack.appUrl}/name-change`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Change Registered Name' }).isVisible(), { timeout: 30_000 }).toBe(true);
    await skipToMain(page);
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Registration ID');
    await page.keyboard.type(regNo);
    // A wrong e-mail: the server's refusal marks both fields invalid.
    await page.keyboard.press('Tab');
    await page.keyboard.type('someone.else@example.org');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByLabel('Registered e-mail').getAttribute('aria-invalid'), { timeout: 30_000 }).toBe('true');
    expect(await page.getByLabel('Registration ID').getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    // The name form: focus on First Name.
    await expect.poll(async () => (await focused(page)).text, { timeout: 30_000 }).toBe('First Name');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Asha Devi');
    await page.keyboard.press('Enter');
    const confirmation = page.locator('.ss').getByRole('status');
    await expect.poll(async () => (await confirmation.textContent())?.length ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
    const text = (await confirmation.textContent())!;
    await expectFocusOn(page, text);
    // WCAG 2.2.1: no time limit on reading it. The browser's clock (installed in beforeEach) is
    // moved 7 s on, firing every timer due by then.
    await page.clock.fastForward(7_000);
    await nextFrames(page);
    expect(await confirmation.textContent()).toBe(text);
    await expectFocusOn(page, text);
  });
});

/** What the ring of the focused element is drawn with, and the colours behind it (outermost first). */
interface RingStop {
  name: string;
  outlineStyle: string;
  outlineWidth: number;
  outlineColor: string;
  shadow: string;
  /** Background colours from the page down to the element the ring sits on; gradients give their stops. */
  layers: { colour: string; gradient: string[] }[];
  image: boolean;
}

function ringOfFocused(p: Page): Promise<RingStop | null> {
  return p.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const cs = getComputedStyle(el);
    // A ring drawn outside the element lies on its parent's background; one drawn inside, on its own.
    let node: Element | null = parseFloat(cs.outlineOffset) < 0 ? el : el.parentElement;
    const layers: { colour: string; gradient: string[] }[] = [];
    let image = false;
    while (node) {
      const s = getComputedStyle(node);
      const gradient = s.backgroundImage.includes('gradient') ? (s.backgroundImage.match(/rgba?\([^)]*\)/g) ?? []) : [];
      if (s.backgroundImage.includes('url(')) image = true;
      layers.unshift({ colour: s.backgroundColor, gradient });
      node = node.parentElement;
    }
    const name = `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} "${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40)}"`;
    return { name, outlineStyle: cs.outlineStyle, outlineWidth: parseFloat(cs.outlineWidth), outlineColor: cs.outlineColor, shadow: cs.boxShadow, layers, image };
  });
}

/** The opaque colours behind a ring: the layers composited over white, one result per gradient stop. */
function backgroundsOf(stop: RingStop): string[] {
  let results = ['#ffffff'];
  for (const layer of stop.layers) {
    results = results.map((under) => over(layer.colour, under).toHex());
    if (layer.gradient.length) results = results.flatMap((under) => layer.gradient.map((c) => over(c, under).toHex()));
  }
  return [...new Set(results)];
}

describe('the focus ring in Chromium', () => {
  const tours = [
    { route: '/', width: 1366 },
    { route: '/authors/registration', width: 1366 },
    { route: '/authors/registration/details', width: 1366 },
    { route: '/invoices', width: 1366 },
    { route: '/', width: 390 },
  ];
  for (const { route, width } of tours) {
    it(`${route} at ${width} px: every Tab stop draws the two-tone ring at 3:1 or more against what is behind it`, async () => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(stack.appUrl + route);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), { timeout: 30_000 }).toBe(1);
      await page.waitForLoadState('networkidle');
      const failures: string[] = [];
      const seen = new Set<string>();
      let stops = 0;
      for (let i = 0; i < 70; i++) {
        await page.keyboard.press('Tab');
        const stop = await ringOfFocused(page);
        if (!stop) continue;
        if (seen.has(stop.name) && stop.name.includes('Skip to main content')) break;
        seen.add(stop.name);
        stops++;
        if (stop.outlineStyle !== 'solid' || stop.outlineWidth < 2) {
          failures.push(`${stop.name}: outline ${stop.outlineStyle} ${stop.outlineWidth}px`);
          continue;
        }
        const halo = /rgba?\([^)]*\)/.exec(stop.shadow)?.[0];
        if (!halo) {
          failures.push(`${stop.name}: no white band (box-shadow ${stop.shadow})`);
          continue;
        }
        for (const bg of backgroundsOf(stop)) {
          const { best, ringToHalo } = ringContrast(stop.outlineColor, halo, bg);
          if (best < MIN_NON_TEXT_CONTRAST || ringToHalo < MIN_NON_TEXT_CONTRAST) failures.push(`${stop.name}: ${best.toFixed(2)}:1 on ${bg} (ring ${stop.outlineColor}, band ${halo})`);
        }
      }
      expect(failures).toEqual([]);
      expect(stops).toBeGreaterThan(5);
    });
  }

  it('the mobile drawer: each item draws the ring inside itself, at 3:1 or more', async () => {
    await context.close();
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await context.clock.setSystemTime(new Date(NOW));
    page = await context.newPage();
    await page.goto(`${stack.appUrl}/contact`);
    await expect.poll(() => page.getByRole('button', { name: 'Open menu' }).isVisible(), { timeout: 30_000 }).toBe(true);
    await tabTo(page, 'Open menu', 10);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog', { name: 'Site menu' }).isVisible()).toBe(true);
    const failures: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const stop = (await ringOfFocused(page))!;
      const halo = /rgba?\([^)]*\)/.exec(stop.shadow)?.[0] ?? 'none';
      if (halo === 'none') failures.push(`${stop.name}: no white band`);
      else
        for (const bg of backgroundsOf(stop)) {
          const { best, ringToHalo } = ringContrast(stop.outlineColor, halo, bg);
          if (best < MIN_NON_TEXT_CONTRAST || ringToHalo < MIN_NON_TEXT_CONTRAST) failures.push(`${stop.name}: ${best.toFixed(2)}:1 on ${bg}`);
        }
    }
    expect(failures).toEqual([]);
  });
});
