/**
 * Reading the accepted papers out of the submission systems' exports (docs/operations.md#the-columns-an-import-reads): Microsoft CMT
 * (Excel .xlsx or CSV: Paper ID, Paper Title, Author Names, Author Emails, Track Name, Status),
 * EasyChair (submission.csv: #, title, decision, optional track name; author.csv: submission #,
 * first name, last name, email) and any CSV with a header mapping the chair picks. Files are
 * parsed by csv-parse and read-excel-file; this module only maps columns to papers and says
 * which rows it refuses and why. No I/O beyond the bytes handed in.
 */
import { parse } from 'csv-parse/sync';
import { Unzip, UnzipInflate } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import * as z from 'zod/mini';
import type { PaperAuthor, StoredPaper } from '../../src/shared/papers';
import { PAPER_TITLE_MAX_LENGTH, isSpecialSessionTrack, normalisePaperId } from '../../src/shared/papers';
import { toPrintable } from '../../src/shared/printable-text';
import type { PaperMapping } from '../../src/shared/papers-schema';
import { HttpError } from './platform/http';

/** A paper as read from a file, before it is compared with the stored ones: a stored paper's fields but whether it is withdrawn and when it was written. */
export type ImportedPaper = Omit<StoredPaper, 'withdrawn' | 'importedAt' | 'updatedAt'>;

export interface ParsedImport {
  /** Accepted papers, one per Paper ID. */
  accepted: ImportedPaper[];
  /** Rows whose status is not an acceptance (skipped; a stored paper among them becomes withdrawn). */
  notAccepted: number;
  refused: { row: number; reason: string }[];
}

type Row = Record<string, string>;

const emailCheck = z.email();
const TRUE_VALUES = new Set(['yes', 'y', 'true', '1', 'x', 'organiser', 'organizer']);
const isTrue = (value: string | undefined) => TRUE_VALUES.has((value ?? '').trim().toLowerCase());
const isAccepted = (value: string | undefined, acceptedValues?: string[]) => {
  const v = (value ?? '').trim().toLowerCase();
  return acceptedValues?.length ? acceptedValues.some((a) => a.trim().toLowerCase() === v) : v.startsWith('accept');
};
/**
 * A cell as one line of text: a line break or tab typed in a spreadsheet cell (Alt+Enter in
 * Excel) becomes a space, other control characters too, and runs of spaces one space. Titles and
 * names print on certificates and visa letters (docs/decisions/033-documents-fit-the-printable-area.md).
 */
const cellText = (cell: string) => toPrintable(cell).replace(/\s+/g, ' ').trim();

