/**
 * Uploads are bounded by what is read, not what is declared (docs/security.md, "Uploads"): the
 * papers import and the proof of student status refuse a chunked body that declares no length as
 * soon as the bytes read pass the limit (413, a JSON error); the papers import refuses a workbook
 * that inflates past 8 MB or reaches past 20,000 rows or 200 columns (413) before read-excel-file
 * reads it; `dryRun=true` previews like `dryRun=1`; a proof PDF with JavaScript, a launch action or
 * additional actions is refused (415), and nothing is written for any of them.
 */
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import importPapers from '../../netlify/functions/admin-papers-import';
import uploadProofFn from '../../netlify/functions/registration-proof';
import type { Registration } from '../../netlify/server/registrations';
import { keys, redis } from '../../netlify/server/platform/store';
import { proofMessages } from '../../src/shared/proof-rules';
import { DEV, freshAddress, keysMatching } from './helpers';
import { adminHeaders, mailAndWebhook, registerPaid } from './helpers-admin';
import { fixture, upload } from './papers-helpers';

mailAndWebhook();

const MB = 1024 * 1024;

/**
 * A body of `total` bytes sent in 64 KB chunks with no Content-Length (what a chunked upload is),
 * and how many bytes the function pulled from it.
 */
function chunkedBody(total: number, first: Uint8Array = new Uint8Array(0)) {
  const counter = { pulled: 0 };
  const chunk = new Uint8Array(64 * 1024).fill(0x41);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const piece = sent === 0 && first.length ? first : chunk;
      sent += piece.length;
      counter.pulled += piece.length;
      controller.enqueue(piece);
    },
  });
  return { stream, counter };
}

const papersKeys = async () => (await keysMatching('papers*')).sort();

describe('the papers import', () => {
  it('refuses a chunked 12 MB upload that declares no length once 5 MB are read: 413, nothing stored', async () => {
    const { stream, counter } = chunkedBody(12 * MB);
    const req = new Request('http://localhost/api/admin/papers/import?format=cmt', {
      method: 'POST',
      body: stream,
      duplex: 'half',
      headers: { ...(await adminHeaders()), 'content-type': 'multipart/form-data; boundary=xyz' },
    } as RequestInit);
    expect(req.headers.get('content-length')).toBeNull();
    const res = await importPapers(req, { ...DEV, ip: '198.51.100.8' });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ error: { code: 'BODY_TOO_LARGE', message: 'The upload must be at most 5 MB.' } });
    // Reading stopped at the limit: not the 12 MB sent.
    expect(counter.pulled).toBeLessThanOrEqual(5 * MB + 2 * 64 * 1024);
    expect(await papersKeys()).toEqual([]);
  });

  it('refuses a 34 KB workbook that inflates to 32 MB, and one with a cell at XFD1048576, before reading them: 413', async () => {
    const files = unzipSync(fixture('cmt-accepted.xlsx'));
    const sheetName = Object.keys(files).find((k) => /^xl\/worksheets\/sheet1\.xml$/.test(k))!;
    const sheet = strFromU8(files[sheetName]!);
    // One shared-string-free cell of 32 MB of 'x': deflate packs it about a thousand to one.
    const bomb = zipSync({ ...files, [sheetName]: strToU8(sheet.replace('</sheetData>', `<row r="40"><c r="A40" t="inlineStr"><is><t>${'x'.repeat(32 * MB)}</t></is></c></row></sheetData>`)) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100 * 1024);
    const headers = await adminHeaders();
    const inflated = await upload(importPapers, '?format=cmt&dryRun=1', { file: { bytes: bomb, name: 'cmt.xlsx' } }, headers);
    expect(inflated.status).toBe(413);
    expect(inflated.body.error).toEqual({ code: 'WORKBOOK_TOO_LARGE', message: expect.stringContaining('inflates to more than 8 MB') });

    const far = zipSync({ ...files, [sheetName]: strToU8(sheet.replace('</sheetData>', '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row></sheetData>')) });
    const sparse = await upload(importPapers, '?format=cmt', { file: { bytes: far, name: 'cmt.xlsx' } }, headers);
    expect(sparse.status).toBe(413);
    expect(sparse.body.error.message).toBe('The sheet reaches row 1048576: at most 20,000 rows and 200 columns are read. Delete what lies beyond the papers, or save the sheet as CSV.');
    expect(await papersKeys()).toEqual([]);
  });

  it('takes dryRun=true as a preview like dryRun=1, and refuses a dryRun it cannot read', async () => {
    const headers = await adminHeaders();
    const file = { file: { bytes: fixture('cmt-accepted.xlsx'), name: 'cmt-accepted.xlsx' } };
    const preview = await upload(importPapers, '?format=cmt&dryRun=true', file, headers);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ imported: 12, dryRun: true });
    expect(await papersKeys()).toEqual([]);
    const typo = await upload(importPapers, '?format=cmt&dryRun=ture', file, headers);
    expect(typo.status).toBe(400);
    expect(typo.body.error.fieldErrors).toEqual({ dryRun: 'dryRun must be 1 or true (a preview), or 0 or false.' });
    expect(await papersKeys()).toEqual([]);
  });
});

