/**
 * Accepted papers and the IEEE author rule (decision 011), from a Microsoft CMT export
 * (tests/fixtures/papers/cmt-accepted.xlsx, CMT's columns, a special session of 8 + 1 organiser
 * papers): the import and its preview, registrations against it through the real payment flow,
 * each coverage status, the refusal of an unknown Paper ID, the flag for a non-author, the
 * recomputation after a cancellation, the presented mark from a ticket scan and by hand, the
 * Xplore report and export, the special-session coupons, the uncovered-paper e-mails (sent once)
 * and an idempotent re-import. The tests run in order and build on each other.
 */
import { describe, expect, it } from 'vitest';
import createOrder from '../../netlify/functions/payment-create-order';
import cancellationRequest from '../../netlify/functions/cancellation-request';
import decide from '../../netlify/functions/admin-cancellations-decide';
import importPapers from '../../netlify/functions/admin-papers-import';
import listPapers from '../../netlify/functions/admin-papers';
import exportPapers from '../../netlify/functions/admin-papers-export';
import xplore from '../../netlify/functions/admin-papers-xplore';
import markPaper from '../../netlify/functions/admin-papers-mark';
import scan from '../../netlify/functions/admin-papers-scan';
import mail from '../../netlify/functions/admin-papers-mail';
import sessionCoupons from '../../netlify/functions/admin-papers-session-coupons';
import paperCheck from '../../netlify/functions/papers-check';
import couponsVerify from '../../netlify/functions/coupons-verify';
import { keys, redis } from '../../netlify/server/platform/store';
import { ticketSignature } from '../../netlify/server/tickets';
import { NO_SHOW_REASON_REQUIRED, PAPER_NOT_FOUND, type PapersResponse, type PaperView } from '../../src/shared/papers';
import { registrationFees } from '../../src/content/registration';
import { formatDay } from '../../src/shared/dates';
import { STANDARD_DAY, call, keysMatching, totalFor, validForm } from './helpers';
import { adminHeaders, mailAndWebhook, parseMail, registerPaid } from './helpers-admin';
import { csvOf, fixture, upload } from './papers-helpers';

const fx = mailAndWebhook();
const SS = 'Special Session 1: Hydrogen in Power Systems';
const cmt = () => ({ file: { bytes: fixture('cmt-accepted.xlsx'), name: 'cmt-accepted.xlsx' } });

async function papers(): Promise<PapersResponse> {
  const r = await call(listPapers, { headers: await adminHeaders() });
  expect(r.status).toBe(200);
  return r.body as PapersResponse;
}
const paper = (list: PapersResponse, id: string) => list.papers.find((p) => p.paperId === id) as PaperView;
const ticket = (regNo: string | undefined) => ({ rid: regNo, sig: ticketSignature(regNo!) });
const person = (email: string, extra: Record<string, unknown> = {}) => ({ email, verifyEmail: email, ...extra });

const regs: Record<string, string> = {};

