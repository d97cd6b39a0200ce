/**
 * Name badges and certificates of attendance (docs/operations.md#name-badges-and-certificates). Badges: 8 to an A4 sheet, cancelled
 * registrations never printed, the filters, a 60-character name that fits, one badge reprinted.
 * Certificates: only for a registrant checked in at least once, the presented paper only when
 * marked, revoked after a cancellation, the same answer for a wrong e-mail as for an unknown ID,
 * closed before the date in src/content, the e-mail to all sent once. Names in Devanagari,
 * Tamil, Polish and Vietnamese print exactly in both: the glyphs drawn carry them, none missing
 * (tests/setup/pdf-glyphs.ts), and the text pdftotext reads holds them.
 */
import { randomBytes } from 'node:crypto';
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';
import { PNG } from 'pngjs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import badges from '../../netlify/functions/admin-badges';
import download from '../../netlify/functions/certificates-download';
import verify from '../../netlify/functions/certificates-verify';
import sendAll from '../../netlify/functions/admin-certificates-send';
import { NAME_BLOCK_HEIGHT, NAME_WIDTH, fitNameBlock, renderBadgesPdf } from '../../netlify/server/badges-pdf';
import { recordCheckIn } from '../../netlify/server/checkin';
import { createPdfText } from '../../netlify/server/platform/pdf-text';
import { keys, redis } from '../../netlify/server/platform/store';
import { ticketText } from '../../netlify/server/tickets';
import type { Registration } from '../../netlify/server/registrations';
import { glyphProblems } from '../setup/pdf-glyphs';
import { pdftotext } from '../setup/pdftotext';
import { certificates } from '../../src/content/certificates';
import { conference } from '../../src/content/conference';
import { formatDay } from '../../src/shared/dates';
import { shiftDay } from '../setup/edition-clock';
import { afterConference, call, conferenceDay, pinClock } from './helpers';
import { adminHeaders, mailAndWebhook, messagesFor, seedRegistration } from './helpers-admin';

const fx = mailAndWebhook();
const flat = (text: string) => text.replace(/\s+/g, ' ');
/** The morning after the conference, when certificates are open (dates from src/content). */
const OPEN = afterConference();
/** `n` days from the first conference day, as an ISO day. */
const day = (n: number) => shiftDay(conference.startDate, n);

const unicodeNames = [
  ['Devanagari', { firstName: 'अनन्या', lastName: 'शर्मा' }],
  ['Tamil', { firstName: 'கார்த்திக்', lastName: 'சுப்பிரமணியன்' }],
  ['Polish', { firstName: 'Zofia', lastName: 'Łukasiewicz-Świętochowska' }],
  ['Vietnamese', { firstName: 'Nguyễn Thị', lastName: 'Hương' }],
] as const;

async function cancel(r: Registration) {
  await redis().set(keys.registration(r.registrationNumber), { ...r, cancellation: { status: 'approved', requestedAt: r.createdAt, decidedAt: r.createdAt, refundAmount: 0, currency: r.currency } });
}

async function getPdf(query: string) {
  const res = await badges(new Request(`http://localhost/api/admin/badges.pdf${query}`, { headers: await adminHeaders() }), { deploy: { context: 'dev' } } as never);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, bytes, count: res.headers.get('x-badge-count'), text: res.status === 200 ? flat(await pdftotext(bytes)) : new TextDecoder().decode(bytes) };
}

