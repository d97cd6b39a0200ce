/**
 * Accepted papers and the IEEE author rule (docs/rules.md#pages-and-routes Call for Papers, part 2
 * registration information page): at least one author of every accepted paper registers at the
 * full fee, one paper per full registration; a student registration may name its paper but never
 * covers it for IEEE Xplore; Xplore inclusion needs a covering registration and the paper
 * presented; one complimentary full registration per 8 non-organiser papers of a special session.
 * Pure (no I/O, no clock): the functions, the admin page and the tests use these definitions.
 */
import { isProfessionalTier, isStudentTier, tierLabel } from './pricing';
import { registrationStatus, type RegistrationStatus, type StatusFields } from './registration-status';

/**
 * The longest paper title kept, in characters: an import refuses a longer one, the visa-letter
 * form takes no longer one, and the certificate and the letter print one this long inside the page
 * (docs/decisions/033-documents-fit-the-printable-area.md).
 */
export const PAPER_TITLE_MAX_LENGTH = 300;

/** The field message of a no-show marked without a reason (only a no-show needs one: it goes on the no-show list IEEE receives). */
export const NO_SHOW_REASON_REQUIRED = 'A no-show needs a reason (it goes on the no-show list IEEE receives).';

/** The answer of create-order and the wizard's paper step for a Paper ID not among the accepted papers. */
export const PAPER_NOT_FOUND = 'Paper ID not found among accepted papers.';

export type PaperCoverage = 'covered' | 'student-only' | 'uncovered' | 'withdrawn';
export type PresentedMark = 'presented' | 'no-show' | 'excused';
/** A registration's status as the papers page shows it: the registration's own status. */
export type PaperRegistrationStatus = RegistrationStatus;

export interface PaperAuthor {
  name: string;
  email: string;
}

/** One accepted paper as stored (papers hash, field = normalised Paper ID). */
export interface StoredPaper {
  paperId: string;
  title: string;
  track: string;
  authors: PaperAuthor[];
  /** The special session the paper belongs to (its track), or null. */
  specialSession: string | null;
  /** True for a paper by the session's organisers (does not count towards the complimentary registrations). */
  organiser: boolean;
  /** True once a later import no longer lists the paper as accepted: kept, never deleted. */
  withdrawn: boolean;
  importedAt: string;
  updatedAt: string;
}

/** A presented / no-show / excused mark, with who set it, when and why. */
export interface PresentedRecord {
  mark: PresentedMark;
  at: string;
  by: string;
  reason: string;
  /** The registration whose ticket was scanned in session mode. */
  registrationNumber?: string;
}

/** One registration naming a paper, as GET /api/admin/papers lists it. */
export interface PaperRegistration {
  registrationNumber: string;
  registrationTier: string;
  status: PaperRegistrationStatus;
  paidAt: string;
  email: string;
  /** The registrant's e-mail is not among the paper's authors (co-authors register with other addresses). */
  notListedAuthor: boolean;
}

/** One paper of GET /api/admin/papers (docs/operations.md#accepted-papers-publication-chair, plus the fields after `registrations`). */
export interface PaperView {
  paperId: string;
  title: string;
  track: string;
  authors: PaperAuthor[];
  status: PaperCoverage;
  presented: PresentedMark | null;
  registrations: PaperRegistration[];
  presentedRecord: PresentedRecord | null;
  specialSession: string | null;
  organiser: boolean;
}

/** A special session's complimentary registrations. */
export interface SpecialSessionView {
  session: string;
  papers: number;
  organiserPapers: number;
  nonOrganiserPapers: number;
  complimentary: number;
  /** The coupon codes generated for the session organiser, once; null before. */
  coupons: string[] | null;
  /** Authors of the session's organiser papers: who the coupons are for. */
  organisers: PaperAuthor[];
}

export interface PapersResponse {
  papers: PaperView[];
  specialSessions: SpecialSessionView[];
}

/** Import counts (POST /api/admin/papers/import). */
export interface PaperImportResult {
  imported: number;
  updated: number;
  withdrawn: number;
  refused: { row: number; reason: string }[];
  /** Rows read that are not accepted papers (rejected, withdrawn by the authors...): skipped, not refused. */
  notAccepted: number;
  dryRun: boolean;
}

/** The key a Paper ID is matched by: trimmed, upper-cased (a registrant types '12' or ' pesgre-12 '). */
export function normalisePaperId(id: string): string {
  return id.trim().toUpperCase();
}

/**
 * A registration's status for the papers page: its own status (confirmed, awaiting-proof,
 * membership-to-verify, cancelled; src/shared/registration-status.ts). Only 'cancelled' stops a
 * registration covering its paper: a professional tier awaiting a membership check is paid.
 */
