/**
 * End-to-end (decision 013), on npm start's stack with the clock pinned on both sides:
 *  - a student pays: the e-mail has no QR and the verifier page refuses the ticket; the proof page
 *    refuses a 6 MB file and a renamed .exe and takes a PDF; the admin approves it on
 *    "Proofs to verify"; the new e-mail's QR is accepted by the ticket verifier page;
 *  - a rejection e-mails the reason;
 *  - after 15 Nov 2025 (23:59 IST) the wizard shows the closed notice with the contact address;
 *  - (decision 031) the first e-mail links the proof page with the number filled in, and the proof
 *    page's "Check status" says the proof was received.
 * Netlify Blobs is @netlify/blobs' local server, started by scripts/start.ts.
 */
import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import type { Page } from 'playwright-core';
import { conference } from '../../src/content/conference';
import type { StoredRegistration } from '../../src/shared/api';
import { REGISTRATION_CLOSED_MESSAGE } from '../../src/shared/messages';
import type { RegistrationForm } from '../../src/shared/registration-form';
import { devDefaults } from '../../scripts/local-config';
import { decodeQrPng } from '../setup/mail-receiver';
import { validForm } from '../functions/helpers-form';
import { qrPng } from './fake-camera';

const NOW = '2025-11-10T10:00:00+05:30';
const STUDENT: Partial<RegistrationForm> = { registrationTier: 'stud_non_indian_std', registrationFee: 8400, noPaper: true, paperId: '' };
import { e2eFixture } from './fixture';
import { ADMIN_PASSWORD, registerPaid } from './api-flow';
const e2e = e2eFixture('verifications', { now: NOW });

/** Registers and pays over HTTP as the browser does (create-order, the double's checkout, verify-payment). */
async function register(email: string): Promise<string> {
  const form = validForm({ ...STUDENT, email, verifyEmail: email });
  return (await registerPaid(e2e.stack.appUrl, e2e.stack.doubleUrl, form)).regNo;
}

/** Every e-mail of `regNo` in the outbox, oldest first, once there are at least `count`. */
async function mails(regNo: string, count: number) {
  let files: string[] = [];
  await expect.poll(async () => (files = (await readdir(e2e.outbox)).filter((f) => f.endsWith(`-${regNo}.eml`)).sort()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  return Promise.all(files.map(async (f) => PostalMime.parse(await readFile(path.join(e2e.outbox, f)))));
}

const stored = async (regNo: string) => (await e2e.stack.redis.get<StoredRegistration>(`${e2e.stack.keyPrefix}reg:${regNo}`))!;

async function signIn(p: Page) {
  await p.goto(`${e2e.stack.appUrl}/admin/login`);
  await p.getByLabel('Password').fill(ADMIN_PASSWORD);
  await p.getByRole('button', { name: 'Login' }).click();
  await p.waitForURL(/\/admin$/);
}

/** Shows `png` (a QR image) to the ticket verifier page and presses Verify Ticket once it is decoded. */
async function verifyTicketImage(p: Page, png: Buffer) {
  await p.goto(`${e2e.stack.appUrl}/admin/ticket-verifier`);
  await p.getByLabel('Choose a ticket image').setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: png });
  await expect.poll(() => p.getByLabel('Decoded QR').inputValue()).toContain('"rid"');
  await p.getByRole('button', { name: 'Verify Ticket' }).click();
}

