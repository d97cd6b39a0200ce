/**
 * The programme (decision 037, 038; docs/operations.md, "The programme"): the chair's CSV import
 * against accepted papers imported through the papers import, its refusals naming the rows, the
 * dry run, GET /api/programme, the calendar feeds parsed by ical.js (UIDs, times, SEQUENCE), the
 * frab schedule, the personal agenda (its proof, stars, the delegate's own papers), the authors'
 * e-mails received by a real SMTP server (one per author and change, never one per field, a moved
 * session raising SEQUENCE), the scheduled run's retries, and the confirmation's calendar. The
 * tests run in order and build on each other.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import importPapers from '../../netlify/functions/admin-papers-import';
import importProgramme from '../../netlify/functions/admin-programme-import';
import adminProgramme from '../../netlify/functions/admin-programme';
import programme from '../../netlify/functions/programme';
import programmeIcs from '../../netlify/functions/programme-ics';
import schedule from '../../netlify/functions/programme-schedule';
import agendaCreate from '../../netlify/functions/agenda-create';
import agenda from '../../netlify/functions/agenda';
import agendaFeed from '../../netlify/functions/agenda-feed';
import programmeNotices from '../../netlify/functions/programme-notices';
import { keys, redis } from '../../netlify/server/platform/store';
import type { AgendaLink, AgendaState, ProgrammeImportResult, ProgrammeResponse } from '../../src/shared/programme';
import { conference } from '../../src/content/conference';
import { dayAfter, formatDay, formatDayRange } from '../../src/shared/dates';
import { wallClockInZone } from '../../src/shared/schedule';
import { DEV, STANDARD_DAY, call, pinClock, runScheduled, type Fn } from './helpers';
import { adminHeaders, mailAndWebhook, parseMail, registerPaid } from './helpers-admin';

const fx = mailAndWebhook();

const PAPERS = [
  'Paper ID,Title,Authors,Emails,Track,Status',
  '101,Grid-forming inverter control,Asha Rao; Vikram Shetty,asha.rao@example.org; vikram.shetty@example.org,Smart Grid and Microgrid,Accept',
  '102,Ageing of second-life batteries,Meera Iyer,meera.iyer@example.org,Energy Storage and Battery Charging Technologies,Accept',
  '103,A 10 kW SiC converter,Asha Rao,asha.rao@example.org,Wide Band Gap Devices,Accept',
  '104,Harmonics of rural feeders,Ravi Kumar,ravi.kumar@example.org,"FACTS, Custom Power, Power Quality and EMI",Accept',
  '105,A rejected idea,Someone Else,someone@example.org,Smart Grid and Microgrid,Reject',
].join('\n');
const MAPPING = JSON.stringify({ paperId: 'Paper ID', title: 'Title', authorNames: 'Authors', authorEmails: 'Emails', track: 'Track', status: 'Status' });

// This edition's days (decision 018: the figures come from src/content, so the next edition's tests hold).
const D1 = conference.startDate;
const D2 = dayAfter(D1);
const D3 = dayAfter(D2);
const D4 = dayAfter(D3);
const AFTER = dayAfter(conference.endDate);
/** A local day and time of the conference as a UTC instant, as the calendars write it. */
const utc = (day: string, time: string) => wallClockInZone(day, time, conference.timeZone).toISOString();

const HEADER = 'session_id,title,kind,track,room,date,start,end,chair,paper_ids';
const PROGRAMME = [
  HEADER,
  `OPEN,Opening and keynote,keynote,,Main Auditorium,${D1},09:00,10:30,Prof. Lakshmi Nair,`,
  `S1,Grid control,papers,Smart Grid and Microgrid,Hall A,${D1},11:00,12:30,Dr. Kiran Patil,101`,
  `S2,Storage and devices,papers,Energy Storage and Battery Charging Technologies,Hall B,${D1},11:00,12:30,Dr. Nisha Menon,102;103`,
  `TEA,Tea,break,,,${D1},10:30,11:00,,`,
].join('\n');

