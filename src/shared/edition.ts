/**
 * This edition's phase (docs/decisions/031-edition-phases.md): the dates of src/content read by
 * the one phase rule of schedule.ts (editionPhase). The pages pass the visitor's clock, the
 * functions the server's (netlify/server/platform/clock.ts); nothing here reads a clock.
 */
import { certificates } from '../content/certificates';
import { conference } from '../content/conference';
import { registrationFees } from '../content/registration';
import { editionPhase, mergeWindows, paidChangesOnSale, phaseWindows, type EditionDates, type EditionPhase, type KeyedWindow, type PhaseWindow } from './schedule';

/** The edition's dates: the conference's days, online registration from its first day to the Standard deadline. */
export const edition: EditionDates = {
  startDate: conference.startDate,
  endDate: conference.endDate,
  timeZone: conference.timeZone,
  registrationOpens: registrationFees.registrationOpens.date,
  registrationCloses: registrationFees.standardDeadline,
};

/** The instant /certificates starts handing out certificates (src/content/certificates.ts). */
export const certificatesOpenAt = /* @__PURE__ */ new Date(certificates.opensAt);

/** The edition's phase at `now`. */
export function phaseAt(now: Date): EditionPhase {
  return editionPhase(edition, now);
}

/** True once certificates of attendance can be downloaded, at `now`. */
export function certificatesOpen(now: Date): boolean {
  return now.getTime() >= certificatesOpenAt.getTime();
}

/** The edition's phase windows, also cut where certificates open (what the home page's status line and the footer-like notices need). */
export const windowsWithCertificates: readonly PhaseWindow[] = /* @__PURE__ */ phaseWindows(edition, [certificatesOpenAt]);

/** The edition's phase windows (one per phase). */
export const phaseWindowList: readonly PhaseWindow[] = /* @__PURE__ */ phaseWindows(edition);

/** Whether paid changes (upgrade, IEEE status change, name transfer) are sold at `now`: schedule.ts paidChangesOnSale of the phase at `now`. */
export function paidChangesOnSaleAt(now: Date): boolean {
  return paidChangesOnSale(phaseAt(now));
}

/**
 * The two windows of a block that offers paid changes (PhaseVariants): `on-sale` until the
 * conference has ended, `closed` from then on (paidChangesOnSale).
 */
export const paidChangeWindows: readonly KeyedWindow[] = /* @__PURE__ */ mergeWindows(phaseWindowList, (w) => (paidChangesOnSale(w.phase) ? 'on-sale' : 'closed'));