/** A one-page PDF made by pdf-lib, changed by `f`. */
async function pdfWith(f: (pdf: PDFDocument) => void, useObjectStreams = true): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  f(pdf);
  return pdf.save({ useObjectStreams });
}

async function uploadProof(body: BodyInit, headers: Record<string, string> = {}) {
  const req = new Request('http://localhost/api/registration/proof', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
  const res = await uploadProofFn(req, { ...DEV, ip: freshAddress() });
  return { status: res.status, body: (await res.json()) as any };
}

function proofForm(regNo: string, email: string, bytes: Uint8Array): FormData {
  const form = new FormData();
  form.set('regId', regNo);
  form.set('email', email);
  form.set('file', new File([bytes.slice().buffer], 'student-id.pdf', { type: 'application/pdf' }));
  return form;
}

describe('the proof of student status', () => {
  it('refuses a chunked upload past 5 MB that declares no length, and PDFs that run something when opened, writing nothing', async () => {
    const email = 'student.uploads@example.org';
    const { regNo } = await registerPaid({ registrationTier: 'stud_non_indian_std', registrationFee: 8400, noPaper: true, paperId: '', email, verifyEmail: email });
    const stored = async () => JSON.stringify(await redis().get<Registration>(keys.registration(regNo)));
    const before = await stored();
    const auditBefore = await redis().llen(keys.audit());

    const { stream, counter } = chunkedBody(12 * MB);
    const chunked = await uploadProof(stream, { 'content-type': 'multipart/form-data; boundary=xyz' });
    expect(chunked).toMatchObject({ status: 413, body: { error: { code: 'FILE_TOO_LARGE', message: proofMessages.tooLarge } } });
    expect(counter.pulled).toBeLessThan(6 * MB);

    const scripted: [string, Uint8Array][] = [
      ['an /OpenAction running JavaScript', await pdfWith((pdf) => pdf.catalog.set(PDFName.of('OpenAction'), pdf.context.register(pdf.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }))))],
      ['a document-level /JavaScript name tree', await pdfWith((pdf) => pdf.catalog.set(PDFName.of('Names'), pdf.context.obj({ JavaScript: { Names: [PDFString.of('a'), { S: 'JavaScript', JS: PDFString.of('app.alert(1)') }] } })))],
      ['a page with /AA (additional actions)', await pdfWith((pdf) => pdf.getPage(0).node.set(PDFName.of('AA'), pdf.context.obj({ O: { S: 'JavaScript', JS: PDFString.of('app.alert(1)') } })))],
      ['a /Launch action', await pdfWith((pdf) => pdf.catalog.set(PDFName.of('OpenAction'), pdf.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') })))],
    ];
    // The same JavaScript action with its names written as #-escapes (/J#53), outside any object stream.
    const plain = Buffer.from(await pdfWith((pdf) => pdf.catalog.set(PDFName.of('OpenAction'), pdf.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') })), false)).toString('latin1');
    expect(plain).toContain('/JS (app.alert(1))');
    scripted.push(['names escaped as /J#53', new Uint8Array(Buffer.from(plain.replace('/JS ', '/J#53 ').replace('/JavaScript', '/Java#53cript'), 'latin1'))]);
    for (const [what, bytes] of scripted) {
      const r = await uploadProof(proofForm(regNo, email, bytes));
      expect(r, what).toMatchObject({ status: 415, body: { error: { code: 'PDF_ACTIVE_CONTENT', message: proofMessages.activeContent } } });
    }
    expect(await stored()).toBe(before);
    expect(await redis().llen(keys.audit())).toBe(auditBefore);

    // A PDF without them is taken, a "Go to page 1" open action included.
    const clean = await pdfWith((pdf) => pdf.catalog.set(PDFName.of('OpenAction'), pdf.context.obj([pdf.getPage(0).ref, 'Fit'])));
    expect((await uploadProof(proofForm(regNo, email, clean))).status).toBe(200);
  });
});
