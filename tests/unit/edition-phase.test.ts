/**
 * The edition's phase (docs/decisions/031-edition-phases.md): one rule for every page,
 * e-mail and endpoint that speaks of time, read from src/content's dates with a given clock.
 * Instants come from tests/setup/edition-clock.ts, relative to the content's dates, so the next
 * edition's content passes the same tests.
 */
import { describe, expect, it } from 'vitest';
import { conference } from '../../src/content/conference';
import { registrationFees } from '../../src/content/registration';
import { certificatesOpenAt, edition, paidChangeWindows, paidChangesOnSaleAt, phaseAt, windowsWithCertificates } from '../../src/shared/edition';
import { CHANGES_CLOSED_MESSAGE, REGISTRATION_CLOSED_MESSAGE, registrationClosedMessage } from '../../src/shared/messages';
import { isRegistrationOpen, pricing, registrationPhase } from '../../src/shared/pricing';
import { EDITION_PHASES, conferencePhase, editionPhase, mergeWindows, paidChangesOnSale, phaseBoundaries, phaseWindows, windowIndexAt, type EditionPhase } from '../../src/shared/schedule';
import { afterConference, at, conferenceDay } from '../setup/edition-clock';

const instant = (iso: string) => new Date(iso);
/** One second before `iso`. */
const justBefore = (iso: string) => new Date(new Date(iso).getTime() - 1000);

/** An instant in each phase of this edition, in order. */
const oneOfEach: [EditionPhase, string][] = [
  ['before-registration', at(registrationFees.registrationOpens.date, -1)],
  ['registration-open', at(registrationFees.standardDeadline, 0, '23:59:00')],
  ['registration-closed', at(registrationFees.standardDeadline, 1, '00:00:00')],
  ['under-way', conferenceDay(1)],
  ['ended', afterConference()],
];

describe('editionPhase', () => {
  it('goes through the five phases in order, each at the first instant of its day in the conference zone', () => {
    expect(oneOfEach.map(([, iso]) => phaseAt(instant(iso)))).toEqual(EDITION_PHASES);
    const opens = at(registrationFees.registrationOpens.date, 0, '00:00:00');
    expect(phaseAt(justBefore(opens))).toBe('before-registration');
    expect(phaseAt(instant(opens))).toBe('registration-open');
    const closes = at(registrationFees.standardDeadline, 1, '00:00:00');
    expect(phaseAt(justBefore(closes))).toBe('registration-open');
    expect(phaseAt(instant(closes))).toBe('registration-closed');
    const starts = conferenceDay(0, '00:00:00');
    expect(phaseAt(justBefore(starts))).toBe('registration-closed');
    expect(phaseAt(instant(starts))).toBe('under-way');
    const ends = afterConference('00:00:00');
    expect(phaseAt(justBefore(ends))).toBe('under-way');
    expect(phaseAt(instant(ends))).toBe('ended');
    // A year on it is still over.
    expect(phaseAt(instant(at(conference.endDate, 365)))).toBe('ended');
  });

  it('the conference days win over the registration dates, and missing registration dates leave it open until the start', () => {
    const e = { startDate: '2030-03-10', endDate: '2030-03-12', timeZone: 'UTC' };
    expect(editionPhase(e, instant('2029-01-01T00:00:00Z'))).toBe('registration-open');
    expect(editionPhase({ ...e, registrationCloses: '2030-04-01' }, instant('2030-03-11T00:00:00Z'))).toBe('under-way');
    expect(editionPhase({ ...e, registrationOpens: '2030-01-01' }, instant('2029-12-31T23:59:59Z'))).toBe('before-registration');
    expect(editionPhase(e, instant('2030-03-13T00:00:00Z'))).toBe('ended');
  });

  it('conferencePhase is its conference part: before for every phase ahead of the first day', () => {
    for (const [phase, iso] of oneOfEach) {
      expect(conferencePhase(conference, instant(iso))).toBe(phase === 'ended' || phase === 'under-way' ? phase : 'before');
    }
  });

  it('online registration is open exactly in its phase (the wizard and create-order ask isRegistrationOpen)', () => {
    for (const [phase, iso] of oneOfEach) {
      expect(isRegistrationOpen(instant(iso), pricing)).toBe(phase === 'registration-open');
      expect(registrationPhase(instant(iso), pricing)).toBe(phase);
    }
    // The pricing answer's deadline is the one read.
    expect(registrationPhase(instant(at(registrationFees.standardDeadline, 2)), { standardDeadline: at(registrationFees.standardDeadline, 3).slice(0, 10) })).toBe('registration-open');
  });
});