describe('name badges', () => {
  it('9 confirmed and 1 cancelled registrant: 2 A4 pages with 9 badges, the cancelled one never printed', async () => {
    // Registered in a window of their own, so `since` picks exactly these ten.
    const when = new Date(conferenceDay(-8, '09:00:00'));
    const regs: Registration[] = [];
    for (let i = 0; i < 10; i++) regs.push(await seedRegistration({ firstName: `Badge${i}`, lastName: 'Tester' }, new Date(when.getTime() + i * 1000)));
    await cancel(regs[9]!);
    const r = await getPdf(`?since=${encodeURIComponent(conferenceDay(-8, '09:00:00'))}`);
    expect(r.status, r.text).toBe(200);
    const pdf = await PDFDocument.load(r.bytes);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    expect(r.count).toBe('9');
    for (const reg of regs.slice(0, 9)) expect(r.text).toContain(reg.registrationNumber);
    expect(r.text).not.toContain(regs[9]!.registrationNumber);
    expect(r.text.match(/Badge\d Tester/g)).toHaveLength(9);
    // The first sheet holds 8, the second 1.
    const first = flat(await pdftotext(await (async () => { const one = await PDFDocument.create(); const [p] = await one.copyPages(pdf, [0]); one.addPage(p); return one.save(); })()));
    expect(first.match(/PESGRE25-/g)).toHaveLength(8);
    // The cancelled one cannot be reprinted either.
    expect((await getPdf(`?regNo=${regs[9]!.registrationNumber}`)).status).toBe(404);
    // Reprint of one badge.
    const one = await getPdf(`?regNo=${regs[0]!.registrationNumber}`);
    expect(one.count).toBe('1');
    expect(one.text).toContain(regs[0]!.registrationNumber);
    // Its QR, rasterised at 150 dpi by MuPDF (npm mupdf, WebAssembly) and read by jsQR, is the registration's current ticket.
    const sheet = mupdf.Document.openDocument(one.bytes, 'application/pdf').loadPage(0);
    const pixmap = sheet.toPixmap(mupdf.Matrix.scale(150 / 72, 150 / 72), mupdf.ColorSpace.DeviceRGB, false, true);
    const png = PNG.sync.read(Buffer.from(pixmap.asPNG()));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(await ticketText(regs[0]!.registrationNumber));
  });

  it('filters by tier, day and since; refuses a malformed filter; needs an admin', async () => {
    const student = await seedRegistration({ registrationTier: 'stud_non_indian_std', noPaper: true, paperId: '' }, new Date(conferenceDay(-6, '09:00:00')));
    // A student waiting for the proof of status (decision 013) gets no badge; once approved, one.
    expect((await getPdf(`?tier=stud_non_indian_std&since=${day(-6)}`)).count).toBe('0');
    await redis().set(keys.registration(student.registrationNumber), { ...student, status: 'confirmed', verification: { ...student.verification, pending: [] } });
    const byTier = await getPdf(`?tier=stud_non_indian_std&since=${day(-6)}`);
    expect(byTier.status, byTier.text).toBe(200);
    expect(byTier.text).toContain(student.registrationNumber);
    expect(byTier.text).toContain('STUDENT');
    expect((await getPdf(`?tier=prof_non_indian_std&since=${day(-6)}`)).text).not.toContain(student.registrationNumber);
    expect((await getPdf(`?day=${day(1)}&since=${day(-6)}`)).text).toContain(student.registrationNumber);
    expect((await getPdf(`?day=${day(7)}&since=${day(-6)}`)).count).toBe('0');
    const bad = await getPdf('?since=yesterday');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).error.fieldErrors).toEqual({ since: 'since must be a date (YYYY-MM-DD) or an ISO date-time.' });
    expect((await badges(new Request('http://localhost/api/admin/badges.pdf'), { deploy: { context: 'dev' } } as never)).status).toBe(401);
  });

  it('a 60-character name fits its badge, shrunk or set on two lines, never cut', async () => {
    const name = 'Dr Venkatanarasimharajuvaripeta Subrahmanyeswara Lakshminara';
    expect(name).toHaveLength(60);
    const pdf = await PDFDocument.create();
    const text = await createPdfText(pdf, [name]);
    const fit = fitNameBlock(text, name, 'IIT Dharwad', NAME_WIDTH, NAME_BLOCK_HEIGHT).name;
    expect(fit.lines.join(' ')).toBe(name);
    for (const l of fit.lines) expect(text.width(l, fit.size, true)).toBeLessThanOrEqual(NAME_WIDTH);
    expect(fit.size).toBeGreaterThanOrEqual(12);
    const r = await seedRegistration({ title: 'Dr', firstName: 'Venkatanarasimharajuvaripeta', lastName: 'Subrahmanyeswara Lakshminara' });
    const bytes = await renderBadgesPdf([{ ...r, ticket: await ticketText(r.registrationNumber) }], new Date());
    // The badge draws the lines the fit chose (pdftotext may read them in another order).
    const printed = flat(await pdftotext(bytes));
    for (const l of fit.lines) expect(printed).toContain(l);
  });

  it.each(unicodeNames)('%s name prints exactly on a badge', async (_script, name) => {
    const r = await seedRegistration({ ...name, organization: `${name.lastName} Lab` });
    const bytes = await renderBadgesPdf([{ ...r, ticket: await ticketText(r.registrationNumber) }], new Date());
    expect(glyphProblems(bytes, [`${name.firstName} ${name.lastName}`, `${name.lastName} Lab`])).toEqual([]);
    // A name may be set on two lines, which a reader may not read one after the other: each word is there.
    const text = flat(await pdftotext(bytes));
    for (const word of `${name.firstName} ${name.lastName} Lab`.split(' ')) expect(text).toContain(word);
  });
});