/** POSTs `csv` as the `file` of a multipart form to `fn` at `query`, as the admin pages send it. */
async function upload(fn: Fn, query: string, csv: string, fields: Record<string, string> = {}, headers?: Record<string, string>) {
  const form = new FormData();
  form.append('file', new Blob([csv]), 'file.csv');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fn(new Request(`http://localhost/api/admin/x${query}`, { method: 'POST', body: form, headers: headers ?? (await adminHeaders()) }), { ...DEV, ip: '198.51.100.9' });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Record<string, any>, headers: res.headers };
}

const importCsv = (csv: string, query = '') => upload(importProgramme, query, csv);

/** The VEVENTs of an .ics text, parsed by ical.js. */
function events(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return { uid: e.uid, start: e.startDate.toJSDate().toISOString(), end: e.endDate.toJSDate().toISOString(), sequence: e.sequence, location: e.location, summary: e.summary, stamp: v.getFirstPropertyValue('dtstamp')?.toString() ?? null, description: e.description };
  });
}

/** The messages received since `from`, parsed. */
async function mailsSince(from: number) {
  return Promise.all(fx.smtp.messages.slice(from).map(parseMail));
}

const regs: Record<string, string> = {};

describe('the programme import', () => {
  it('imports the accepted papers first (through the papers import) and registers two authors', async () => {
    const r = await upload(importPapers, '?format=csv', PAPERS, { mapping: MAPPING });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.imported).toBe(4);
    regs.asha = (await registerPaid({ email: 'asha.rao@example.org', verifyEmail: 'asha.rao@example.org', firstName: 'Asha', lastName: 'Rao', paperId: '101' })).regNo;
    regs.meera = (await registerPaid({ email: 'meera.iyer@example.org', verifyEmail: 'meera.iyer@example.org', firstName: 'Meera', lastName: 'Iyer', paperId: '102' })).regNo;
  });

  it('answers an empty programme before the first import', async () => {
    const r = await call(programme);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ updatedAt: null, sessions: [] });
  });

  it('refuses without an admin token, a file without a column, an unknown kind; writes nothing', async () => {
    expect((await upload(importProgramme, '', PROGRAMME, {}, {})).status).toBe(401);
    const noColumn = await importCsv(`session_id,title,kind,room,date,start,end,paper_ids\nS1,x,papers,Hall A,${D1},09:00,10:00,101`);
    expect(noColumn.status).toBe(400);
    expect(noColumn.body.error).toMatchObject({ code: 'MISSING_COLUMN', message: expect.stringContaining('"track", "chair"') });
    const kind = await importCsv(`${HEADER}\nS1,x,lecture,,Hall A,${D1},09:00,10:00,,`);
    expect(kind.status).toBe(400);
    expect(kind.body.refused).toEqual([{ row: 2, reason: 'kind must be one of keynote, tutorial, papers, break, other (it is "lecture").' }]);
    expect(await redis().exists(keys.programme())).toBe(0);
  });

  it("refuses a Paper ID that is not accepted, a day outside the conference, two sessions in one room at once and a paper in two sessions, naming each row (400, nothing written)", async () => {
    const csv = [
      HEADER,
      `A,Good session,papers,,Hall A,${D1},09:00,10:00,,101`,
      `B,Unknown paper,papers,,Hall B,${D1},09:00,10:00,,999`,
      `C,Rejected paper,papers,,Hall C,${D1},09:00,10:00,,105`,
      `D,After the end,other,,Hall B,${AFTER},09:00,10:00,,`,
      `E,Same room,papers,,Hall A,${D1},09:30,10:30,,102`,
      `F,Paper again,papers,,Hall D,${D2},09:00,10:00,,101`,
      `G,End before start,other,,Hall D,${D2},12:00,11:00,,`,
    ].join('\n');
    const r = await importCsv(csv);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('PROGRAMME_REFUSED');
    expect(r.body.error.message).toBe('Nothing was imported: 6 rows have a problem. Row 3: Paper ID 999 is not an accepted paper.');
    expect(r.body.refused).toEqual([
      { row: 3, reason: 'Paper ID 999 is not an accepted paper.' },
      { row: 4, reason: 'Paper ID 105 is not an accepted paper.' },
      { row: 5, reason: `date ${AFTER} is outside the conference days (${formatDayRange(conference.startDate, conference.endDate)}).` },
      { row: 6, reason: `Room Hall A already holds session A (row 2) from 09:00 to 10:00 on ${D1}.` },
      { row: 7, reason: 'Paper ID 101 is already in session A (row 2).' },
      { row: 8, reason: 'end (11:00) must be after start (12:00).' },
    ]);
    expect(await redis().exists(keys.programme())).toBe(0);
    expect(await redis().zcard(keys.programmeNoticeQueue())).toBe(0);
  });

  it('previews with dryRun=1 and dryRun=true: the counts, warnings and timetable, nothing stored, nobody e-mailed', async () => {
    const before = fx.smtp.messages.length;
    for (const query of ['?dryRun=1', '?dryRun=true']) {
      const r = await importCsv(PROGRAMME, query);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const body = r.body as ProgrammeImportResult;
      expect(body).toMatchObject({ sessions: 4, papers: 3, dryRun: true, notices: 3 });
      expect(body.unplaced).toEqual([{ paperId: '104', title: 'Harmonics of rural feeders', track: 'FACTS, Custom Power, Power Quality and EMI' }]);
      expect(body.warnings).toEqual([{ row: null, message: '1 accepted paper is in no session.' }]);
      expect(body.programme.sessions.map((s) => s.id)).toEqual(['OPEN', 'TEA', 'S1', 'S2']);
    }
    expect(await redis().exists(keys.programme())).toBe(0);
    expect(fx.smtp.messages.length).toBe(before);
  });

  it('publishes: GET /api/programme in India time sorted by start then room, authors by name only, cached briefly', async () => {
    const before = fx.smtp.messages.length;
    const r = await importCsv(PROGRAMME);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ sessions: 4, papers: 3, dryRun: false, notices: 3 });
    const got = await call(programme);
    expect(got.status).toBe(200);
    expect(got.headers.get('cache-control')).toBe('public, max-age=60');
    expect(got.headers.get('netlify-cdn-cache-control')).toBe('public, durable, max-age=120, stale-while-revalidate=60');
    const body = got.body as ProgrammeResponse;
    expect(body.updatedAt).toBe(new Date(STANDARD_DAY).toISOString());
    expect(body.sessions.map((s) => [s.id, s.start, s.end, s.room])).toEqual([
      ['OPEN', `${D1}T09:00:00+05:30`, `${D1}T10:30:00+05:30`, 'Main Auditorium'],
      ['TEA', `${D1}T10:30:00+05:30`, `${D1}T11:00:00+05:30`, ''],
      ['S1', `${D1}T11:00:00+05:30`, `${D1}T12:30:00+05:30`, 'Hall A'],
      ['S2', `${D1}T11:00:00+05:30`, `${D1}T12:30:00+05:30`, 'Hall B'],
    ]);
    expect(body.sessions[3]).toEqual({
      id: 'S2',
      title: 'Storage and devices',
      kind: 'papers',
      track: 'Energy Storage and Battery Charging Technologies',
      room: 'Hall B',
      start: `${D1}T11:00:00+05:30`,
      end: `${D1}T12:30:00+05:30`,
      chair: 'Dr. Nisha Menon',
      papers: [
        { paperId: '102', title: 'Ageing of second-life batteries', authors: ['Meera Iyer'] },
        { paperId: '103', title: 'A 10 kW SiC converter', authors: ['Asha Rao'] },
      ],
    });
    expect(got.text).not.toContain('@example.org');
    // The registered authors were told, one e-mail per author and session: Asha twice (S1, S2), Meera once; Vikram has no registration.
    const mails = await mailsSince(before);
    expect(mails.map((m) => m.to?.[0]?.address).sort()).toEqual(['asha.rao@example.org', 'asha.rao@example.org', 'meera.iyer@example.org']);
    const meera = mails.find((m) => m.to?.[0]?.address === 'meera.iyer@example.org')!;
    expect(meera.subject).toBe(`${conference.name}: your paper 102 is in the programme — ${formatDay(D1)}, 11:00 IST, Hall B`);
    expect(meera.text).toContain('Session: Storage and devices');
    expect(meera.text).toContain(`When: ${formatDay(D1)}, 11:00 to 12:30 (India time, IST)`);
    expect(meera.text).toContain(`Where: Hall B, ${conference.venue}`);
    expect(await redis().zcard(keys.programmeNoticeQueue())).toBe(0);
  });

  it('the programme feed, parsed by ical.js: one VEVENT per session with its UID, UTC times, location and SEQUENCE 0', async () => {
    const r = await call(programmeIcs);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const list = events(r.text);
    expect(list.map((e) => [e.uid, e.start, e.end, e.sequence, e.location])).toEqual([
      ['session-OPEN@programme.pesgre2025', utc(D1, '09:00'), utc(D1, '10:30'), 0, `Main Auditorium, ${conference.venue}`],
      ['session-TEA@programme.pesgre2025', utc(D1, '10:30'), utc(D1, '11:00'), 0, conference.venue],
      ['session-S1@programme.pesgre2025', utc(D1, '11:00'), utc(D1, '12:30'), 0, `Hall A, ${conference.venue}`],
      ['session-S2@programme.pesgre2025', utc(D1, '11:00'), utc(D1, '12:30'), 0, `Hall B, ${conference.venue}`],
    ]);
    expect(list.every((e) => e.stamp)).toBe(true);
    expect(list[3]!.description).toContain('102: Ageing of second-life batteries (Meera Iyer)');
  });

  it('the frab schedule: days, rooms, events with a stable guid, id, date, start and duration', async () => {
    const r = await call(schedule);
    expect(r.status).toBe(200);
    const conf = r.body.schedule.conference;
    expect(conf).toMatchObject({ acronym: 'pesgre2025', start: conference.startDate, end: conference.endDate, daysCount: 4, time_zone_name: 'Asia/Kolkata' });
    expect(conf.days.map((d: { date: string }) => d.date)).toEqual([D1, D2, D3, D4]);
    expect(conf.days[0].day_start).toBe(`${D1}T00:00:00+05:30`);
    const s2 = conf.days[0].rooms['Hall B'][0];
    expect(s2).toMatchObject({ title: 'Storage and devices', date: `${D1}T11:00:00+05:30`, start: '11:00', duration: '01:30', room: 'Hall B', type: 'papers', track: 'Energy Storage and Battery Charging Technologies' });
    expect(s2.guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.isInteger(s2.id) && s2.id >= 1).toBe(true);
    expect(s2.slug).toMatch(/^[a-z0-9_-]+[a-z0-9]$/);
    expect(s2.persons).toEqual([{ name: 'Meera Iyer', public_name: 'Meera Iyer' }, { name: 'Asha Rao', public_name: 'Asha Rao' }]);
    // The break for everyone is listed under the venue.
    expect(conf.days[0].rooms[conference.venue][0].title).toBe('Tea');
    (globalThis as { s2Guid?: string }).s2Guid = s2.guid;
  });

  it('re-importing the same file sends nothing and changes no SEQUENCE; a title change sends nothing either', async () => {
    const before = fx.smtp.messages.length;
    expect((await importCsv(PROGRAMME)).body.notices).toBe(0);
    const renamed = (await importCsv(PROGRAMME.replace('S1,Grid control', 'S1,Control of grid-forming inverters'))).body;
    expect(renamed.notices).toBe(0);
    expect(fx.smtp.messages.length).toBe(before);
    const list = events((await call(programmeIcs)).text);
    expect(list.map((e) => e.sequence)).toEqual([0, 0, 0, 0]);
    expect(list[2]!.summary).toBe('Control of grid-forming inverters');
  });

  it('a moved session (time and room in one import) raises its SEQUENCE once, keeps its UID and guid, and e-mails each of its authors once', async () => {
    const before = fx.smtp.messages.length;
    const moved = PROGRAMME.replace(`S2,Storage and devices,papers,Energy Storage and Battery Charging Technologies,Hall B,${D1},11:00,12:30`, `S2,Storage and devices,papers,Energy Storage and Battery Charging Technologies,Hall C,${D2},14:00,15:30`);
    const r = await importCsv(moved);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.notices).toBe(2);
    const list = events((await call(programmeIcs)).text);
    const s2 = list.find((e) => e.uid === 'session-S2@programme.pesgre2025')!;
    expect(s2).toMatchObject({ sequence: 1, start: utc(D2, '14:00'), end: utc(D2, '15:30'), location: `Hall C, ${conference.venue}` });
    expect(list.filter((e) => e.uid !== s2.uid).map((e) => e.sequence)).toEqual([0, 0, 0]);
    const mails = await mailsSince(before);
    expect(mails.map((m) => m.to?.[0]?.address).sort()).toEqual(['asha.rao@example.org', 'meera.iyer@example.org']);
    const asha = mails.find((m) => m.to?.[0]?.address === 'asha.rao@example.org')!;
    expect(asha.subject).toBe(`${conference.name}: the session of your paper 103 has moved — ${formatDay(D2)}, 14:00 IST, Hall C`);
    expect(asha.text).toContain(`When: ${formatDay(D2)}, 14:00 to 15:30 (India time, IST)`);
    expect(asha.text).toContain(`When: ${formatDay(D1)}, 11:00 to 12:30 (India time, IST)`);
    const guid = (await call(schedule)).body.schedule.conference.days[1].rooms['Hall C'][0].guid;
    expect(guid).toBe((globalThis as { s2Guid?: string }).s2Guid);
    // Moved again and back, SEQUENCE only grows.
    await importCsv(PROGRAMME.replace('S1,Grid control', 'S1,Control of grid-forming inverters'));
    expect(events((await call(programmeIcs)).text).find((e) => e.uid === s2.uid)!.sequence).toBe(2);
  });

  it('the admin view: the programme as delegates see it, the warnings, the papers in no session', async () => {
    const r = await call(adminProgramme, { headers: await adminHeaders() });
    expect(r.status).toBe(200);
    expect(r.body.programme.sessions).toHaveLength(4);
    expect(r.body.unplaced.map((p: { paperId: string }) => p.paperId)).toEqual(['104']);
    expect(r.body.warnings).toEqual([{ row: null, message: '1 accepted paper is in no session.' }]);
    expect(r.body.pendingNotices).toBe(0);
    expect((await call(adminProgramme)).status).toBe(401);
  });
});

