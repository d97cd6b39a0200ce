/**
 * Name badges (docs/operations.md#name-badges-and-certificates): A4 sheets of 8 badges (2 x 4) drawn with pdf-lib, each
 * with the category's colour band, the name and the organisation (shrunk, then set on two lines,
 * to fit above the QR: never cut; docs/decisions/033-documents-fit-the-printable-area.md), the
 * registration number and the ticket QR. Text goes through pdf-text.ts, so
 * every script prints as written. The QR is drawn as vector runs from `qrcode`'s module matrix:
 * no PNG per badge, so 1,000 badges stay within the bench budget.
 */
import { PDFDocument, PDFNumber, PDFOperator, PDFOperatorNames, concatTransformationMatrix, fill, popGraphicsState, pushGraphicsState, rgb, setFillingRgbColor, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { conference } from '../../src/content/conference';
import { BADGE_CATEGORIES, badgeCategory, badgeName, type BadgeSource } from '../../src/shared/badges';
import { createPdfText, type FittedText, type PdfText } from './platform/pdf-text';
import type { Registration } from './registrations';
import { ticketText } from './tickets';

const A4 = { width: 595.28, height: 841.89 } as const;
/** The sheet's margin: with the badge's padding, every word sits inside the printable area (pdf-text.ts PRINT_MARGIN). */
const MARGIN = 30;
const GUTTER = 10;
const COLS = 2;
const ROWS = 4;
/** Badges per A4 sheet. */
export const BADGES_PER_PAGE = COLS * ROWS;
const BADGE = { width: (A4.width - 2 * MARGIN - (COLS - 1) * GUTTER) / COLS, height: (A4.height - 2 * MARGIN - (ROWS - 1) * GUTTER) / ROWS };
const PAD = 12;
const BAND = 30;
const QR_SIDE = 74;
/** Width the name and the organisation may take on a badge, in points. */
export const NAME_WIDTH = BADGE.width - 2 * PAD;
/** Height they take together: from just under the colour band down to just above the QR (points). */
export const NAME_BLOCK_HEIGHT = BADGE.height - BAND - 6 - (PAD + QR_SIDE + 4);
const INK = rgb(0.07, 0.1, 0.18);
const GREY = rgb(0.35, 0.4, 0.48);

/** One badge's data: the registration's fields and its ticket's QR text. */
export interface BadgeInput extends BadgeSource {
  registrationNumber: string;
  organization: string;
  ticket: string;
}

/** A rectangle in points from the page's bottom left. */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Where the `index`-th badge of a sheet (0-7, row by row) is: its cell, the area its words may
 * take (the cell less its padding) and its QR code, which no word may cover. For the tests of
 * what the sheet draws.
 */
export function badgeLayout(index: number): { cell: Rect; text: Rect; qr: Rect } {
  const col = index % COLS;
  const row = Math.floor(index / COLS);
  const x = MARGIN + col * (BADGE.width + GUTTER);
  const y = A4.height - MARGIN - (row + 1) * BADGE.height - row * GUTTER;
  const qrX = x + BADGE.width - PAD - QR_SIDE;
  return {
    cell: { x0: x, y0: y, x1: x + BADGE.width, y1: y + BADGE.height },
    text: { x0: x + PAD, y0: y + PAD, x1: x + BADGE.width - PAD, y1: y + BADGE.height - PAD / 2 },
    qr: { x0: qrX, y0: y + PAD, x1: qrX + QR_SIDE, y1: y + PAD + QR_SIDE },
  };
}

/** Noto Sans' ascender and descender (em): the height a line of text takes above and below its baseline. */
const ASCENT = 1.07;
const DESCENT = 0.3;

/**
 * The name and the organisation of a badge, fitted together into `height` points of `width`:
 * the name on one line from 24 pt down to 14 pt, else on two lines from 20 pt down; the
 * organisation from 12 pt (three quarters of the name's size at most) on at most two lines. Both
 * shrink together, 5 % at a time, until they fit the height (never cut: at the smallest sizes they
 * take the lines they need). Returns the fitted name, organisation and the gap between them (points).
 */
export function fitNameBlock(text: PdfText, name: string, organization: string, width: number, height: number): { name: FittedText; org: FittedText; gap: number } {
  const GAP = 4;
  let result: { name: FittedText; org: FittedText; gap: number } | undefined;
  for (let scale = 1; scale >= 0.3; scale -= 0.05) {
    const one = text.fit(name, width, { size: 24 * scale, minSize: 14 * scale, maxLines: 1, bold: true, leading: 1.15 });
    const nameFit = one.lines.length === 1 ? one : text.fit(name, width, { size: 20 * scale, minSize: Math.min(20 * scale, 5), maxLines: 2, bold: true, leading: 1.15 });
    const orgSize = Math.min(12 * scale, nameFit.size * 0.75);
    const orgFit = organization ? text.fit(organization, width, { size: orgSize, minSize: Math.min(orgSize, 5), maxLines: 2, leading: 1.15 }) : { lines: [], size: orgSize, leading: 0 };
    result = { name: nameFit, org: orgFit, gap: GAP };
    if (blockHeight(nameFit, orgFit, GAP) <= height) break;
  }
  return result!;
}

/** The height, in points, the fitted name and organisation take (ascender of the first line to descender of the last). */
function blockHeight(name: FittedText, org: FittedText, gap: number): number {
  const nameHeight = name.size * ASCENT + (name.lines.length - 1) * name.leading + name.size * DESCENT;
  const orgHeight = org.lines.length ? gap + org.size * ASCENT + (org.lines.length - 1) * org.leading + org.size * DESCENT : 0;
  return nameHeight + orgHeight;
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

function drawBadge(page: PDFPage, text: PdfText, b: BadgeInput, index: number): void {
  const { cell, text: area, qr } = badgeLayout(index);
  const category = BADGE_CATEGORIES[badgeCategory(b)];
  const { x0: x, y0: y, x1: right, y1: top } = cell;
  page.drawRectangle({ x, y, width: BADGE.width, height: BADGE.height, borderColor: rgb(0.8, 0.83, 0.88), borderWidth: 0.75 });
  page.drawRectangle({ x, y: top - BAND, width: BADGE.width, height: BAND, color: rgb(category.rgb[0], category.rgb[1], category.rgb[2]) });
  text.draw(page, category.label, x + PAD, top - BAND + 10, { size: 13, bold: true, color: rgb(1, 1, 1) });
  const edition = conference.name;
  text.draw(page, edition, right - PAD - text.width(edition, 10, true), top - BAND + 11, { size: 10, bold: true, color: rgb(1, 1, 1) });

  // The name and the organisation take the band's underside down to the QR's top.
  const blockTop = top - BAND - 6;
  const block = fitNameBlock(text, badgeName(b), b.organization, NAME_WIDTH, NAME_BLOCK_HEIGHT);
  let line = blockTop - block.name.size * ASCENT;
  for (const l of block.name.lines) {
    text.draw(page, l, area.x0, line, { size: block.name.size, bold: true, color: INK });
    line -= block.name.leading;
  }
  line += block.name.leading - block.name.size * DESCENT - block.gap - block.org.size * ASCENT;
  for (const l of block.org.lines) {
    text.draw(page, l, area.x0, line, { size: block.org.size, color: GREY });
    line -= block.org.leading;
  }

  // The registration number beside the QR, at the foot.
  text.paragraph(page, b.registrationNumber, area.x0, y + PAD + 4, qr.x0 - area.x0 - 8, { size: 11, minSize: 7, maxLines: 1, bold: true, color: INK });
  drawQr(page, b.ticket, qr.x0, qr.y0, QR_SIDE);
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
    badges.slice(i, i + BADGES_PER_PAGE).forEach((b, j) => drawBadge(page, text, b, j));
  }
  return pdf.save({ useObjectStreams: true });
}

/** The badge inputs of `regs`, each with its current ticket (Ed25519-signed). */
export async function badgeInputs(regs: readonly Registration[]): Promise<BadgeInput[]> {
  return Promise.all(regs.map(async (r) => ({ ...r, ticket: await ticketText(r.registrationNumber, r.ticketVersion ?? 0) })));
}
