/**
 * Name badges (issue 25, "Name badges"): A4 sheets of 8 badges (2 x 4) drawn with pdf-lib, each
 * with the category's colour band, the name (shrunk, then set on two lines, to fit: never cut),
 * the organisation, the registration number and the ticket QR. Text goes through pdf-text.ts, so
 * every script prints as written. The QR is drawn as vector runs from `qrcode`'s module matrix:
 * no PNG per badge, so 1,000 badges stay within the bench budget.
 */
import { PDFDocument, PDFNumber, PDFOperator, PDFOperatorNames, concatTransformationMatrix, fill, popGraphicsState, pushGraphicsState, rgb, setFillingRgbColor, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { conference } from '../../src/content/conference';
import { BADGE_CATEGORIES, badgeCategory, badgeName, type BadgeSource } from '../../src/shared/badges';
import { createPdfText, type PdfText } from './pdf-text';
import type { Registration } from './registrations';
import { ticketText } from './tickets';

const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 18;
const GUTTER = 10;
const COLS = 2;
const ROWS = 4;
/** Badges per A4 sheet. */
export const BADGES_PER_PAGE = COLS * ROWS;
const BADGE = { width: (A4.width - 2 * MARGIN - (COLS - 1) * GUTTER) / COLS, height: (A4.height - 2 * MARGIN - (ROWS - 1) * GUTTER) / ROWS };
const PAD = 12;
const BAND = 30;
const QR_SIDE = 74;
/** Width the name may take on a badge, in points. */
export const NAME_WIDTH = BADGE.width - 2 * PAD;
const INK = rgb(0.07, 0.1, 0.18);
const GREY = rgb(0.35, 0.4, 0.48);

/** One badge's data: the registration's fields and its ticket's QR text. */
export interface BadgeInput extends BadgeSource {
  registrationNumber: string;
  organization: string;
  ticket: string;
}

/**
 * The largest size (from `max` down to `min`, half points) at which `text` fits `width` on one
 * line, else on two lines split at the space nearest the middle, else the smallest size on two
 * lines (the text is never cut). Returns the lines and the size.
 */
export function fitText(measure: (text: string, size: number) => number, text: string, width: number, max: number, min: number): { lines: string[]; size: number } {
  // Width grows linearly with the size: measure once at 1 pt (shaping is the costly part), then
  // take the largest half point that fits.
  const fitting = (lines: string[], cap: number) => {
    const widest = Math.max(...lines.map((l) => measure(l, 1)), 1e-6);
    return Math.min(cap, Math.floor((width / widest) * 2) / 2);
  };
  const one = fitting([text], max);
  if (one >= min) return { lines: [text], size: one };
  const spaces = [...text.matchAll(/ /g)].map((m) => m.index);
  if (spaces.length) {
    const mid = text.length / 2;
    const at = spaces.reduce((best, i) => (Math.abs(i - mid) < Math.abs(best - mid) ? i : best), spaces[0]!);
    const lines = [text.slice(0, at), text.slice(at + 1)];
    return { lines, size: Math.max(4, fitting(lines, Math.min(max, 20))) };
  }
  return { lines: [text], size: Math.max(4, one) };
}

/**
 * Draws the QR code of `text` as a `side`-point square with its bottom left at (x, y): one filled
 * path of rectangles, one per horizontal run of dark modules (raw `re` operators: pdf-lib's SVG
 * path parser was most of the time of 1,000 badges).
 */
function drawQr(page: PDFPage, text: string, x: number, y: number, side: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const m = side / n;
  // One transform to module units (origin at the top left, y down), so every rectangle is small integers.
  const ops: PDFOperator[] = [pushGraphicsState(), concatTransformationMatrix(m, 0, 0, -m, x, y + side), setFillingRgbColor(0, 0, 0)];
  const ints = new Map<number, PDFNumber>();
  const int = (v: number) => ints.get(v) ?? (ints.set(v, PDFNumber.of(v)), ints.get(v)!);
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      ops.push(PDFOperator.of(PDFOperatorNames.AppendRectangle, [int(start), int(row), int(col - start), int(1)]));
    }
  }
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
}

function drawBadge(page: PDFPage, text: PdfText, b: BadgeInput, x: number, y: number): void {
  const category = BADGE_CATEGORIES[badgeCategory(b)];
  const top = y + BADGE.height;
  page.drawRectangle({ x, y, width: BADGE.width, height: BADGE.height, borderColor: rgb(0.8, 0.83, 0.88), borderWidth: 0.75 });
  page.drawRectangle({ x, y: top - BAND, width: BADGE.width, height: BAND, color: rgb(category.rgb[0], category.rgb[1], category.rgb[2]) });
  text.draw(page, category.label, x + PAD, top - BAND + 10, { size: 13, bold: true, color: rgb(1, 1, 1) });
  const edition = conference.name;
  text.draw(page, edition, x + BADGE.width - PAD - text.width(edition, 10, true), top - BAND + 11, { size: 10, bold: true, color: rgb(1, 1, 1) });

  const name = fitText((t, s) => text.width(t, s, true), badgeName(b), NAME_WIDTH, 24, 12);
  let line = top - BAND - 14 - name.size;
  for (const l of name.lines) {
    text.draw(page, l, x + PAD, line, { size: name.size, bold: true, color: INK });
    line -= name.size * 1.2;
  }
  const org = fitText((t, s) => text.width(t, s), b.organization, NAME_WIDTH, 12, 8);
  line -= 4;
  for (const l of org.lines) {
    text.draw(page, l, x + PAD, line, { size: org.size, color: GREY });
    line -= org.size * 1.2;
  }

  text.draw(page, b.registrationNumber, x + PAD, y + PAD + 4, { size: 11, bold: true, color: INK });
  drawQr(page, b.ticket, x + BADGE.width - PAD - QR_SIDE, y + PAD, QR_SIDE);
}

/** A4 sheets of 8 badges, in the order given. An empty list gives one blank sheet. */
export async function renderBadgesPdf(badges: readonly BadgeInput[], at: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${conference.name} name badges`);
  pdf.setProducer(conference.name);
  pdf.setCreator(conference.name);
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);
  const strings: string[] = [conference.name, ...Object.values(BADGE_CATEGORIES).map((c) => c.label)];
  for (const b of badges) strings.push(badgeName(b), b.organization, b.registrationNumber);
  const text = await createPdfText(pdf, strings);
  if (!badges.length) pdf.addPage([A4.width, A4.height]);
  for (let i = 0; i < badges.length; i += BADGES_PER_PAGE) {
    const page = pdf.addPage([A4.width, A4.height]);
    badges.slice(i, i + BADGES_PER_PAGE).forEach((b, j) => {
      const col = j % COLS;
      const row = Math.floor(j / COLS);
      drawBadge(page, text, b, MARGIN + col * (BADGE.width + GUTTER), A4.height - MARGIN - (row + 1) * BADGE.height - row * GUTTER);
    });
  }
  return pdf.save({ useObjectStreams: true });
}

/** The badge inputs of `regs`, each with its current ticket (Ed25519-signed). */
export async function badgeInputs(regs: readonly Registration[]): Promise<BadgeInput[]> {
  return Promise.all(regs.map(async (r) => ({ ...r, ticket: await ticketText(r.registrationNumber, r.ticketVersion ?? 0) })));
}