describe('the personal agenda', () => {
  let link: AgendaLink;

  it('POST /api/agenda answers the same 404 for a wrong e-mail and an unknown ID, and the link for the right pair', async () => {
    const wrong = await call(agendaCreate, { body: { regId: regs.meera, email: 'someone@example.org' } });
    const unknown = await call(agendaCreate, { body: { regId: 'PESGRE25-ZZZZ2222', email: 'meera.iyer@example.org' } });
    expect(wrong.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(wrong.body).toEqual(unknown.body);
    expect((await call(agendaCreate, { body: { regId: regs.meera } })).status).toBe(400);
    const r = await call(agendaCreate, { body: { regId: regs.meera, email: ' Meera.Iyer@example.org ' } });
    expect(r.status).toBe(200);
    link = r.body as AgendaLink;
    expect(link.feedUrl).toBe(`http://localhost:5173/api/agenda/${link.token}.ics`);
    expect(link.webcalUrl).toBe(`webcal://localhost:5173/api/agenda/${link.token}.ics`);
    expect(link.pageUrl).toBe(`http://localhost:5173/program#agenda=${link.token}`);
    // The same link every time.
    expect((await call(agendaCreate, { body: { regId: regs.meera, email: 'meera.iyer@example.org' } })).body.token).toBe(link.token);
  });

  it("holds the sessions of the delegate's own papers without a star; PUT stores the starred ones", async () => {
    const path = `/api/agenda/${link.token}`;
    const state = await call(agenda, { path });
    expect(state.body).toEqual({ sessions: [], own: ['S2'] } satisfies AgendaState);
    const put = await call(agenda, { method: 'PUT', path, body: { sessions: ['OPEN', 'S1', 'OPEN'] } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ sessions: ['OPEN', 'S1'], own: ['S2'] });
    const unknown = await call(agenda, { method: 'PUT', path, body: { sessions: ['NOPE'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('The programme has no session NOPE.');
    expect((await call(agenda, { method: 'PUT', path, body: { sessions: 'OPEN' } })).status).toBe(400);
    expect((await call(agenda, { path: `/api/agenda/${link.token.slice(0, -2)}xx` })).status).toBe(404);
    expect((await call(agenda, { path: '/api/agenda/nonsense' })).status).toBe(404);
  });

  it('the agenda feed, parsed by ical.js: the starred sessions and the own one, with their UIDs, times and SEQUENCE', async () => {
    const r = await call(agendaFeed, { path: `/api/agenda/${link.token}.ics` });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('private, max-age=60');
    const list = events(r.text);
    expect(list.map((e) => [e.uid, e.start, e.sequence])).toEqual([
      ['session-OPEN@programme.pesgre2025', utc(D1, '09:00'), 0],
      ['session-S1@programme.pesgre2025', utc(D1, '11:00'), 0],
      ['session-S2@programme.pesgre2025', utc(D1, '11:00'), 2],
    ]);
    expect(list[2]!.description).toContain('Your paper is presented in this session.');
    expect((await call(agendaFeed, { path: '/api/agenda/AAAA.BBBBBBBBBBBBBBBBBBBBBB.ics' })).status).toBe(404);
  });
});

describe('author e-mails that fail', () => {
  it('are retried by the scheduled run on the mail backoff, and a notice superseded by a later move is dropped', async () => {
    const smtp = process.env.SMTP_URL;
    // The mail server is down during the import: the notices stay queued.
    process.env.SMTP_URL = 'smtp://127.0.0.1:9';
    const moved = PROGRAMME.replace(`S1,Grid control,papers,Smart Grid and Microgrid,Hall A,${D1},11:00,12:30`, `S1,Grid control,papers,Smart Grid and Microgrid,Hall A,${D3},11:00,12:30`);
    const r = await importCsv(moved);
    expect(r.status).toBe(200);
    // Asha for S1 (Vikram, its other author, has no registration).
    expect(r.body.notices).toBe(1);
    expect(await redis().zcard(keys.programmeNoticeQueue())).toBe(1);
    // Moved again before the first notice went out: that one no longer tells the truth.
    pinClock(new Date(Date.parse(STANDARD_DAY) + 10_000).toISOString());
    expect((await importCsv(moved.replace(`Hall A,${D3}`, `Hall A,${D4}`))).body.notices).toBe(1);
    expect(await redis().zcard(keys.programmeNoticeQueue())).toBe(2);
    process.env.SMTP_URL = smtp;
    const before = fx.smtp.messages.length;
    // Not due yet (the first retry waits a minute).
    expect(await (await runScheduled(programmeNotices)).json()).toMatchObject({ due: 0 });
    pinClock(new Date(Date.parse(STANDARD_DAY) + 2 * 60_000).toISOString());
    const run = await (await runScheduled(programmeNotices)).json();
    expect(run).toMatchObject({ due: 2, sent: 1, superseded: 1 });
    const mails = await mailsSince(before);
    expect(mails.map((m) => [m.to?.[0]?.address, m.subject])).toEqual([['asha.rao@example.org', `${conference.name}: the session of your paper 101 has moved — ${formatDay(D4)}, 11:00 IST, Hall A`]]);
    expect(await redis().zcard(keys.programmeNoticeQueue())).toBe(0);
  });
});

describe('the confirmation e-mail', () => {
  it('attaches the conference days as an .ics and carries the agenda link', async () => {
    const before = fx.smtp.messages.length;
    const { regNo } = await registerPaid({ email: 'ravi.kumar@example.org', verifyEmail: 'ravi.kumar@example.org', paperId: '104' });
    const [mail] = (await mailsSince(before)).filter((m) => m.subject?.includes(regNo));
    const ics = mail!.attachments.find((a) => a.filename === 'pesgre-2025.ics')!;
    expect(ics.mimeType).toBe('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(typeof ics.content === 'string' ? ics.content : new TextDecoder().decode(ics.content)));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe(conference.startDate);
    expect(event.endDate.toString()).toBe(AFTER);
    const link = (await call(agendaCreate, { body: { regId: regNo, email: 'ravi.kumar@example.org' } })).body as AgendaLink;
    expect(mail!.text).toContain(link.pageUrl);
    expect(mail!.text).toContain(link.webcalUrl);
  });
});