describe('papers from a CMT export', () => {
  it('leaves the Paper ID free text before any import', async () => {
    expect((await call(paperCheck, { body: { paperId: 'ANY-FREE-TEXT' } })).body).toEqual({ accepted: true });
    const data = validForm({ paperId: 'ANY-FREE-TEXT' });
    expect((await call(createOrder, { body: { amount: totalFor(data), data, code: null } })).status).toBe(200);
  });

  it('refuses an import without an admin token, an unknown format and a missing file', async () => {
    expect((await upload(importPapers, '?format=cmt', cmt(), {})).status).toBe(401);
    const headers = await adminHeaders();
    const format = await upload(importPapers, '?format=excel', cmt(), headers);
    expect(format.status).toBe(400);
    expect(format.body.error.message).toBe("format must be 'cmt', 'easychair' or 'csv'.");
    const missing = await upload(importPapers, '?format=cmt', {}, headers);
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('The form has no "file" file.');
    expect(await redis().exists(keys.papers())).toBe(0);
  });

  it('previews the import (dryRun=1): counts and refused rows, nothing stored', async () => {
    const preview = await upload(importPapers, '?format=cmt&dryRun=1', cmt(), await adminHeaders());
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ imported: 12, updated: 0, withdrawn: 0, refused: [{ row: 6, reason: 'Paper ID is empty.' }], notAccepted: 1, dryRun: true });
    expect(await redis().exists(keys.papers())).toBe(0);
    expect((await papers()).papers).toEqual([]);
  });

  it('imports the accepted papers with their authors, tracks and the special session', async () => {
    const r = await upload(importPapers, '?format=cmt', cmt(), await adminHeaders());
    expect(r.body).toMatchObject({ imported: 12, updated: 0, withdrawn: 0, dryRun: false });
    const list = await papers();
    expect(list.papers.map((p) => p.paperId)).toEqual(['1', '2', '3', '20', '21', '22', '23', '24', '25', '26', '27', '28']);
    expect(paper(list, '1')).toMatchObject({
      title: 'Model Predictive Control of Dual Active Bridge Converters',
      track: 'Power Electronics',
      authors: [{ name: 'Asha Rao', email: 'asha.rao@example.org' }, { name: 'Vikram Singh', email: 'vikram.singh@example.org' }],
      status: 'uncovered',
      presented: null,
      registrations: [],
    });
    expect(paper(list, '20')).toMatchObject({ specialSession: SS, organiser: true });
    expect(paper(list, '21')).toMatchObject({ specialSession: SS, organiser: false });
  });

  it("refuses an unknown Paper ID in create-order and the wizard's check with the issue's message, writing nothing", async () => {
    const before = (await keysMatching('order:*')).length;
    const data = validForm({ paperId: '999' });
    const r = await call(createOrder, { body: { amount: totalFor(data), data, code: null } });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code: 'PAPER_NOT_FOUND', message: PAPER_NOT_FOUND, fieldErrors: { 'data.paperId': PAPER_NOT_FOUND } });
    expect((await keysMatching('order:*')).length).toBe(before);
    const check = await call(paperCheck, { body: { paperId: '999' } });
    expect(check.status).toBe(400);
    expect(check.body.error.message).toBe('Paper ID not found among accepted papers.');
    expect((await call(paperCheck, { body: { paperId: ' 1 ' } })).body).toEqual({ accepted: true });
  });

  it('derives each coverage status from the registrations, counts two full ones once and flags a non-author', async () => {
    regs.author = (await registerPaid(person('Asha.Rao@example.org', { paperId: '1' }))).regNo;
    regs.colleague = (await registerPaid(person('colleague@example.org', { paperId: '1' }))).regNo;
    regs.student = (await registerPaid(person('neha.joshi@example.org', { paperId: '2', registrationTier: 'stud_non_indian_std', registrationFee: 8400 }))).regNo;
    regs.karan = (await registerPaid(person('karan.mehta@example.org', { paperId: '3' }))).regNo;
    const list = await papers();
    const p1 = paper(list, '1');
    expect(p1.status).toBe('covered');
    // Both registrations listed (oldest first; under the pinned clock their order is the index's), the colleague flagged.
    const seen = p1.registrations.map((r) => [r.registrationNumber, r.registrationTier, r.status, r.notListedAuthor]);
    expect(seen).toHaveLength(2);
    expect(seen).toEqual(expect.arrayContaining([
      [regs.author, 'prof_non_indian_std', 'confirmed', false],
      [regs.colleague, 'prof_non_indian_std', 'confirmed', true],
    ]));
    expect(paper(list, '2')).toMatchObject({ status: 'student-only', registrations: [{ registrationNumber: regs.student, registrationTier: 'stud_non_indian_std', notListedAuthor: false }] });
    expect(paper(list, '3').status).toBe('covered');
    expect(paper(list, '20').status).toBe('uncovered');
  });

  it('recomputes coverage at once when the covering registration is cancelled', async () => {
    expect((await call(cancellationRequest, { body: { regId: regs.karan, email: 'karan.mehta@example.org' } })).status).toBe(200);
    expect(paper(await papers(), '3').status).toBe('covered'); // a request alone changes nothing
    expect((await call(decide, { body: { registrationNumber: regs.karan, decision: 'approve' }, headers: await adminHeaders() })).status).toBe(200);
    const p3 = paper(await papers(), '3');
    expect(p3.status).toBe('uncovered');
    expect(p3.registrations).toMatchObject([{ registrationNumber: regs.karan, status: 'cancelled' }]);
  });

  it('marks a paper presented from a session scan of a registrant who names it, and refuses one who does not', async () => {
    const headers = await adminHeaders();
    const pick = await call(scan, { body: { ticket: ticket(regs.author) }, headers });
    expect(pick.status).toBe(200);
    expect(pick.body).toMatchObject({ registrationNumber: regs.author, papers: [{ paperId: '1', title: 'Model Predictive Control of Dual Active Bridge Converters' }], marked: null });
    expect(paper(await papers(), '1').presented).toBeNull();

    const refused = await call(scan, { body: { ticket: ticket(regs.colleague), paperId: '2' }, headers });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`${regs.colleague} does not name paper 2: only a registrant who names the paper can mark it presented.`);
    expect(paper(await papers(), '2').presented).toBeNull();

    const cancelled = await call(scan, { body: { ticket: ticket(regs.karan), paperId: '3' }, headers });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe('Registration cancelled');

    const forged = await call(scan, { body: { ticket: { rid: regs.author, sig: 'A'.repeat(43) }, paperId: '1' }, headers });
    expect(forged.status).toBe(400);

    const marked = await call(scan, { body: { ticket: ticket(regs.author), paperId: '1' }, headers });
    expect(marked.status).toBe(200);
    expect(marked.body.marked).toMatchObject({ mark: 'presented', by: `admin (session scan of ${regs.author})`, registrationNumber: regs.author, at: new Date(STANDARD_DAY).toISOString() });
    expect(paper(await papers(), '1')).toMatchObject({ presented: 'presented', presentedRecord: { registrationNumber: regs.author } });
  });

  it('lets the chair mark no-show (with a reason), excused or presented (a reason optional) by hand', async () => {
    const headers = await adminHeaders();
    const noReason = await call(markPaper, { body: { paperId: '2', mark: 'no-show', reason: ' ' }, headers });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fieldErrors).toEqual({ reason: NO_SHOW_REASON_REQUIRED });
    expect((await call(markPaper, { body: { paperId: '2', mark: 'no-show' }, headers })).body.error.fieldErrors).toEqual({ reason: NO_SHOW_REASON_REQUIRED });
    // Presented needs no reason (nor does clearing a mark); the paper is marked, then cleared again.
    const presented = await call(markPaper, { body: { paperId: '21', mark: 'presented' }, headers });
    expect(presented.status, presented.text).toBe(200);
    expect(presented.body.presented).toMatchObject({ mark: 'presented', reason: '' });
    expect((await call(markPaper, { body: { paperId: '21', mark: null, reason: '' }, headers })).body).toEqual({ paperId: '21', presented: null });
    expect((await call(markPaper, { body: { paperId: '2', mark: 'no-show', reason: 'Nobody came to session B3.' }, headers })).status).toBe(200);
    expect((await call(markPaper, { body: { paperId: '20', mark: 'excused', reason: 'Visa refused; presented by video.' }, headers })).status).toBe(200);
    expect((await call(markPaper, { body: { paperId: '999', mark: 'presented', reason: 'x' }, headers })).status).toBe(404);
    const list = await papers();
    expect(paper(list, '2')).toMatchObject({ presented: 'no-show', presentedRecord: { reason: 'Nobody came to session B3.', by: 'admin (publication chair)' } });
    expect(paper(list, '20').presented).toBe('excused');
  });

  it('writes the IEEE Xplore report: eligible yes/no with why, and the no-show list', async () => {
    const headers = await adminHeaders();
    expect((await csvOf(xplore, {})).status).toBe(401);
    const { status, headers: h, rows } = await csvOf(xplore, headers);
    expect(status).toBe(200);
    expect(h.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(h.get('content-disposition')).toBe(`attachment; filename="xplore_${STANDARD_DAY.slice(0, 10)}.csv"`);
    expect(rows[0]).toEqual(['Paper ID', 'Title', 'Track', 'Coverage', 'Presented', 'Eligible', 'Reason', 'No-show']);
    const byId = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(rows.length).toBe(13);
    expect(byId.get('1')?.slice(3)).toEqual(['covered', 'presented', 'yes', '', 'no']);
    expect(byId.get('2')?.slice(3)).toEqual(['student-only', 'no-show', 'no', 'student only', 'yes']);
    expect(byId.get('3')?.slice(3)).toEqual(['uncovered', '', 'no', 'not covered by a paid full registration', 'no']);
    expect(byId.get('20')?.slice(3)).toEqual(['uncovered', 'excused', 'no', 'not covered by a paid full registration', 'no']);

    const exported = await csvOf(exportPapers, headers);
    expect(exported.rows[0]?.[0]).toBe('Paper ID');
    const row1 = exported.rows.find((r) => r[0] === '1');
    expect(row1?.[5]).toBe('covered');
    expect(row1?.[8]).toBe(regs.colleague);
    // Registrations with the tier's public name, never its internal id.
    expect(row1?.[7]).toContain(`${regs.author} (Full Registration – Non-IEEE Member (Indian, Standard), confirmed)`);
    expect(exported.text).not.toMatch(/prof_|stud_/);
  });

  it('counts the special session and generates its complimentary coupons once', async () => {
    const headers = await adminHeaders();
    expect((await papers()).specialSessions).toEqual([
      { session: SS, papers: 9, organiserPapers: 1, nonOrganiserPapers: 8, complimentary: 1, coupons: null, organisers: [{ name: 'Sunil Patil', email: 'sunil.patil@example.org' }] },
    ]);
    const first = await call(sessionCoupons, { body: { session: SS }, headers });
    expect(first.status).toBe(200);
    expect(first.body.generated).toBe(true);
    expect(first.body.coupons).toHaveLength(1);
    const [code] = first.body.coupons as string[];
    expect(code).toMatch(/^SS-[23456789A-HJKMNP-Z]{10}$/);
    expect(await redis().hgetall(keys.coupon(code!))).toEqual({ type: 'full', limit: 1 });
    const again = await call(sessionCoupons, { body: { session: SS }, headers });
    expect(again.body).toEqual({ session: SS, coupons: [code], generated: false });
    expect((await papers()).specialSessions[0]?.coupons).toEqual([code]);
    // A 100 % coupon the registration flow takes.
    const verified = await call(couponsVerify, { body: { code, registrationTier: 'prof_non_indian_std' } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect((await call(sessionCoupons, { body: { session: 'No Such Session' }, headers })).status).toBe(404);
    // With a coupon the Paper ID is checked in the coupon read's round trip: refused alike, no hold taken.
    const data = validForm({ paperId: '999' });
    const refused = await call(createOrder, { body: { amount: 0, data, code } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(PAPER_NOT_FOUND);
    expect(await redis().zcard(keys.couponHolds(code!))).toBe(0);
  });

  it('e-mails the authors of papers without a full registration (student-only ones too) after a preview, and a second press sends nothing', async () => {
    const headers = await adminHeaders();
    const preview = await call(mail, { headers });
    expect(preview.status).toBe(200);
    // Without a full registration now: 2 (student only), 3 (cancelled), 20 (organiser) and 21-28.
    expect(preview.body).toMatchObject({ papers: 11, recipients: 11, log: [] });
    expect(preview.body.sample.subject).toBe('PESGRE 2025: paper 2 has no full registration yet');
    expect((await call(mail, { body: { batchId: 'f'.repeat(32) }, headers })).status).toBe(409);
    const before = fx.smtp.messages.length;
    const sent = await call(mail, { body: { batchId: preview.body.batchId }, headers });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ alreadySent: false, entry: { papers: 11, recipients: 11, sent: 11, failed: [] } });
    expect(fx.smtp.messages.length - before).toBe(11);
    const mails = await Promise.all(fx.smtp.messages.slice(before).map(parseMail));
    const toKaran = mails.find((m) => m.subject?.includes('paper 3 '));
    expect(toKaran?.to?.map((t) => t.address)).toEqual(['karan.mehta@example.org']);
    // The registration page and its deadline (src/content), while registration is open.
    const deadline = `${formatDay(registrationFees.standardDeadline)} (23:59 IST)`;
    expect(toKaran?.text).toContain(`Please register one author at the full fee by ${deadline}, the registration deadline, and give Paper ID 3 on the registration form:`);
    expect(toKaran?.text).toContain('http://localhost:5173/authors/registration/details');
    // The student's paper: its authors are told a student registration does not cover it.
    const toNeha = mails.find((m) => m.subject?.includes('paper 2 '));
    expect(toNeha?.to?.map((t) => t.address)).toEqual(['neha.joshi@example.org']);
    expect(toNeha?.text).toContain('is named only by a student registration, which does not cover a paper');
    expect(toNeha?.text).toContain(deadline);

    const twice = await call(mail, { body: { batchId: preview.body.batchId }, headers });
    expect(twice.body).toMatchObject({ alreadySent: true, entry: { batchId: preview.body.batchId, sent: 11 } });
    expect(fx.smtp.messages.length - before).toBe(11);
    expect((await call(mail, { headers })).body.log).toHaveLength(1);
  });

  it('re-imports idempotently: changed papers updated, no longer accepted ones withdrawn, none deleted', async () => {
    const headers = await adminHeaders();
    const file = { file: { bytes: fixture('cmt-reimport.csv'), name: 'cmt-reimport.csv' } };
    const r = await upload(importPapers, '?format=cmt', file, headers);
    expect(r.body).toEqual({ imported: 0, updated: 1, withdrawn: 1, refused: [], notAccepted: 2, dryRun: false });
    const list = await papers();
    expect(list.papers).toHaveLength(12);
    expect(paper(list, '2').title).toBe('Solar Forecasting with Satellite Imagery and Ground Sensors');
    expect(paper(list, '3')).toMatchObject({ status: 'withdrawn', registrations: [{ registrationNumber: regs.karan }] });
    expect((await upload(importPapers, '?format=cmt', file, headers)).body).toEqual({ imported: 0, updated: 0, withdrawn: 0, refused: [], notAccepted: 2, dryRun: false });
    // A withdrawn paper is no longer among the accepted ones.
    expect((await call(paperCheck, { body: { paperId: '3' } })).status).toBe(400);
    // The original file brings it back (updated).
    expect((await upload(importPapers, '?format=cmt', cmt(), headers)).body).toMatchObject({ imported: 0, updated: 2, withdrawn: 0 });
  });
});