async function uploadOnPage(p: Page, regNo: string, email: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await p.getByLabel('Registration ID').fill(regNo);
  await p.getByLabel('Registered e-mail').fill(email);
  await p.getByLabel(/^Proof/).setInputFiles(file);
  await p.getByRole('button', { name: 'Upload proof' }).click();
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe("students' proof of status in Chromium", () => {
  it('paid: no QR and refused at the door; proof uploaded (6 MB and a renamed .exe refused); approved: a QR the verifier accepts', async () => {
    const email = 'student.proof.e2e@example.org';
    const regNo = await register(email);
    expect((await stored(regNo)).status).toBe('awaiting-proof');
    const [first] = await mails(regNo, 1);
    expect(first!.subject).toContain('payment received, proof of student status needed');
    expect(first!.attachments.some((a) => a.mimeType === 'image/png')).toBe(false);
    // Received, not confirmed; the proof page with the number filled in (decision 031).
    expect(first!.text).toContain('received but not yet confirmed');
    expect(first!.text).toContain(`/registration/proof?reg_no=${regNo}`);

    // The verifier refuses the registration's ticket (signed here with the stack's local key, as
    // the server would sign it) and says what is missing.
    await signIn(e2e.page);
    const sig = createHmac('sha256', devDefaults.TICKET_SIGNING_KEY).update(regNo, 'utf8').digest('base64url');
    await verifyTicketImage(e2e.page, await qrPng(JSON.stringify({ rid: regNo, sig }), 300));
    await expect.poll(() => e2e.page.getByRole('alert').filter({ hasText: 'Invalid Ticket — Not confirmed: proof of student status not yet verified.' }).isVisible()).toBe(true);

    // The proof page: a 6 MB file is refused in the browser already, a renamed .exe by the server.
    await e2e.page.goto(`${e2e.stack.appUrl}/registration/proof`);
    await expect.poll(() => e2e.page.getByRole('heading', { level: 1, name: 'Proof of student status' }).isVisible()).toBe(true);
    const big = Buffer.alloc(6 * 1024 * 1024);
    pdf.copy(big);
    await uploadOnPage(e2e.page, regNo, email, { name: 'card.pdf', mimeType: 'application/pdf', buffer: big });
    await expect.poll(() => e2e.page.getByRole('alert').textContent()).toContain('larger than 5 MB');
    const exe = Buffer.alloc(512);
    exe.write('MZ');
    exe.writeUInt32LE(0x80, 0x3c);
    exe.write('PE\0\0', 0x80, 'latin1');
    await uploadOnPage(e2e.page, regNo, email, { name: 'card.pdf', mimeType: 'application/pdf', buffer: exe });
    await expect.poll(() => e2e.page.getByRole('alert').textContent()).toContain('not a PDF, JPEG or PNG');
    expect((await stored(regNo)).verification?.proof).toBeUndefined();
    await uploadOnPage(e2e.page, regNo, email, { name: 'card.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect.poll(() => e2e.page.getByRole('status').filter({ hasText: 'your proof was received' }).isVisible()).toBe(true);
    expect((await stored(regNo)).verification?.proof).toMatchObject({ contentType: 'application/pdf' });
    // The same page says where the proof stands (decision 031): received, to be checked.
    await e2e.page.getByRole('button', { name: 'Check status' }).click();
    await expect.poll(() => e2e.page.getByTestId('proof-status').textContent()).toMatch(/^Proof received on \d{1,2} \w+ \d{4}: the organisers will check it\./);

    // "Proofs to verify": the proof opens for the admin, and Approve confirms.
    await e2e.page.goto(`${e2e.stack.appUrl}/admin/verifications`);
    const row = e2e.page.locator(`tr[data-registration="${regNo}"]`);
    await expect.poll(() => row.isVisible()).toBe(true);
    await row.getByRole('button', { name: `Open the proof of ${regNo}` }).click();
    await expect.poll(() => row.getByRole('link', { name: new RegExp(`Proof of ${regNo}`) }).isVisible()).toBe(true);
    await row.getByRole('button', { name: `Approve ${regNo}` }).click();
    await expect.poll(() => e2e.page.getByRole('status').filter({ hasText: `${regNo} approved` }).isVisible()).toBe(true);
    expect((await stored(regNo)).status).toBe('confirmed');

    const all = await mails(regNo, 2);
    const confirmation = all.at(-1)!;
    expect(confirmation.subject).toBe(`PESGRE 2025 registration confirmed — ${regNo}`);
    const qr = confirmation.attachments.find((a) => a.filename === `ticket-${regNo}.png`)!;
    const png = Buffer.from(typeof qr.content === 'string' ? Buffer.from(qr.content, 'base64') : new Uint8Array(qr.content as ArrayBuffer));
    expect(JSON.parse(decodeQrPng(png)).rid).toBe(regNo);
    await verifyTicketImage(e2e.page, png);
    await expect.poll(() => e2e.page.getByText(`Valid Ticket — RID: ${regNo}`).isVisible()).toBe(true);
  }, 240_000);

  it('reject: the reason is required and e-mailed', async () => {
    const email = 'student.reject.e2e@example.org';
    const regNo = await register(email);
    await signIn(e2e.page);
    await e2e.page.goto(`${e2e.stack.appUrl}/admin/verifications`);
    const row = e2e.page.locator(`tr[data-registration="${regNo}"]`);
    await expect.poll(() => row.isVisible()).toBe(true);
    await row.getByRole('button', { name: `Reject ${regNo}` }).click();
    await expect.poll(() => e2e.page.getByRole('alert').textContent()).toContain('Write the reason');
    await row.getByLabel(`Reason for rejecting ${regNo}`).fill('No proof was uploaded.');
    await row.getByRole('button', { name: `Reject ${regNo}` }).click();
    await expect.poll(() => e2e.page.getByRole('status').filter({ hasText: `${regNo} rejected` }).isVisible()).toBe(true);
    const rejection = (await mails(regNo, 2)).at(-1)!;
    expect(rejection.subject).toContain('proof of student status not accepted');
    expect(rejection.text).toContain('Reason: No proof was uploaded.');
    expect((await stored(regNo)).status).toBe('awaiting-proof');
  }, 120_000);
});

describe('the registration window in Chromium', () => {
  it('shows the closed notice with the contact address after 15 Nov 2025 (browser clock pinned to 16 Nov, 00:00 IST)', async () => {
    await e2e.context.clock.setSystemTime(new Date('2025-11-16T00:00:00+05:30'));
    await e2e.page.goto(`${e2e.stack.appUrl}/authors/registration/details`);
    const closed = e2e.page.getByTestId('registration-closed');
    await expect.poll(() => closed.isVisible()).toBe(true);
    expect(await closed.textContent()).toContain(REGISTRATION_CLOSED_MESSAGE);
    expect(await closed.getByRole('link', { name: conference.contactEmail }).getAttribute('href')).toBe(`mailto:${conference.contactEmail}`);
    expect(await e2e.page.getByRole('button', { name: 'Next' }).count()).toBe(0);
  });
});
