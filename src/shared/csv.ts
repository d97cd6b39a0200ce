/**
 * The registrations CSV (docs/rules.md#the-stored-registration-and-the-csv, #fees-arithmetic-and-timings): the
 * columns in the order of docs/rules.md#the-stored-registration-and-the-csv, how each is computed from a stored registration, and the
 * spreadsheet formula-injection guard. Pure (no I/O, no clock): the export function, the admin
 * table and the tests all use these definitions, so they cannot drift apart. Quoting (RFC 4180)
 * is left to the CSV writer (csv-stringify on the server).
 */
import { conference } from '../content/conference';
import { registrationStatus as statusOf } from './registration-status';
import { fullName } from './person-name';
import { tierLabel } from './pricing';

/** A cell: text, or a number that stays a number (so -2 is a value, not a formula). */
export type CsvCell = string | number;

/**
 * The fields the CSV reads. Deliberately loose (every field optional, plain string types): the
 * server passes StoredRegistration, the browser passes whatever JSON it received.
 */
export interface CsvRegistration {
  registrationNumber?: string;
  title?: string;
  firstName?: string;
  lastName?: string;
  organization?: string;
  idNumber?: string;
  address?: string;
  city?: string;
  state?: string;
  country?: string;
  postcode?: string;
  mobile?: string;
  email?: string;
  registrationTier?: string;
  ieeeMemberNumber?: string;
  paperId?: string;
  noPaper?: boolean;
  welcomeReception?: string;
  additionalReceptionTickets?: number;
  welcomeReceptionExtraFee?: number;
  galaDinner?: string;
  additionalGalaDinnerTickets?: number;
  galaDinnerExtraFee?: number;
  dietaryRequirements?: readonly string[];
  dietaryOtherText?: string;
  billingOrganization?: string;
  billingEmail?: string;
  billingTaxNumber?: string;
  billingAddress?: string;
  billingCity?: string;
  billingState?: string;
  billingCountry?: string;
  billingPostcode?: string;
  couponCode?: string;
  paymentId?: string;
  orderId?: string;
  totalPaid?: number;
  paidAt?: string;
  createdAt?: string;
  updatedAt?: string;
  /** The cancellation request, if any; only its status is read. */
  cancellation?: { status?: string };
  /** The stored status (src/shared/registration-status.ts). */
  status?: string;
}

export interface CsvColumn {
  header: string;
  /** The raw cell; registrationCsvRow() neutralises it. `timeZone` is where times are shown. */
  value: (r: CsvRegistration, timeZone: string) => CsvCell;
}

// Values are exported as stored (the form already trimmed them); only blanks are dropped from joins.
const text = (v: string | undefined | null): string => v ?? '';
const joinParts = (...parts: (string | undefined)[]): string => parts.map(text).filter((p) => p.trim()).join(', ');
const amount = (v: number | undefined): CsvCell => (typeof v === 'number' && Number.isFinite(v) ? v : '');

/** The tier's public name (pricing.ts; kept here too for the modules that read it with the CSV columns). */
export { tierLabel } from './pricing';

/** 'Yes', 'Yes (+2 extra)' or 'No' for an event answer and its additional tickets. */
export function attendance(answer: string | undefined, extraTickets: number | undefined): string {
  if (answer === 'yes') return extraTickets ? `Yes (+${extraTickets} extra)` : 'Yes';
  if (answer === 'no') return 'No';
  return text(answer);
}

/** The dietary list plus the OTHER text: "VEGETARIAN, OTHER: no onions". */
export function dietary(list: readonly string[] | undefined, other: string | undefined): string {
  const joined = (list ?? []).join(', ');
  const extra = text(other);
  return extra.trim() ? `${joined}: ${extra}` : joined;
}

/** The shown status of each cancellation state. */
export const REGISTRATION_STATUS = {
  active: 'Active',
  requested: 'Cancellation requested',
  approved: 'Cancelled',
  declined: 'Cancellation declined',
} as const;

/**
 * A registration's status: 'Active' (no cancellation request), 'Cancellation requested',
 * 'Cancelled' (approved) or 'Cancellation declined'. An unknown stored status is shown as stored,
 * so a newer record never reads as Active.
 */