export function registrationPaperStatus(r: StatusFields): PaperRegistrationStatus {
  return registrationStatus(r);
}

/** True when a registration in `status` still counts towards coverage. */
export function countsForCoverage(status: PaperRegistrationStatus): boolean {
  return status !== 'cancelled';
}

/**
 * The coverage of a paper from the registrations that name it: `withdrawn` for a withdrawn paper;
 * `covered` when a live full (professional) registration names it (several count once);
 * `student-only` when only live student registrations do; `uncovered` otherwise.
 */
export function paperCoverage(withdrawn: boolean, registrations: readonly Pick<PaperRegistration, 'registrationTier' | 'status'>[]): PaperCoverage {
  if (withdrawn) return 'withdrawn';
  const live = registrations.filter((r) => countsForCoverage(r.status));
  if (live.some((r) => isProfessionalTier(r.registrationTier))) return 'covered';
  if (live.some((r) => isStudentTier(r.registrationTier))) return 'student-only';
  return 'uncovered';
}

/** IEEE Xplore eligibility: covered by a full registration and presented; else why not. */
export function xploreEligibility(p: Pick<PaperView, 'status' | 'presented'>): { eligible: boolean; reason: string } {
  if (p.status === 'withdrawn') return { eligible: false, reason: 'withdrawn' };
  if (p.status === 'student-only') return { eligible: false, reason: 'student only' };
  if (p.status === 'uncovered') return { eligible: false, reason: 'not covered by a paid full registration' };
  if (p.presented !== 'presented') return { eligible: false, reason: p.presented === 'no-show' ? 'no-show' : p.presented === 'excused' ? 'not presented (excused)' : 'not presented' };
  return { eligible: true, reason: '' };
}

/**
 * True for a paper that still needs a full registration: uncovered, or named only by student
 * registrations (a student registration never covers a paper for IEEE Xplore). Its authors get
 * the reminder e-mail.
 */
export function needsFullRegistration(status: PaperCoverage): boolean {
  return status === 'uncovered' || status === 'student-only';
}

/**
 * True when a track's name says it is a special session (docs/operations.md, "Accepted papers"):
 * it holds the words "special session" anywhere ('Special Session 3: Hydrogen', 'SS03: Wide-Bandgap
 * Devices (Special Session)', 'Special-Session on Microgrids'), or it starts with a session code,
 * SS and a number ('SS03: …', 'SS-3 …', 'SS 12 …'). An import's column or the chair's list of
 * tracks decides where a name does not say it.
 */
export function isSpecialSessionTrack(track: string): boolean {
  return /\bspecial[\s-]*sessions?\b/i.test(track) || /^\s*SS[\s-]?\d+\b/i.test(track);
}

/** Papers of a special session per complimentary full registration (docs/rules.md#what-authors-are-told: one per 8 non-organiser papers). */
export const PAPERS_PER_COMPLIMENTARY = 8;

/** Complimentary full registrations a special session earns for `nonOrganiserPapers` papers. */
export function complimentaryRegistrations(nonOrganiserPapers: number): number {
  return Math.floor(Math.max(0, nonOrganiserPapers) / PAPERS_PER_COMPLIMENTARY);
}

/** Columns of GET /api/admin/papers/export (first column `Paper ID`; docs/operations.md#accepted-papers-publication-chair). */
export const PAPERS_CSV_HEADERS = ['Paper ID', 'Title', 'Track', 'Authors', 'Author e-mails', 'Coverage', 'Presented', 'Registrations', 'Not a listed author'] as const;

/** A paper as the export's row; each registration with its tier's public name (never the internal tier id). */
export function paperCsvRow(p: PaperView): string[] {
  return [
    p.paperId,
    p.title,
    p.track,
    p.authors.map((a) => a.name).join('; '),
    p.authors.map((a) => a.email).join('; '),
    p.status,
    p.presented ?? '',
    p.registrations.map((r) => `${r.registrationNumber} (${tierLabel(r.registrationTier)}, ${r.status})`).join('; '),
    p.registrations.filter((r) => r.notListedAuthor).map((r) => r.registrationNumber).join('; '),
  ];
}

/** Columns of GET /api/admin/papers/xplore (first column `Paper ID`). */
export const XPLORE_CSV_HEADERS = ['Paper ID', 'Title', 'Track', 'Coverage', 'Presented', 'Eligible', 'Reason', 'No-show'] as const;

/** A paper as the Xplore report's row: eligible yes/no with why, and whether it is on the no-show list. */
export function xploreCsvRow(p: PaperView): string[] {
  const { eligible, reason } = xploreEligibility(p);
  return [p.paperId, p.title, p.track, p.status, p.presented ?? '', eligible ? 'yes' : 'no', reason, p.presented === 'no-show' ? 'yes' : 'no'];
}
