/**
 * A small, deterministic A4 document writer on top of pdf-lib (used by generate-docs.ts):
 * a title band on the first page, a slim running header on the others, headings, wrapped
 * paragraphs, bullet and numbered lists, two-column tables, call-out boxes, clickable links,
 * and a footer with the contact e-mail and "Page X of N" on every page.
 *
 * Only the standard Helvetica fonts are used (no embedding), so text must be WinAnsi:
 * `toWinAnsi` replaces what those fonts cannot encode. Metadata (dates, producer, creator) is
 * fixed by the caller and nothing random is written, so the same input gives the same bytes.
 */
import { PDFDocument, PDFFont, PDFName, PDFPage, PDFString, StandardFonts, rgb, type RGB } from 'pdf-lib';
import { wrapWords } from '../../src/shared/wrap';
import { toWinAnsi as toWinAnsiText } from './winansi';

/** A4 portrait in PDF points. */
export const A4 = { width: 595.28, height: 841.89 } as const;

const MARGIN = { left: 56, right: 56, top: 60, bottom: 66 } as const;
const CONTENT_WIDTH = A4.width - MARGIN.left - MARGIN.right;

/** '#rrggbb' → a pdf-lib colour. */
export const hex = (value: string): RGB =>
  rgb(parseInt(value.slice(1, 3), 16) / 255, parseInt(value.slice(3, 5), 16) / 255, parseInt(value.slice(5, 7), 16) / 255);

/** The conference palette as pdf-lib colours. */
export const colors = {
  blue: hex('#0b3d91'),
  navy: hex('#072a66'),
  deep: hex('#051d47'),
  teal: hex('#0e9f9a'),
  tealLight: hex('#5fd3c6'),
  amber: hex('#f5a524'),
  amberLight: hex('#ffd27a'),
  sky: hex('#e8f1fb'),
  ink: hex('#13233f'),
  grey: hex('#5b6b82'),
  line: hex('#d5deea'),
  white: rgb(1, 1, 1),
} as const;

/**
 * Makes `text` printable with the standard Helvetica fonts (src/shared/winansi.ts): typographic
 * characters become ASCII equivalents, anything else the font cannot encode becomes '?'.
 */
export function toWinAnsi(text: string, font: PDFFont): string {
  return toWinAnsiText(text, new Set(font.getCharacterSet()));
}

/** Fixed document metadata: nothing depends on the clock or on randomness. */
export interface DocumentInfo {
  title: string;
  subject: string;
  keywords: string[];
  author: string;
  /** Used for both the creation and the modification date. */
  date: Date;
}

/** What the first page's title band shows. */
export interface TitleBand {
  kicker: string;
  title: string;
  lines: string[];
  highlight: string;
}

