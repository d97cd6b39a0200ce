/**
 * How the admin pages show a stored registration (docs/rules.md#the-stored-registration-and-the-csv): the UI's view of the record the registrations functions return, the table's
 * display rules (empty 'NA', booleans Yes/No, lists comma-joined) and its columns, which are the
 * CSV's own (src/shared/csv.ts) so the table shows what the download contains. Pure: no React,
 * no I/O.
 */
import { conference } from '../../content/conference';
// Type-only: the admin pages must not pull zod (src/shared/api.ts's schemas) into their bundle.
import type { ChangeRecord } from '../../shared/api';
import { changeKindOf } from '../../shared/change-kinds';
import { registrationCsvColumns, tierLabel, type CsvRegistration } from '../../shared/csv';
import { currencySymbol, formatMoney, toMinor, type Currency } from '../../shared/money';

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
  /** Self-service changes, oldest first (ChangeRecord); read through changesOf(), which tolerates malformed entries. */
  history?: readonly ChangeRecord[];
  /** The registration's tax invoice number. */
  invoiceNumber?: string;
}

/**
 * True once the registration's cancellation was approved: its ticket is refused at the door, so
 * the table offers no "Resend ticket" (the server refuses it too, 409 REGISTRATION_CANCELLED).
 */
export function isCancelled(r: Pick<AdminRegistration, 'cancellation'>): boolean {
  return r.cancellation?.status === 'approved';
}

/** The coupon value that means "no coupon" (docs/rules.md#the-stored-registration-and-the-csv). */
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

/** The shown name of a change kind ('tier-upgrade' -> 'Tier upgrade', src/shared/change-kinds.ts); unknown kinds as given. */
export function changeKindLabel(kind: string): string {
  return changeKindOf(kind)?.label ?? kind;
}

const isCurrency = (c: unknown): c is Currency => typeof c === 'string' && Object.hasOwn(currencySymbol, c);

/**
 * An amount in whole units of `currency` with its symbol and 2 decimals: (4130, 'INR') ->
 * '₹4,130.00'. An unknown currency is written after the number ('12.5 EUR'); a missing or
 * non-finite amount gives ''.
 */
export function formatAmount(amount: unknown, currency: unknown): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '';
  if (isCurrency(currency)) return formatMoney(toMinor(amount), currency);
  return typeof currency === 'string' && currency.trim() ? `${amount} ${currency.trim()}` : String(amount);
}

/** One history entry as the admin pages show it. Every field is display text ('' when absent). */
export interface ChangeView {
  /** The stored kind, e.g. 'tier-upgrade'. */
  kind: string;
  /** Its shown name, e.g. 'Tier upgrade'. */
  label: string;
  /** Tier labels for paid changes, the old and new full name for a name change. */
  from: string;
  to: string;
  /** With the currency symbol, e.g. '₹4,130.00'; '' for a name change. */
  amount: string;
  /** In the conference's zone, e.g. '21 Oct 2025, 14:05 IST'. */
  at: string;
  /** The stored ISO instant (for <time dateTime>). */
  atIso: string;
  orderId: string;
  paymentId: string;
  /** Raw stored values (tier ids, ids) for the table search. */
  raw: string[];
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * One ChangeRecord (src/shared/api.ts) as shown: tier ids become tier labels (src/shared/csv.ts
 * tierLabel), the amount (whole units) gets its currency symbol, the time is shown in IST.
 * Returns null for anything that is not an object with a kind, so one malformed entry never
 * hides the others.
 */
export function changeView(entry: unknown): ChangeView | null {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return null;
  const c = entry as Record<string, unknown>;
  const kind = str(c.kind);
  if (!kind) return null;
  const from = str(c.from);
  const to = str(c.to);
  const atIso = str(c.at);
  // Only tier changes carry tier ids; a name change's or transfer's from/to are names and stay as they are.
  // A kind this code does not know is shown as stored, with its amount.
  const rules = changeKindOf(kind);
  const paid = rules?.paid ?? true;
  const tiers = rules?.changes === 'tier';
  const orderId = str(c.orderId);
  const paymentId = str(c.paymentId);
  return {
    kind,
    label: changeKindLabel(kind),
    from: tiers ? tierLabel(from) : from,
    to: tiers ? tierLabel(to) : to,
    amount: paid ? formatAmount(c.amount, c.currency) : '',
    at: formatDateTime(atIso),
    atIso,
    orderId,
    paymentId,
    raw: [kind, from, to, orderId, paymentId].filter(Boolean),
  };
}

/** A registration's history as shown, oldest first; [] when it has none (or it is not a list). */
export function changesOf(r: AdminRegistration): ChangeView[] {
  const history: unknown = r.history;
  if (!Array.isArray(history)) return [];
  return history.map(changeView).filter((v): v is ChangeView => v !== null);
}

/** One change on one line: 'Tier upgrade: A → B, ₹4,130.00, 21 Oct 2025, 14:05 IST'. */
export function changeLine(v: ChangeView): string {
  const fromTo = v.from || v.to ? `${v.from || EMPTY} → ${v.to || EMPTY}` : '';
  const tail = [v.amount, v.at].filter(Boolean).join(', ');
  return `${v.label}${fromTo ? `: ${fromTo}` : ''}${tail ? `, ${tail}` : ''}`;
}

/** '1 change', '3 changes'. */
export function changeCount(n: number): string {
  return `${n} ${n === 1 ? 'change' : 'changes'}`;
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

/**
 * The table-only 'Changes' column: a registration's history, one line per change (changeLine).
 * Not in the CSV, whose first 28 columns are those of docs/rules.md#the-stored-registration-and-the-csv.
 */
export const changesColumn: Column = {
  key: 'Changes',
  label: 'Changes',
  value: (r) => changesOf(r).map(changeLine).join('\n'),
};

/**
 * The registrations table's columns: the CSV's, with 'Status' right after 'Name' (the CSV has it
 * last, after the original 28; in the table a cancelled row should read as such at a glance) and
 * 'Changes' right after 'Reg. Tier' (the tier a change moves).
 */
export const tableColumns: readonly Column[] = (() => {
  const status = columns.find((c) => c.key === 'Status');
  const rest = columns.filter((c) => c !== status);
  const afterName = rest.findIndex((c) => c.key === 'Name') + 1;
  const withStatus = status ? [...rest.slice(0, afterName), status, ...rest.slice(afterName)] : rest;
  const at = withStatus.findIndex((c) => c.key === 'Reg. Tier') + 1;
  return [...withStatus.slice(0, at), changesColumn, ...withStatus.slice(at)];
})();

/** A record's cells as shown, one per column. */
export function rowCells(r: AdminRegistration, cols: readonly Column[] = columns): string[] {
  return cols.map((c) => displayValue(c.value(r)));
}

/** A table row: the record, its shown cells and its search text. */
export interface Row {
  record: AdminRegistration;
  cells: string[];
  /**
   * Lower-cased shown cells plus every raw field value (so 'prof_ieee_indian_std' finds its tier
   * too) and the change history, shown and raw, whichever columns are displayed.
   */
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
    const history = changesOf(record).flatMap((v) => [changeLine(v), ...v.raw]);
    return { record, cells, text: [...cells, ...raw, ...history].join('\n').toLowerCase() };
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