/** Imports one accepted paper straight into the papers hash (the import itself has its own tests). */
async function paper(paperId: string, title: string, mark: 'presented' | 'no-show' | null) {
  const at = '2025-11-01T00:00:00.000Z';
  await redis().hset(keys.papers(), { [paperId]: JSON.stringify({ paperId, title, track: 'T1', authors: [], specialSession: null, organiser: false, withdrawn: false, importedAt: at, updatedAt: at }) });
  if (mark) await redis().hset(keys.papersPresented(), { [paperId]: JSON.stringify({ mark, at, by: 'admin', reason: 'test' }) });
}

async function certificate(r: Registration, email = r.email) {
  const res = await download(new Request('http://localhost/api/certificates/download', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ regId: r.registrationNumber, email }) }), {
    ip: `198.19.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
    deploy: { context: 'dev' },
  } as never);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, bytes, text: res.status === 200 ? flat(await pdftotext(bytes)) : new TextDecoder().decode(bytes) };
}

describe('certificates of attendance', () => {
  it('opens on the date in src/content', async () => {
    const r = await seedRegistration();
    await recordCheckIn(r.registrationNumber, new Date(conferenceDay(0, '09:00:00')));
    pinClock(new Date(Date.parse(certificates.opensAt) - 60_000).toISOString());
    const early = await certificate(r);
    expect(early.status).toBe(403);
    expect(JSON.parse(early.text).error.message).toBe(`Certificates open on ${formatDay(certificates.opensAt.slice(0, 10))} at ${certificates.opensAt.slice(11, 16)} IST.`);
    pinClock(certificates.opensAt);
    expect((await certificate(r)).status).toBe(200);
  });

  it('never for a registrant not checked in; the same answer for a wrong e-mail as for an unknown ID', async () => {
    pinClock(OPEN);
    const r = await seedRegistration();
    const never = await certificate(r);
    expect(never.status).toBe(404);
    expect(JSON.parse(never.text).error.code).toBe('NOT_CHECKED_IN');
    await recordCheckIn(r.registrationNumber, new Date(conferenceDay(1, '10:00:00')));
    const wrong = await certificate(r, 'someone.else@example.org');
    const unknown = await certificate({ ...r, registrationNumber: 'PESGRE25-ZZZZZZZZ' });
    expect(wrong.status).toBe(404);
    expect(wrong.text).toBe(unknown.text);
  });

  it('lists the days attended; "presented the paper" only when the paper was marked presented', async () => {
    pinClock(OPEN);
    const id = `P${randomBytes(3).toString('hex').toUpperCase()}`;
    const other = `Q${randomBytes(3).toString('hex').toUpperCase()}`;
    await paper(id, 'Grid-Forming Inverters for Weak Grids', 'presented');
    await paper(other, 'A Paper Nobody Presented', 'no-show');
    const presenter = await seedRegistration({ noPaper: false, paperId: id });
    const absent = await seedRegistration({ noPaper: false, paperId: other });
    for (const r of [presenter, absent]) {
      await recordCheckIn(r.registrationNumber, new Date(conferenceDay(0, '09:00:00')));
      await recordCheckIn(r.registrationNumber, new Date(conferenceDay(2, '09:00:00')));
    }
    const a = await certificate(presenter);
    expect(a.status, a.text).toBe(200);
    expect(a.text).toContain(`${formatDay(day(0))} and ${formatDay(day(2))}`);
    expect(a.text).toContain('and presented the paper “Grid-Forming Inverters for Weak Grids”');
    const b = await certificate(absent);
    expect(b.text).toContain(`${formatDay(day(0))} and ${formatDay(day(2))}`);
    expect(b.text).not.toContain('presented the paper');
    expect(b.text).not.toContain('A Paper Nobody Presented');
  });

  it('carries a number the public verify page shows with the name and validity only; revoked after cancellation', async () => {
    pinClock(OPEN);
    const r = await seedRegistration({ firstName: 'Kiran', lastName: 'Rao' });
    await recordCheckIn(r.registrationNumber, new Date(conferenceDay(0, '09:00:00')));
    const c = await certificate(r);
    const number = /Certificate number: (PESGRE25-CERT-[A-Z0-9]{10})/.exec(c.text)?.[1];
    expect(number).toBeDefined();
    expect(c.text).toContain(`/certificates/verify?no=${number}`);
    const v = await call(verify, { path: `/api/certificates/verify?no=${number}` });
    expect(v.body).toEqual({ number, name: 'Dr Kiran Rao', valid: true });
    expect((await call(verify, { path: '/api/certificates/verify?no=PESGRE25-CERT-ZZZZZZZZZZ' })).status).toBe(404);
    await cancel(r);
    expect((await call(verify, { path: `/api/certificates/verify?no=${number}` })).body).toEqual({ number, name: 'Dr Kiran Rao', valid: false });
    const revoked = await certificate(r);
    expect(revoked.status).toBe(410);
    expect(JSON.parse(revoked.text).error.code).toBe('CERTIFICATE_REVOKED');
  });

  it.each(unicodeNames)('%s name prints exactly on a certificate', async (_script, name) => {
    pinClock(OPEN);
    const r = await seedRegistration({ ...name, organization: `${name.lastName} Lab` });
    await recordCheckIn(r.registrationNumber, new Date(conferenceDay(0, '09:00:00')));
    const c = await certificate(r);
    expect(c.status).toBe(200);
    expect(glyphProblems(c.bytes, [`${name.firstName} ${name.lastName}`, `${name.lastName} Lab`])).toEqual([]);
    expect(c.text).toContain(`${name.firstName} ${name.lastName}`);
    expect(c.text).toContain(`${name.lastName} Lab`);
  });

  it('the admin e-mails every certificate once: a second press sends nothing twice, and the runs are logged', async () => {
    pinClock(OPEN);
    const attended = await seedRegistration();
    const away = await seedRegistration();
    await recordCheckIn(attended.registrationNumber, new Date(conferenceDay(3, '09:00:00')));
    const headers = await adminHeaders();
    const first = await call(sendAll, { method: 'POST', headers });
    expect(first.status, first.text).toBe(200);
    expect(first.body.sent).toBeGreaterThanOrEqual(1);
    expect(first.body.failed).toEqual([]);
    const mails = await messagesFor(fx.smtp.messages, attended.registrationNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${conference.name}: your certificate of attendance (${attended.registrationNumber})`);
    expect(mails[0]!.attachments.find((x) => x.mimeType === 'application/pdf')).toBeDefined();
    expect(await messagesFor(fx.smtp.messages, away.registrationNumber)).toHaveLength(0);
    const second = await call(sendAll, { method: 'POST', headers });
    expect(second.body).toMatchObject({ sent: 0, alreadySent: first.body.eligible, eligible: first.body.eligible });
    expect(await messagesFor(fx.smtp.messages, attended.registrationNumber)).toHaveLength(1);
    const log = await call(sendAll, { headers });
    expect(log.body.slice(0, 2).map((e: { sent: number }) => e.sent)).toEqual([0, first.body.sent]);
  });
});