/** CSV text to header-keyed rows (header names trimmed; cells trimmed), with each row's line number in the file. */
function csvRows(bytes: Uint8Array, fileLabel: string): { header: string[]; rows: { line: number; cells: Row }[] } {
  let records: string[][];
  try {
    records = parse(Buffer.from(bytes), { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (err) {
    throw new HttpError(400, 'INVALID_FILE', `${fileLabel} is not a readable CSV file: ${(err as Error).message.split('\n')[0]}`);
  }
  return toRows(records, fileLabel);
}

/** Header row (the first holding a non-empty cell) and the rows after it, keyed by header, numbered from 1 as a spreadsheet shows. */
function toRows(records: string[][], fileLabel: string, headerHint?: string): { header: string[]; rows: { line: number; cells: Row }[] } {
  // CMT's Excel export may put a title line above the header: the header is the first row naming the hint column.
  let h = headerHint ? records.findIndex((r) => r.some((c) => c.trim().toLowerCase() === headerHint.toLowerCase())) : records.findIndex((r) => r.some((c) => c.trim()));
  if (h < 0) h = 0;
  const header = (records[h] ?? []).map(cellText);
  if (!header.some(Boolean)) throw new HttpError(400, 'INVALID_FILE', `${fileLabel} has no header row.`);
  const rows = records.slice(h + 1).map((r, i) => ({
    line: h + i + 2,
    cells: Object.fromEntries(header.map((name, c) => [name, cellText(r[c] ?? '')])) as Row,
  }));
  return { header, rows: rows.filter((r) => Object.values(r.cells).some(Boolean)) };
}

/** The header's spelling of `name` (case- and space-insensitive), or undefined. */
function findColumn(header: string[], ...names: string[]): string | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[\s_#]+/g, ' ').trim();
  for (const name of names) {
    const found = header.find((h) => norm(h) === norm(name));
    if (found) return found;
  }
  return undefined;
}

function requireColumn(header: string[], fileLabel: string, ...names: string[]): string {
  const found = findColumn(header, ...names);
  if (!found) throw new HttpError(400, 'MISSING_COLUMN', `${fileLabel} has no "${names[0]}" column.`);
  return found;
}

/** 'Asha Rao (IIT Dharwad)*' -> 'Asha Rao': CMT appends the affiliation and marks the contact author with '*'. */
function cleanName(name: string): string {
  return name.replace(/\*+$/, '').replace(/\s*\([^)]*\)\s*$/, '').replace(/\*+$/, '').trim();
}
/** E-mail addresses separated by ';', ',' or white space (a line break in the cell). */
const splitList = (text: string) => text.split(/[;,\s]+/).map((s) => s.trim()).filter(Boolean);

/** Authors from CMT-style lists: names and e-mails in the same order, ';'-separated. Returns the authors or why the row is refused. */
function authorsFromLists(namesText: string, emailsText: string): PaperAuthor[] | string {
  const emails = splitList(emailsText).map((e) => e.replace(/\*+$/, '').trim());
  const names = namesText.split(';').map((s) => cleanName(s)).filter(Boolean);
  if (!emails.length) return 'No author e-mail address.';
  if (names.length && names.length !== emails.length) return `${names.length} author names but ${emails.length} author e-mail addresses.`;
  const bad = emails.find((e) => !z.safeParse(emailCheck, e).success);
  if (bad) return `"${bad}" is not an e-mail address.`;
  return emails.map((email, i) => ({ name: names[i] ?? '', email: email.toLowerCase() }));
}

interface Columns {
  paperId: string;
  title: string;
  track?: string;
  status?: string;
  acceptedValues?: string[];
  specialSession?: string;
  organiser?: string;
  specialSessionTracks?: string[];
}

/** Rows to papers with one set of columns; authors come from `authorsOf`. Refuses empty IDs and titles, duplicates and bad authors. */
function collect(rows: { line: number; cells: Row }[], cols: Columns, authorsOf: (row: Row, paperId: string) => PaperAuthor[] | string): ParsedImport {
  const out: ParsedImport = { accepted: [], notAccepted: 0, refused: [] };
  const seen = new Map<string, number>();
  const specialTracks = new Set((cols.specialSessionTracks ?? []).map((t) => t.toLowerCase()));
  for (const { line, cells } of rows) {
    const paperId = cells[cols.paperId] ?? '';
    if (cols.status && !isAccepted(cells[cols.status], cols.acceptedValues)) {
      out.notAccepted++;
      continue;
    }
    if (!paperId) {
      out.refused.push({ row: line, reason: 'Paper ID is empty.' });
      continue;
    }
    const key = normalisePaperId(paperId);
    const first = seen.get(key);
    if (first !== undefined) {
      out.refused.push({ row: line, reason: `Paper ID ${paperId} appears more than once (first on row ${first}).` });
      continue;
    }
    seen.set(key, line);
    const title = cells[cols.title] ?? '';
    if (!title) {
      out.refused.push({ row: line, reason: 'Title is empty.' });
      continue;
    }
    if (title.length > PAPER_TITLE_MAX_LENGTH) {
      out.refused.push({ row: line, reason: `Title is longer than ${PAPER_TITLE_MAX_LENGTH} characters.` });
      continue;
    }
    if (paperId.length > 50) {
      out.refused.push({ row: line, reason: 'Paper ID is longer than 50 characters.' });
      continue;
    }
    const authors = authorsOf(cells, key);
    if (typeof authors === 'string') {
      out.refused.push({ row: line, reason: authors });
      continue;
    }
    const track = cols.track ? (cells[cols.track] ?? '') : '';
    const sessionCell = cols.specialSession ? (cells[cols.specialSession] ?? '') : '';
    // A special-session column holds either a yes/no (the track is the session) or the session's name.
    const special = sessionCell ? (isTrue(sessionCell) ? track || sessionCell : ['no', 'n', 'false', '0'].includes(sessionCell.toLowerCase()) ? null : sessionCell) : isSpecialSessionTrack(track) || specialTracks.has(track.toLowerCase()) ? track : null;
    out.accepted.push({ paperId: key, title, track, authors, specialSession: special || null, organiser: isTrue(cols.organiser ? cells[cols.organiser] : '') });
  }
  return out;
}

const isXlsx = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b; // 'PK': a zip, as every .xlsx is

/**
 * What an imported workbook may hold. A CMT export of 2,000 papers inflates to about 2 MB, in a
 * few thousand rows of about a dozen columns. Past these the import answers 413: an .xlsx is a
 * zip, and a 34 KB file can inflate to 32 MB (read-excel-file then ran for 70 s and overflowed the
 * stack), while one cell at row 1,048,576 and column XFD made it fill a table of 17 billion cells.
 */
export const XLSX_LIMITS = { inflatedBytes: 8 * 1024 * 1024, rows: 20_000, columns: 200 } as const;

/** 'A' -> 1, 'Z' -> 26, 'AA' -> 27, 'XFD' -> 16384. */
const columnNumber = (letters: string) => [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);

/**
 * Inflates `bytes` (an .xlsx) with fflate's streaming unzip, a few KB of input at a time, counting
 * the bytes that come out and reading the row and column of every cell and row reference in the
 * worksheets as they pass; stops at the first limit passed. Nothing is kept: read-excel-file then
 * reads the workbook knowing it is within XLSX_LIMITS. Throws 413 WORKBOOK_TOO_LARGE with what was
 * passed, 400 INVALID_FILE when the zip cannot be read.
 */
export function assertWorkbookWithinLimits(bytes: Uint8Array): void {
  let inflated = 0;
  let refusal: string | null = null;
  let broken = false;
  const unzip = new Unzip((file) => {
    const sheet = /^xl\/worksheets\/[^/]+\.xml$/i.test(file.name);
    const decoder = new TextDecoder();
    let carry = '';
    file.ondata = (err, chunk) => {
      if (err) {
        broken = true;
        return;
      }
      if (refusal) return;
      inflated += chunk.length;
      if (inflated > XLSX_LIMITS.inflatedBytes) {
        refusal = `The workbook inflates to more than ${XLSX_LIMITS.inflatedBytes / (1024 * 1024)} MB; an export of accepted papers is far smaller. Export the papers again, or save the sheet as CSV.`;
        return;
      }
      if (!sheet) return;
      // A reference may straddle two chunks: the last few characters are scanned again with the next.
      const text = carry + decoder.decode(chunk, { stream: true });
      for (const m of text.matchAll(/\sr="([A-Z]{0,3})(\d{1,9})"/g)) {
        const row = Number(m[2]);
        const column = m[1] ? columnNumber(m[1]) : 0;
        if (row > XLSX_LIMITS.rows || column > XLSX_LIMITS.columns) {
          refusal = `The sheet reaches ${m[1] ? `cell ${m[1]}${m[2]}` : `row ${m[2]}`}: at most ${XLSX_LIMITS.rows.toLocaleString('en')} rows and ${XLSX_LIMITS.columns} columns are read. Delete what lies beyond the papers, or save the sheet as CSV.`;
          return;
        }
      }
      carry = text.slice(-24);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const STEP = 4096;
  try {
    for (let at = 0; at < bytes.length && !refusal && !broken; at += STEP) unzip.push(bytes.subarray(at, at + STEP), at + STEP >= bytes.length);
  } catch {
    broken = true;
  }
  if (refusal) throw new HttpError(413, 'WORKBOOK_TOO_LARGE', refusal);
  if (broken) throw new HttpError(400, 'INVALID_FILE', 'The CMT file is not a readable Excel workbook.');
}

/** Microsoft CMT's export, Excel (.xlsx) or CSV. Throws 400 for an unreadable file or a missing column. */
export async function parseCmt(bytes: Uint8Array): Promise<ParsedImport> {
  let table: { header: string[]; rows: { line: number; cells: Row }[] };
  if (isXlsx(bytes)) {
    assertWorkbookWithinLimits(bytes);
    let sheet: unknown[][];
    try {
      sheet = (await readSheet(Buffer.from(bytes))) as unknown[][];
    } catch {
      throw new HttpError(400, 'INVALID_FILE', 'The CMT file is not a readable Excel workbook.');
    }
    table = toRows(sheet.map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c)))), 'The CMT file', 'Paper ID');
  } else {
    table = csvRows(bytes, 'The CMT file');
  }
  const { header, rows } = table;
  const label = 'The CMT file';
  const names = requireColumn(header, label, 'Author Names', 'Authors');
  const emails = requireColumn(header, label, 'Author Emails', 'Author E-mails');
  return collect(
    rows,
    {
      paperId: requireColumn(header, label, 'Paper ID'),
      title: requireColumn(header, label, 'Paper Title', 'Title'),
      track: findColumn(header, 'Track Name', 'Track'),
      status: findColumn(header, 'Status', 'Decision'),
      specialSession: findColumn(header, 'Special Session'),
      organiser: findColumn(header, 'Organiser', 'Organizer', 'Organiser Paper', 'Organizer Paper'),
    },
    (row) => authorsFromLists(row[names] ?? '', row[emails] ?? ''),
  );
}

/** EasyChair's submission.csv and author.csv. Author rows are numbered in author.csv; their refusals say so. */
export function parseEasyChair(submissions: Uint8Array, authorsFile: Uint8Array): ParsedImport {
  const subs = csvRows(submissions, 'submission.csv');
  const auth = csvRows(authorsFile, 'author.csv');
  const sub = requireColumn(auth.header, 'author.csv', 'submission #', 'submission');
  const first = requireColumn(auth.header, 'author.csv', 'first name');
  const last = requireColumn(auth.header, 'author.csv', 'last name');
  const email = requireColumn(auth.header, 'author.csv', 'email', 'e-mail');
  const byPaper = new Map<string, PaperAuthor[]>();
  const authorRefusals: { row: number; reason: string }[] = [];
  for (const { line, cells } of auth.rows) {
    const id = normalisePaperId(cells[sub] ?? '');
    const address = (cells[email] ?? '').toLowerCase();
    if (!id) {
      authorRefusals.push({ row: line, reason: 'author.csv: submission # is empty.' });
      continue;
    }
    if (!z.safeParse(emailCheck, address).success) {
      authorRefusals.push({ row: line, reason: `author.csv: "${address}" is not an e-mail address (submission ${id}).` });
      continue;
    }
    const list = byPaper.get(id) ?? [];
    list.push({ name: `${cells[first] ?? ''} ${cells[last] ?? ''}`.trim(), email: address });
    byPaper.set(id, list);
  }
  const parsed = collect(
    subs.rows,
    {
      paperId: requireColumn(subs.header, 'submission.csv', '#'),
      title: requireColumn(subs.header, 'submission.csv', 'title'),
      track: findColumn(subs.header, 'track name', 'track'),
      status: requireColumn(subs.header, 'submission.csv', 'decision'),
      specialSession: findColumn(subs.header, 'special session'),
      organiser: findColumn(subs.header, 'organiser', 'organizer'),
    },
    (_row, paperId) => byPaper.get(paperId) ?? 'No author in author.csv.',
  );
  parsed.refused.push(...authorRefusals);
  return parsed;
}

/** Any CSV, with the chair's mapping of its header. */
export function parseMappedCsv(bytes: Uint8Array, mapping: PaperMapping): ParsedImport {
  const { header, rows } = csvRows(bytes, 'The CSV file');
  const label = 'The CSV file';
  const named = (name: string | undefined) => (name ? requireColumn(header, label, name) : undefined);
  const names = named(mapping.authorNames);
  const emails = named(mapping.authorEmails);
  if (!emails) throw new HttpError(400, 'MISSING_COLUMN', 'mapping.authorEmails names the column of author e-mail addresses.');
  return collect(
    rows,
    {
      paperId: requireColumn(header, label, mapping.paperId),
      title: requireColumn(header, label, mapping.title),
      track: named(mapping.track),
      status: named(mapping.status),
      acceptedValues: mapping.acceptedValues,
      specialSession: named(mapping.specialSession),
      organiser: named(mapping.organiser),
      specialSessionTracks: mapping.specialSessionTracks,
    },
    (row) => authorsFromLists(names ? (row[names] ?? '') : '', row[emails] ?? ''),
  );
}
