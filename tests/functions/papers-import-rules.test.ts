/**
 * How an import reads a file's rows (docs/operations.md, "Accepted papers"): which tracks are
 * special sessions ("SS03: Wide-Bandgap Devices (Special Session)" is one), titles longer than
 * PAPER_TITLE_MAX_LENGTH refused, a line break typed in a cell read as a space; and the reminder
 * to authors once online registration has closed.
 */
import { stringify } from 'csv-stringify/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import importPapers from '../../netlify/functions/admin-papers-import';
import listPapers from '../../netlify/functions/admin-papers';
import mail from '../../netlify/functions/admin-papers-mail';
import { conference } from '../../src/content/conference';
import { registrationFees } from '../../src/content/registration';
import { formatDay } from '../../src/shared/dates';
import { PAPER_TITLE_MAX_LENGTH, isSpecialSessionTrack, type PapersResponse } from '../../src/shared/papers';
import { STANDARD_DAY, call, pinClock } from './helpers';
import { adminHeaders } from './helpers-admin';
import { upload } from './papers-helpers';
import { shiftDay } from '../setup/edition-clock';

const HEADER = ['Paper ID', 'Paper Title', 'Author Names', 'Author Emails', 'Track Name', 'Status'];
const cmtCsv = (rows: string[][]) => new TextEncoder().encode(stringify([HEADER, ...rows]));
const row = (id: string, title: string, track: string, email = `author${id}@example.org`) => [id, title, `Author ${id}*`, `${email}*`, track, 'Accept'];

beforeEach(() => pinClock(STANDARD_DAY));

describe('special-session tracks', () => {
  it.each([
    ['SS03: Wide-Bandgap Devices (Special Session)', true],
    ['Special Session 1: Hydrogen in Power Systems', true],
    ['SS-4 Hydrogen Storage', true],
    ['ss 12: Microgrids', true],
    ['Special-Session on Grid Codes', true],
    ['Power Electronics', false],
    ['Smart Grid Sessions', false],
    ['SSD Storage for Grid Data', false],
  ])('%s is a special session: %s', (track, special) => {
    expect(isSpecialSessionTrack(track)).toBe(special);
  });
});

describe('an import of a CMT CSV', () => {
  it('takes "SS03: … (Special Session)" as a special session, refuses a title past the limit and reads a line break in a cell as a space', async () => {
    const headers = await adminHeaders();
    const long = 'W'.repeat(PAPER_TITLE_MAX_LENGTH + 1);
    const file = cmtCsv([
      row('501', 'Gallium Nitride Gate Drivers', 'SS03: Wide-Bandgap Devices (Special Session)'),
      row('502', 'Silicon Carbide MOSFET Ageing', 'SS03: Wide-Bandgap Devices (Special Session)'),
      row('503', 'Grid-Forming Inverters', 'Power Electronics'),
      row('504', long, 'Power Electronics'),
      ['505', 'Protection of\r\nLow-Inertia Grids', 'Author A*; Author B', 'a505@example.org*\nb505@example.org', 'Smart Grid', 'Accept'],
    ]);
    const r = await upload(importPapers, '?format=cmt', { file: { bytes: file, name: 'cmt.csv' } }, headers);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ imported: 4, refused: [{ row: 5, reason: `Title is longer than ${PAPER_TITLE_MAX_LENGTH} characters.` }] });
    const list = (await call(listPapers, { headers })).body as PapersResponse;
    const byId = new Map(list.papers.map((p) => [p.paperId, p]));
    expect(byId.get('501')?.specialSession).toBe('SS03: Wide-Bandgap Devices (Special Session)');
    expect(byId.get('503')?.specialSession).toBeNull();
    expect(byId.get('505')).toMatchObject({ title: 'Protection of Low-Inertia Grids', authors: [{ email: 'a505@example.org' }, { email: 'b505@example.org' }] });
    expect(list.specialSessions.map((s) => [s.session, s.papers])).toEqual([['SS03: Wide-Bandgap Devices (Special Session)', 2]]);
  });

  it('tells the authors whom to write to once online registration has closed, not to register by a past deadline', async () => {
    pinClock(`${shiftDay(registrationFees.standardDeadline, 1)}T10:00:00+05:30`);
    const preview = await call(mail, { headers: await adminHeaders() });
    expect(preview.status).toBe(200);
    const text: string = preview.body.sample.text;
    expect(text).toContain(`Online registration closed on ${formatDay(registrationFees.standardDeadline)} (23:59 IST). Please write to ${conference.contactEmail} at once`);
    expect(text).not.toContain('/authors/registration/details');
  });
});
