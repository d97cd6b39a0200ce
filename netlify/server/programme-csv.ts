/**
 * Reading the programme CSV (docs/operations.md, "The programme"): the header
 * `session_id,title,kind,track,room,date,start,end,chair,paper_ids`, one session per row. The
 * file is parsed by csv-parse, as the papers import parses its files; this module checks each
 * row on its own (what a cell may hold) and says which rows it refuses and why, numbered as a
 * spreadsheet numbers them (the header is row 1). The rules that need the stored papers and the
 * other rows (accepted papers, rooms taken, a paper in two sessions) are programme-import.ts's.
 * No I/O beyond the bytes handed in.
 */
import { parse } from 'csv-parse/sync';
import { normalisePaperId } from '../../src/shared/papers';
import { PROGRAMME_COLUMNS, SESSION_KINDS, type ProgrammeWarning, type SessionKind } from '../../src/shared/programme';
import { HttpError } from './platform/http';

/** One row as read: the cells, checked one by one. */
export interface ProgrammeRow {
  /** The row's line in the file (the header is line 1). */
  row: number;
  id: string;
  title: string;
  kind: SessionKind;
  track: string;
  room: string;
  date: string;
  start: string;
  end: string;
  chair: string;
  /** Normalised Paper IDs, each once, in the file's order. */
  paperIds: string[];
}

export interface ParsedProgramme {
  rows: ProgrammeRow[];
  refused: { row: number; reason: string }[];
  warnings: ProgrammeWarning[];
}

/** The most sessions one file may hold: a four-day conference has a few hundred. */
export const MAX_PROGRAMME_ROWS = 2000;
const MAX_TEXT = 300;
const SESSION_ID = /^[A-Za-z0-9._-]{1,40}$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** True for a real calendar day written YYYY-MM-DD. */
function realDay(text: string): boolean {
  if (!ISO_DAY.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** '9:05' -> '09:05'; anything else as given (checked against HH:MM afterwards). */
const padTime = (text: string) => (/^\d:\d\d$/.test(text) ? `0${text}` : text);

/**
 * The file's sessions, or why rows are refused. Throws HttpError 400 for a file csv-parse cannot
 * read, a missing column, no session at all or more than MAX_PROGRAMME_ROWS; a row with a bad
 * cell is listed in `refused` (the caller refuses the whole import when any is).
 */
export function parseProgrammeCsv(bytes: Uint8Array): ParsedProgramme {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(Buffer.from(bytes), { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true, info: true }) as unknown as typeof records;
  } catch (err) {
    throw new HttpError(400, 'INVALID_FILE', `The programme file is not a readable CSV file: ${(err as Error).message.split('\n')[0]}`);
  }
  const [head, ...body] = records;
  const header = (head?.record ?? []).map((c) => c.trim().toLowerCase());
  const missing = PROGRAMME_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) {
    throw new HttpError(400, 'MISSING_COLUMN', `The programme file has no ${missing.map((c) => `"${c}"`).join(', ')} column${missing.length > 1 ? 's' : ''}. Its header must be ${PROGRAMME_COLUMNS.join(',')}.`);
  }
  const rowsWithCells = body.filter((r) => r.record.some((c) => c.trim()));
  if (!rowsWithCells.length) throw new HttpError(400, 'EMPTY_PROGRAMME', 'The programme file has no session: at least one row is needed under the header.');
  if (rowsWithCells.length > MAX_PROGRAMME_ROWS) throw new HttpError(400, 'TOO_MANY_ROWS', `The programme file has ${rowsWithCells.length} sessions; at most ${MAX_PROGRAMME_ROWS} are read.`);
  const warnings: ProgrammeWarning[] = [];
  const extra = header.filter((c) => c && !(PROGRAMME_COLUMNS as readonly string[]).includes(c));
  if (extra.length) warnings.push({ row: null, message: `Column${extra.length > 1 ? 's' : ''} ${extra.map((c) => `"${c}"`).join(', ')} ${extra.length > 1 ? 'are' : 'is'} not read.` });
  const index = Object.fromEntries(PROGRAMME_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<(typeof PROGRAMME_COLUMNS)[number], number>;
  const out: ParsedProgramme = { rows: [], refused: [], warnings };
  for (const { record, info } of rowsWithCells) {
    const row = info.lines;
    const cell = (c: (typeof PROGRAMME_COLUMNS)[number]) => (record[index[c]] ?? '').trim();
    const problems: string[] = [];
    const id = cell('session_id');
    if (!id) problems.push('session_id is empty.');
    else if (!SESSION_ID.test(id)) problems.push(`session_id "${id}" may hold only letters, digits, ".", "_" and "-" (at most 40).`);
    const title = cell('title');
    if (!title) problems.push('title is empty.');
    const kindText = cell('kind').toLowerCase();
    const kind = SESSION_KINDS.find((k) => k === kindText);
    if (!kind) problems.push(`kind must be one of ${SESSION_KINDS.join(', ')} (it is "${cell('kind')}").`);
    const room = cell('room');
    if (!room && kind !== 'break') problems.push('room is empty (only a break may have no room: it is for everyone).');
    const date = cell('date');
    if (!realDay(date)) problems.push(`date must be a day written YYYY-MM-DD (it is "${date}").`);
    const start = padTime(cell('start'));
    const end = padTime(cell('end'));
    if (!HH_MM.test(start)) problems.push(`start must be a time written HH:MM (it is "${cell('start')}").`);
    if (!HH_MM.test(end)) problems.push(`end must be a time written HH:MM (it is "${cell('end')}").`);
    if (HH_MM.test(start) && HH_MM.test(end) && end <= start) problems.push(`end (${end}) must be after start (${start}).`);
    for (const c of ['title', 'track', 'room', 'chair'] as const) if (cell(c).length > MAX_TEXT) problems.push(`${c} is longer than ${MAX_TEXT} characters.`);
    const listed = cell('paper_ids').split(';').map((p) => p.trim()).filter(Boolean);
    const paperIds = [...new Set(listed.map(normalisePaperId))];
    if (paperIds.length < listed.length) warnings.push({ row, message: 'A Paper ID is listed twice in this session; it is placed once.' });
    if (problems.length) {
      out.refused.push({ row, reason: problems.join(' ') });
      continue;
    }
    out.rows.push({ row, id, title, kind: kind!, track: cell('track'), room, date, start, end, chair: cell('chair'), paperIds });
  }
  return out;
}