/** Lays out one document top to bottom, adding pages as needed. */
export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private readonly pages: PDFPage[] = [];

  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly runningTitle: string,
  ) {}

  /** Starts a document with its metadata and the first page's title band. */
  static async create(info: DocumentInfo, band: TitleBand, runningTitle: string): Promise<PdfWriter> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.setTitle(info.title, { showInWindowTitleBar: true });
    doc.setSubject(info.subject);
    doc.setKeywords(info.keywords);
    doc.setAuthor(info.author);
    doc.setCreator('PESGRE 2025 website: scripts/assets/generate-docs.ts');
    doc.setProducer('pdf-lib');
    doc.setLanguage('en');
    doc.setCreationDate(info.date);
    doc.setModificationDate(info.date);
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const writer = new PdfWriter(doc, regular, bold, runningTitle);
    writer.firstPage(band);
    return writer;
  }

  private clean(text: string): string {
    return toWinAnsi(text, this.regular);
  }

  /** Splits text into lines no wider than `width` at `size`. */
  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    return wrapWords(this.clean(text), (candidate) => font.widthOfTextAtSize(candidate, size) <= width);
  }

  /** Draws the conference mark (bolt over a leaf in a disc) with its top-left corner at (x, top), `size` wide. */
  private mark(page: PDFPage, x: number, top: number, size: number): void {
    const s = size / 64;
    page.drawCircle({ x: x + 32 * s, y: top - 32 * s, size: 30 * s, color: colors.navy });
    page.drawSvgPath('M15 46C15 28 27 16 48 15C48 35 37 46 15 46Z', { x, y: top, scale: s, color: colors.teal });
    page.drawSvgPath('M36 9L23 33H31L27 55L43 27H35L40 9Z', { x, y: top, scale: s, color: colors.amber, borderColor: colors.navy, borderWidth: 1.5 * s });
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage([A4.width, A4.height]);
    this.pages.push(page);
    this.page = page;
    return page;
  }

  private firstPage(band: TitleBand): void {
    const page = this.newPage();
    const lines = band.lines.flatMap((l) => this.wrap(l, this.regular, 10, CONTENT_WIDTH - 10));
    const titleLines = this.wrap(band.title, this.bold, 26, CONTENT_WIDTH);
    const height = 96 + titleLines.length * 30 + lines.length * 13 + 30;
    const top = A4.height;
    page.drawRectangle({ x: 0, y: top - height, width: A4.width, height, color: colors.blue });
    page.drawRectangle({ x: 0, y: top - height - 5, width: A4.width, height: 5, color: colors.amber });
    // Decorative rings on the right of the band.
    for (const [cx, cy, r] of [[520, top - 40, 90], [560, top - height + 10, 60], [470, top - height / 2, 40]] as const) {
      page.drawCircle({ x: cx, y: cy, size: r, borderColor: colors.white, borderWidth: 1.2, borderOpacity: 0.12 });
    }
    this.mark(page, MARGIN.left, top - 28, 40);
    page.drawText(this.clean(band.kicker), { x: MARGIN.left + 52, y: top - 54, size: 16, font: this.bold, color: colors.white });
    let y = top - 100;
    for (const line of titleLines) {
      page.drawText(line, { x: MARGIN.left, y, size: 26, font: this.bold, color: colors.amber });
      y -= 30;
    }
    y += 6;
    for (const line of lines) {
      page.drawText(line, { x: MARGIN.left, y, size: 10, font: this.regular, color: colors.sky });
      y -= 13;
    }
    y -= 6;
    page.drawText(this.clean(band.highlight), { x: MARGIN.left, y, size: 11, font: this.bold, color: colors.amberLight });
    this.y = top - height - 5 - 12;
  }

  private continuationPage(): void {
    const page = this.newPage();
    const top = A4.height;
    page.drawRectangle({ x: 0, y: top - 34, width: A4.width, height: 34, color: colors.blue });
    page.drawRectangle({ x: 0, y: top - 36, width: A4.width, height: 2, color: colors.amber });
    this.mark(page, MARGIN.left, top - 7, 20);
    page.drawText(this.clean(this.runningTitle), { x: MARGIN.left + 28, y: top - 22, size: 9.5, font: this.bold, color: colors.white });
    this.y = top - 36 - MARGIN.top + 20;
  }

  /** Starts a new page unless `height` points still fit above the bottom margin. */
  private ensure(height: number): void {
    if (this.y - height < MARGIN.bottom) this.continuationPage();
  }

  /** Vertical space. */
  space(points: number): this {
    this.y -= points;
    return this;
  }

  /**
   * A section heading with an amber marker, kept on one page with the next `keepWith` points of
   * content (by default about two lines; pass a table's measured height to keep it whole).
   */
  heading(text: string, keepWith = 44): this {
    this.ensure(32 + Math.min(keepWith, A4.height - MARGIN.top - MARGIN.bottom - 120));
    this.y -= 20;
    this.page.drawRectangle({ x: MARGIN.left, y: this.y - 3, width: 4, height: 17, color: colors.amber });
    this.page.drawText(this.clean(text), { x: MARGIN.left + 12, y: this.y, size: 14, font: this.bold, color: colors.blue });
    this.y -= 12;
    return this;
  }

  /** A wrapped paragraph. */
  paragraph(text: string, options: { size?: number; bold?: boolean; color?: RGB } = {}): this {
    const size = options.size ?? 10.5;
    const font = options.bold ? this.bold : this.regular;
    const leading = size * 1.45;
    for (const line of this.wrap(text, font, size, CONTENT_WIDTH)) {
      this.ensure(leading);
      this.y -= leading;
      this.page.drawText(line, { x: MARGIN.left, y: this.y, size, font, color: options.color ?? colors.ink });
    }
    this.y -= 6;
    return this;
  }

  /** A bullet list, or a numbered list with `numbered`. */
  list(items: readonly string[], options: { numbered?: boolean; size?: number } = {}): this {
    const size = options.size ?? 10.5;
    const leading = size * 1.45;
    const indent = options.numbered ? 24 : 16;
    items.forEach((item, index) => {
      const lines = this.wrap(item, this.regular, size, CONTENT_WIDTH - indent);
      this.ensure(Math.min(lines.length, 2) * leading);
      lines.forEach((line, k) => {
        this.ensure(leading);
        this.y -= leading;
        if (k === 0) {
          if (options.numbered) {
            this.page.drawCircle({ x: MARGIN.left + 8, y: this.y + size * 0.34, size: 8, color: colors.teal });
            const label = String(index + 1);
            const w = this.bold.widthOfTextAtSize(label, 8);
            this.page.drawText(label, { x: MARGIN.left + 8 - w / 2, y: this.y + size * 0.34 - 2.8, size: 8, font: this.bold, color: colors.white });
          } else {
            this.page.drawCircle({ x: MARGIN.left + 4, y: this.y + size * 0.34, size: 2.4, color: colors.teal });
          }
        }
        this.page.drawText(line, { x: MARGIN.left + indent, y: this.y, size, font: this.regular, color: colors.ink });
      });
      this.y -= 3;
    });
    this.y -= 4;
    return this;
  }

  private leftColumnWidth(rows: readonly [string, string][]): number {
    return Math.max(...rows.map(([left]) => this.bold.widthOfTextAtSize(this.clean(left), 10.5))) + 22;
  }

  /** The height table() will take for these rows. */
  tableHeight(rows: readonly [string, string][], leftWidth = this.leftColumnWidth(rows)): number {
    return rows.reduce((sum, [, right]) => sum + this.wrap(right, this.regular, 10.5, CONTENT_WIDTH - leftWidth - 16).length * 10.5 * 1.4 + 9, 0);
  }

  /** Two-column rows (bold left column) on alternating tinted stripes. */
  table(rows: readonly [string, string][], leftWidth = this.leftColumnWidth(rows)): this {
    const size = 10.5;
    rows.forEach(([left, right], index) => {
      const lines = this.wrap(right, this.regular, size, CONTENT_WIDTH - leftWidth - 16);
      const height = lines.length * size * 1.4 + 9;
      this.ensure(height);
      if (index % 2 === 0) {
        this.page.drawRectangle({ x: MARGIN.left, y: this.y - height, width: CONTENT_WIDTH, height, color: colors.sky });
      }
      let y = this.y - 6 - size;
      this.page.drawText(this.clean(left), { x: MARGIN.left + 8, y, size, font: this.bold, color: colors.blue });
      for (const line of lines) {
        this.page.drawText(line, { x: MARGIN.left + leftWidth, y, size, font: this.regular, color: colors.ink });
        y -= size * 1.4;
      }
      this.y -= height;
    });
    this.y -= 8;
    return this;
  }

  /** A tinted box with a bold title line and a wrapped text. */
  callout(title: string, text: string): this {
    const lines = this.wrap(text, this.regular, 10.5, CONTENT_WIDTH - 28);
    const height = 24 + 16 + lines.length * 15 + 6;
    this.ensure(height + 10);
    this.y -= 8;
    this.page.drawRectangle({ x: MARGIN.left, y: this.y - height, width: CONTENT_WIDTH, height, color: hex('#fff4df'), borderColor: colors.amber, borderWidth: 1 });
    this.page.drawRectangle({ x: MARGIN.left, y: this.y - height, width: 5, height, color: colors.amber });
    let y = this.y - 24;
    this.page.drawText(this.clean(title), { x: MARGIN.left + 16, y, size: 13, font: this.bold, color: colors.deep });
    y -= 18;
    for (const line of lines) {
      this.page.drawText(line, { x: MARGIN.left + 16, y, size: 10.5, font: this.regular, color: colors.ink });
      y -= 15;
    }
    this.y -= height + 10;
    return this;
  }

  /** A card with a coloured title bar (title left, amount right) and a bullet list. */
  card(title: string, right: string, items: readonly string[], accent: RGB): this {
    const size = 10.5;
    const wrapped = items.map((item) => this.wrap(item, this.regular, size, CONTENT_WIDTH - 40));
    const bodyHeight = wrapped.reduce((sum, lines) => sum + lines.length * size * 1.45 + 3, 0) + 12;
    const height = 30 + bodyHeight;
    this.ensure(height + 12);
    const top = this.y - 6;
    this.page.drawRectangle({ x: MARGIN.left, y: top - height, width: CONTENT_WIDTH, height, color: colors.white, borderColor: colors.line, borderWidth: 1 });
    this.page.drawRectangle({ x: MARGIN.left, y: top - 30, width: CONTENT_WIDTH, height: 30, color: colors.blue });
    this.page.drawRectangle({ x: MARGIN.left, y: top - 30, width: 6, height: 30, color: accent });
    this.page.drawText(this.clean(title), { x: MARGIN.left + 16, y: top - 20, size: 13, font: this.bold, color: colors.white });
    const amount = this.clean(right);
    const w = this.bold.widthOfTextAtSize(amount, 12);
    this.page.drawText(amount, { x: MARGIN.left + CONTENT_WIDTH - 14 - w, y: top - 20, size: 12, font: this.bold, color: colors.amberLight });
    let y = top - 30 - 6;
    for (const lines of wrapped) {
      lines.forEach((line, k) => {
        y -= size * 1.45;
        if (k === 0) this.page.drawCircle({ x: MARGIN.left + 20, y: y + size * 0.34, size: 2.4, color: colors.teal });
        this.page.drawText(line, { x: MARGIN.left + 30, y, size, font: this.regular, color: colors.ink });
      });
      y -= 3;
    }
    this.y = top - height - 8;
    return this;
  }

  /** A "label: url" line whose URL is a clickable link. */
  link(label: string, url: string): this {
    const size = 10.5;
    const prefix = `${this.clean(label)} `;
    const prefixWidth = this.bold.widthOfTextAtSize(prefix, size);
    const shown = this.clean(url);
    this.ensure(size * 1.6);
    this.y -= size * 1.6;
    this.page.drawText(prefix, { x: MARGIN.left, y: this.y, size, font: this.bold, color: colors.ink });
    const urlWidth = this.regular.widthOfTextAtSize(shown, size);
    this.page.drawText(shown, { x: MARGIN.left + prefixWidth, y: this.y, size, font: this.regular, color: colors.blue });
    this.page.drawLine({ start: { x: MARGIN.left + prefixWidth, y: this.y - 1.5 }, end: { x: MARGIN.left + prefixWidth + urlWidth, y: this.y - 1.5 }, thickness: 0.5, color: colors.blue });
    this.annotateLink(this.page, [MARGIN.left + prefixWidth, this.y - 3, MARGIN.left + prefixWidth + urlWidth, this.y + size], url);
    this.y -= 4;
    return this;
  }

  private annotateLink(page: PDFPage, rect: [number, number, number, number], url: string): void {
    const annotation = this.doc.context.register(
      this.doc.context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: rect.map((v) => Math.round(v * 100) / 100),
        Border: [0, 0, 0],
        A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
      }),
    );
    page.node.addAnnot(annotation);
  }

  /** Draws every page's footer (contact e-mail, "Page X of N") and returns the PDF bytes. */
  async finish(contactEmail: string): Promise<Uint8Array> {
    const total = this.pages.length;
    this.pages.forEach((page, index) => {
      page.drawLine({ start: { x: MARGIN.left, y: 50 }, end: { x: A4.width - MARGIN.right, y: 50 }, thickness: 0.6, color: colors.line });
      const contact = this.clean(`Contact: ${contactEmail}`);
      page.drawText(contact, { x: MARGIN.left, y: 34, size: 8.5, font: this.regular, color: colors.grey });
      const emailX = MARGIN.left + this.regular.widthOfTextAtSize('Contact: ', 8.5);
      this.annotateLink(page, [emailX, 31, MARGIN.left + this.regular.widthOfTextAtSize(contact, 8.5), 43], `mailto:${contactEmail}`);
      const label = `Page ${index + 1} of ${total}`;
      const w = this.regular.widthOfTextAtSize(label, 8.5);
      page.drawText(label, { x: A4.width - MARGIN.right - w, y: 34, size: 8.5, font: this.regular, color: colors.grey });
    });
    // Open at the first page, single-page layout; no random document ID is written.
    this.doc.catalog.set(PDFName.of('PageLayout'), PDFName.of('OneColumn'));
    return this.doc.save({ useObjectStreams: false });
  }
}
