/**
 * The text of a PDF as a reader gets it. Poppler's pdftotext is used when it runs: it honours the
 * /ActualText spans the server's PDFs put around every line (netlify/server/platform/pdf-text.ts), which
 * pdf.js (unpdf) does not, so a Devanagari name would come out of unpdf in visual glyph order.
 * Where pdftotext is not installed, or cannot load (poppler links NSS, which a machine without
 * Chromium lacks), the same text layer is read directly: every /ActualText string of the pages'
 * content streams, one per line, in drawing order (pdf-lib parses the file). Debian: poppler-utils;
 * .ci/run installs it.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';

const run = promisify(execFile);
let pdftotextWorks: boolean | undefined;

export async function pdftotext(bytes: Uint8Array): Promise<string> {
  if (pdftotextWorks !== false) {
    try {
      const child = run('pdftotext', ['-enc', 'UTF-8', '-', '-'], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
      // A pdftotext that cannot load exits before reading: its closed stdin is not an error here.
      child.child.stdin!.on('error', () => {});
      child.child.stdin!.end(Buffer.from(bytes));
      const { stdout } = await child;
      pdftotextWorks = true;
      return stdout;
    } catch (error) {
      // Not installed (ENOENT) or not loadable (exit 127): read the text layer ourselves.
      const e = error as { code?: string | number };
      if (e.code !== 'ENOENT' && e.code !== 127) throw error;
      pdftotextWorks = false;
    }
  }
  return actualText(bytes);
}

/** Every /ActualText of the PDF's pages, decoded (UTF-16BE hex strings, as pdf-lib writes them), one per line. */
export async function actualText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const text = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const m of text.matchAll(/\/ActualText\s*<([0-9A-Fa-f]*)>/g)) {
        const hex = m[1]!.replace(/^FEFF/i, '');
        const utf16be = Buffer.from(hex, 'hex');
        lines.push(Buffer.from(utf16be.swap16()).toString('utf16le'));
      }
    }
  }
  return lines.join('\n');
}
