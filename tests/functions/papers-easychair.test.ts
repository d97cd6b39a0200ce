/**
 * Accepted papers from an EasyChair pair (tests/fixtures/papers/easychair-submission.csv and
 * easychair-author.csv, EasyChair's columns) and from a CSV with the chair's header mapping
 * (decision 011): the refusals of both files with their rows, registrations against the papers and
 * their coverage.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import importPapers from '../../netlify/functions/admin-papers-import';
import listPapers from '../../netlify/functions/admin-papers';
import createOrder from '../../netlify/functions/payment-create-order';
import { PAPER_NOT_FOUND, type PapersResponse } from '../../src/shared/papers';
import { STANDARD_DAY, call, pinClock, totalFor, validForm } from './helpers';
import { adminHeaders, registerPaid } from './helpers-admin';
import { fixture, upload } from './papers-helpers';

const pair = () => ({
  submissions: { bytes: fixture('easychair-submission.csv'), name: 'submission.csv' },
  authors: { bytes: fixture('easychair-author.csv'), name: 'author.csv' },
});
const person = (email: string, extra: Record<string, unknown> = {}) => ({ email, verifyEmail: email, ...extra });
async function papers(): Promise<PapersResponse> {
  return (await call(listPapers, { headers: await adminHeaders() })).body as PapersResponse;
}

// Registrations are sold until the Standard deadline (decision 013): the clock is pinned inside it.
beforeEach(() => pinClock(STANDARD_DAY));

describe('papers from an EasyChair pair', () => {
  it('imports the accepted submissions with their authors and says which rows it refuses', async () => {
    const headers = await adminHeaders();
    const missing = await upload(importPapers, '?format=easychair', { submissions: pair().submissions }, headers);
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('The form has no "authors" file.');
    const r = await upload(importPapers, '?format=easychair', pair(), headers);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      imported: 3,
      updated: 0,
      withdrawn: 0,
      refused: [
        { row: 6, reason: 'No author in author.csv.' },
        { row: 7, reason: 'author.csv: "not-an-address" is not an e-mail address (submission 104).' },
      ],
      notAccepted: 1,
      dryRun: false,
    });
    const list = await papers();
    expect(list.papers.map((p) => [p.paperId, p.track, p.authors.map((a) => a.email)])).toEqual([
      ['101', 'Power Electronics', ['meera.iyer@example.org', 'arjun.das@example.org']],
      ['102', 'Smart Grid', ['farah.khan@example.org']],
      ['104', 'Renewable Energy', ['leela.menon@example.org']],
    ]);
  });

  it('takes registrations against the papers: covered by a co-author, student-only, uncovered; refuses an unknown one', async () => {
    await registerPaid(person('arjun.das@example.org', { paperId: '101' }));
    await registerPaid(person('farah.k@personal.example', { paperId: '102', registrationTier: 'stud_non_indian_std', registrationFee: 8400 }));
    const data = validForm({ paperId: '103' }); // rejected by the committee: not among the accepted papers
    const refused = await call(createOrder, { body: { amount: totalFor(data), data, code: null } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(PAPER_NOT_FOUND);
    const list = await papers();
    expect(list.papers.map((p) => [p.paperId, p.status, p.registrations.map((r) => r.notListedAuthor)])).toEqual([
      ['101', 'covered', [false]],
      ['102', 'student-only', [true]],
      ['104', 'uncovered', []],
    ]);
  });
});

describe('papers from a CSV with a header mapping', () => {
  const csv = [
    'Number,Paper,Emails,Names,Decision,Session,By organiser',
    '7,Wide-Bandgap Devices in Traction,"a@example.org; b@example.org","A One; B Two",Yes,SS-2,no',
    '8,Storage Dispatch,c@example.org,C Three,Yes,,',
    '9,Not Taken,d@example.org,D Four,No,,',
    '10,Bad Address,not-mail,E Five,Yes,,',
  ].join('\n');
  const file = () => ({ file: { bytes: new TextEncoder().encode(csv), name: 'papers.csv' } });
  const mapping = { paperId: 'Number', title: 'Paper', authorEmails: 'Emails', authorNames: 'Names', status: 'Decision', acceptedValues: ['Yes'], specialSession: 'Session', organiser: 'By organiser' };

  it('needs a mapping naming columns the file has', async () => {
    const headers = await adminHeaders();
    const none = await upload(importPapers, '?format=csv', file(), headers);
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('A csv import needs a "mapping" field (JSON).');
    const wrong = await upload(importPapers, '?format=csv', file(), headers, { mapping: JSON.stringify({ ...mapping, title: 'Title' }) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('The CSV file has no "Title" column.');
  });

  it('imports with the mapping (a preview first), withdrawing the papers of the earlier import', async () => {
    const headers = await adminHeaders();
    const preview = await upload(importPapers, '?format=csv&dryRun=1', file(), headers, { mapping: JSON.stringify(mapping) });
    expect(preview.body).toEqual({ imported: 2, updated: 0, withdrawn: 3, refused: [{ row: 5, reason: '"not-mail" is not an e-mail address.' }], notAccepted: 1, dryRun: true });
    await upload(importPapers, '?format=csv', file(), headers, { mapping: JSON.stringify(mapping) });
    const list = await papers();
    expect(list.papers.map((p) => [p.paperId, p.status, p.specialSession])).toEqual([
      ['7', 'uncovered', 'SS-2'],
      ['8', 'uncovered', null],
      ['101', 'withdrawn', null],
      ['102', 'withdrawn', null],
      ['104', 'withdrawn', null],
    ]);
  });
});