export function registrationStatus(r: Pick<CsvRegistration, 'cancellation'>): string {
  const status = r.cancellation?.status;
  if (!status) return REGISTRATION_STATUS.active;
  return status === 'requested' || status === 'approved' || status === 'declined' ? REGISTRATION_STATUS[status] : status;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
/** Per time zone: the zone's UTC offset (ms) in each 15-minute slot of UTC time met so far. */
const zoneOffsets = new Map<string, Map<number, number>>();
const SLOT_MS = 15 * 60_000;
const MAX_CACHED_SLOTS = 50_000;

/** The offset of `timeZone` from UTC (ms) at `ms`, read with Intl (the slow part, done once per slot). */
function offsetAt(ms: number, timeZone: string): number {
  let f = dateTimeFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    dateTimeFormats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - ms;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * An ISO instant as "YYYY-MM-DD HH:MM:SS" in `timeZone` (spreadsheets read this as a date and
 * time); '' for a missing value, the text itself for an unreadable one.
 *
 * Intl's formatToParts is slow (it was most of the CSV export's time at 20,000 registrations),
 * so the zone's offset is looked up once per 15-minute slot of UTC time and the fields are then
 * plain arithmetic. Exact for every zone whose offset changes only at 15-minute boundaries of
 * UTC time, which holds for every time-zone rule in use since 1980 (offsets are whole quarter
 * hours and change on the hour or half hour).
 */
export function formatDateTime(iso: string | undefined, timeZone: string = conference.timeZone): string {
  if (!iso) return '';
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return iso;
  let offsets = zoneOffsets.get(timeZone);
  if (!offsets) zoneOffsets.set(timeZone, (offsets = new Map()));
  const slot = Math.floor(ms / SLOT_MS) * SLOT_MS;
  let offset = offsets.get(slot);
  if (offset === undefined) {
    if (offsets.size >= MAX_CACHED_SLOTS) offsets.clear();
    offset = offsetAt(slot, timeZone);
    offsets.set(slot, offset);
  }
  const local = new Date(ms + offset);
  const year = String(local.getUTCFullYear()).padStart(4, '0');
  return `${year}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`;
}

/**
 * The CSV columns: the original 28, in their order (docs/rules.md#the-stored-registration-and-the-csv),
 * then 'Cancellation' (cancelled registrations stay in the export, marked as such; the column was
 * called 'Status' until the registration status came), then 'Status' (confirmed, awaiting-proof,
 * membership-to-verify or cancelled; docs/decisions/013-registration-status.md). New columns go
 * after the original ones so spreadsheets that read them by position keep working.
 */
export const registrationCsvColumns: readonly CsvColumn[] = [
  { header: 'Reg. No', value: (r) => text(r.registrationNumber) },
  { header: 'Name', value: (r) => fullName(r) },
  { header: 'Organization', value: (r) => text(r.organization) },
  { header: 'ID Number', value: (r) => text(r.idNumber) },
  { header: 'Address', value: (r) => joinParts(r.address, r.city, r.state) },
  { header: 'Country', value: (r) => text(r.country) },
  { header: 'Postcode', value: (r) => text(r.postcode) },
  { header: 'Mobile', value: (r) => text(r.mobile) },
  { header: 'Email', value: (r) => text(r.email) },
  { header: 'Reg. Tier', value: (r) => tierLabel(r.registrationTier) },
  { header: 'IEEE No', value: (r) => text(r.ieeeMemberNumber) },
  { header: 'Paper ID', value: (r) => (r.noPaper ? 'NoPaper' : text(r.paperId)) },
  { header: 'Welcome Reception', value: (r) => attendance(r.welcomeReception, r.additionalReceptionTickets) },
  { header: 'WR Extra Fee', value: (r) => amount(r.welcomeReceptionExtraFee) },
  { header: 'Gala Dinner', value: (r) => attendance(r.galaDinner, r.additionalGalaDinnerTickets) },
  { header: 'Gala Extra Fee', value: (r) => amount(r.galaDinnerExtraFee) },
  { header: 'Dietary', value: (r) => dietary(r.dietaryRequirements, r.dietaryOtherText) },
  { header: 'Billing Org', value: (r) => text(r.billingOrganization) },
  { header: 'Billing Email', value: (r) => text(r.billingEmail) },
  { header: 'Billing Tax No', value: (r) => text(r.billingTaxNumber) },
  { header: 'Billing Address', value: (r) => joinParts(r.billingAddress, r.billingCity, r.billingState, r.billingPostcode, r.billingCountry) },
  { header: 'Coupon', value: (r) => text(r.couponCode) },
  { header: 'Payment ID', value: (r) => text(r.paymentId) },
  { header: 'Order ID', value: (r) => text(r.orderId) },
  { header: 'Total Paid', value: (r) => amount(r.totalPaid) },
  { header: 'Paid At', value: (r, tz) => formatDateTime(r.paidAt, tz) },
  { header: 'Created', value: (r, tz) => formatDateTime(r.createdAt, tz) },
  { header: 'Updated', value: (r, tz) => formatDateTime(r.updatedAt, tz) },
  { header: 'Cancellation', value: (r) => registrationStatus(r) },
  { header: 'Status', value: (r) => statusOf(r) },
];

/** The header row. */
export const registrationCsvHeaders: readonly string[] = registrationCsvColumns.map((c) => c.header);

/** First characters that make a spreadsheet treat a text cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Neutralises a text cell that a spreadsheet would run as a formula by prefixing a single quote
 * (`=HYPERLINK(...)` → `'=HYPERLINK(...)`). Numbers are returned unchanged: a negative number is
 * a value, and quoting it would turn it into text.
 */
export function neutraliseFormula(cell: CsvCell): CsvCell {
  return typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** One registration as a CSV row, every cell neutralised, times shown in `timeZone` (default the conference's). */
export function registrationCsvRow(r: CsvRegistration, timeZone: string = conference.timeZone): CsvCell[] {
  return registrationCsvColumns.map((c) => neutraliseFormula(c.value(r, timeZone)));
}

/** The download name for a CSV made on `day` (YYYY-MM-DD in the conference's zone): registrations_{day}.csv. */
export function registrationCsvFilename(day: string): string {
  return `registrations_${day}.csv`;
}
