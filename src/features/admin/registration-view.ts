/**
 * How the admin pages show a stored registration (spec part 2 section 3, "Stored
 * registration"): the UI's view of the record the registrations functions return, the table's
 * display rules (empty 'NA', booleans Yes/No, lists comma-joined) and its columns, which are the
 * CSV's own (src/shared/csv.ts) so the table shows what the download contains. Pure: no React,
 * no I/O.
 */
import { conference } from '../../content/conference';
import { registrationCsvColumns, tierLabel, type CsvRegistration } from '../../shared/csv';

export { tierLabel };

/**
 * A stored registration as the admin calls return it (src/shared/api.ts StoredRegistration).
 * Every field is optional on purpose: the pages read JSON from the network and must render
 * records of older shapes too.
 */
export interface AdminRegistration extends CsvRegistration {
  _id?: string;
  registrationCurrency?: string;
  currency?: string;
}

/** The coupon value that means "no coupon" (spec part 2 section 3). */
export const NO_COUPON = 'NoCoupon';

/** What an empty value shows as. */
export const EMPTY = 'NA';

/**
 * One value as the table shows it: null, undefined, blank text and empty lists are 'NA',
 * booleans 'Yes'/'No', lists comma-joined, 'yes'/'no' answers capitalised.
 */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return EMPTY;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    const parts = value.map((v) => (v === null || v === undefined ? '' : String(v).trim())).filter(Boolean);
    return parts.length ? parts.join(', ') : EMPTY;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : EMPTY;
  const text = String(value).trim();
  if (!text) return EMPTY;
  if (text === 'yes') return 'Yes';
  if (text === 'no') return 'No';
  return text;
}

/** 'Dr Asha Kulkarni': title, first and last name, skipping empty parts. */
export function fullName(r: AdminRegistration): string {
  return [r.title, r.firstName, r.lastName]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: conference.timeZone,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

/** An ISO instant in the conference's time zone, e.g. '21 Oct 2025, 14:05 IST'. Unparseable input is returned as is. */
export function formatDateTime(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat.format(date);
}

/** One table column: its header and the raw value of a record (shown through displayValue). */
export interface Column {
  key: string;
  label: string;
  value: (r: AdminRegistration) => unknown;
}

/** The table's columns: the CSV's, in its order and with its headers and values (times in the conference's zone). */
export const columns: readonly Column[] = registrationCsvColumns.map((c) => ({
  key: c.header,
  label: c.header,
  value: (r: AdminRegistration) => c.value(r, conference.timeZone),
}));

/** A record's cells as shown, one per column. */
export function rowCells(r: AdminRegistration, cols: readonly Column[] = columns): string[] {
  return cols.map((c) => displayValue(c.value(r)));
}

/** A table row: the record, its shown cells and its search text. */
export interface Row {
  record: AdminRegistration;
  cells: string[];
  /** Lower-cased shown cells plus every raw field value (so 'prof_ieee_indian_std' finds its tier too). */
  text: string;
}

/** Builds the table rows for `records`. */
export function toRows(records: readonly AdminRegistration[], cols: readonly Column[] = columns): Row[] {
  return records.map((record) => {
    const cells = rowCells(record, cols);
    const raw = Object.values(record as Record<string, unknown>)
      .flatMap((v) => (Array.isArray(v) ? v : [v]))
      .filter((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
      .map(String);
    return { record, cells, text: [...cells, ...raw].join('\n').toLowerCase() };
  });
}

/**
 * The rows that match: `search` against every field (shown or raw), and each non-blank column
 * filter against its own shown column; both case-insensitive substring matches. Order is kept.
 */
export function filterRows<T extends Pick<Row, 'cells' | 'text'>>(rows: readonly T[], search: string, filters: Readonly<Record<number, string>>): T[] {
  const needle = search.trim().toLowerCase();
  const active = Object.entries(filters)
    .map(([i, v]) => [Number(i), v.trim().toLowerCase()] as const)
    .filter(([, v]) => v);
  return rows.filter((row) => {
    if (needle && !row.text.includes(needle)) return false;
    return active.every(([i, v]) => (row.cells[i] ?? '').toLowerCase().includes(v));
  });
}