describe('phase windows', () => {
  it('cuts time at each phase boundary, and at extra instants', () => {
    const boundaries = phaseBoundaries(edition).map((d) => d.toISOString());
    expect(boundaries).toEqual(
      [at(registrationFees.registrationOpens.date, 0, '00:00:00'), at(registrationFees.standardDeadline, 1, '00:00:00'), conferenceDay(0, '00:00:00'), afterConference('00:00:00')].map((iso) => new Date(iso).toISOString()),
    );
    const windows = phaseWindows(edition);
    expect(windows.map((w) => w.phase)).toEqual(EDITION_PHASES);
    expect(windows[0]!.from).toBeUndefined();
    expect(windows.at(-1)!.until).toBeUndefined();
    for (let i = 1; i < windows.length; i++) expect(windows[i]!.from).toBe(windows[i - 1]!.until);
    // Certificates open on the last conference day: the under-way phase is cut in two.
    expect(windowsWithCertificates.map((w) => w.phase)).toEqual(['before-registration', 'registration-open', 'registration-closed', 'under-way', 'under-way', 'ended']);
    expect(windowsWithCertificates[4]!.from).toBe(certificatesOpenAt.getTime());
  });

  it('finds the window of an instant, and merges neighbours that show the same thing', () => {
    const windows = phaseWindows(edition);
    for (const [phase, iso] of oneOfEach) expect(windows[windowIndexAt(windows, instant(iso))]!.phase).toBe(phase);
    const merged = mergeWindows(windows, (w) => (w.phase === 'ended' ? 'ended' : 'ahead'));
    expect(merged.map((w) => w.key)).toEqual(['ahead', 'ended']);
    expect(merged[0]!.until).toBe(merged[1]!.from);
    expect(merged[1]!.from).toBe(new Date(afterConference('00:00:00')).getTime());
    expect(windowIndexAt(merged, instant(afterConference()))).toBe(1);
    expect(windowIndexAt(merged, instant(conferenceDay(0)))).toBe(0);
  });
});

describe('why online registration is not open (wizard, Registration page, create-order)', () => {
  it('says so in the words of each phase; the desk only while the conference is ahead or under way', () => {
    expect(registrationClosedMessage('registration-closed')).toBe(REGISTRATION_CLOSED_MESSAGE);
    expect(registrationClosedMessage('before-registration')).toContain('Online registration opens on');
    for (const phase of ['registration-closed', 'under-way'] as const) {
      expect(registrationClosedMessage(phase)).toMatch(/^Online registration is closed/);
      expect(registrationClosedMessage(phase)).toContain('desk');
    }
    const ended = registrationClosedMessage('ended');
    expect(ended).toMatch(/^Online registration is closed/);
    expect(ended).toContain('has ended');
    expect(ended).not.toMatch(/desk/i);
    for (const phase of ['before-registration', 'registration-closed', 'under-way', 'ended'] as const) expect(registrationClosedMessage(phase)).toContain(conference.contactEmail);
  });
});

describe('paid changes are sold until the conference has ended (decision 031, addendum)', () => {
  it('in every phase but the last, and not from the first instant after the last day', () => {
    expect(EDITION_PHASES.filter(paidChangesOnSale)).toEqual(['before-registration', 'registration-open', 'registration-closed', 'under-way']);
    for (const [phase, iso] of oneOfEach) expect(paidChangesOnSaleAt(instant(iso)), phase).toBe(phase !== 'ended');
    const ends = afterConference('00:00:00');
    expect(paidChangesOnSaleAt(justBefore(ends))).toBe(true);
    expect(paidChangesOnSaleAt(instant(ends))).toBe(false);
    expect(paidChangesOnSaleAt(instant(at(conference.endDate, 365)))).toBe(false);
  });

  it('the pages show one of two variants: on sale up to the end, closed from it', () => {
    expect(paidChangeWindows.map((w) => w.key)).toEqual(['on-sale', 'closed']);
    expect(paidChangeWindows[0]!.from).toBeUndefined();
    expect(paidChangeWindows[0]!.until).toBe(new Date(afterConference('00:00:00')).getTime());
    expect(paidChangeWindows[1]!.from).toBe(paidChangeWindows[0]!.until);
    expect(paidChangeWindows[1]!.until).toBeUndefined();
    for (const [phase, iso] of oneOfEach) expect(paidChangeWindows[windowIndexAt(paidChangeWindows, instant(iso))]!.key, phase).toBe(phase === 'ended' ? 'closed' : 'on-sale');
  });

  it('says why, when the conference ended, what stays open, and whom to ask', () => {
    expect(CHANGES_CLOSED_MESSAGE).toMatch(/^Paid changes to a registration .* closed with the conference/);
    expect(CHANGES_CLOSED_MESSAGE).toContain(conference.name);
    expect(CHANGES_CLOSED_MESSAGE).toContain(conference.contactEmail);
    expect(CHANGES_CLOSED_MESSAGE).toMatch(/correct the name/);
  });
});
