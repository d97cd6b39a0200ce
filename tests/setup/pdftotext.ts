/**
 * The text of a PDF as poppler's pdftotext reads it. pdftotext honours /ActualText spans, which the
 * server's PDFs use for shaped scripts (netlify/server/pdf-text.ts); pdf.js (unpdf) reads glyphs
 * only, so a Devanagari name would come out in visual order. pdftotext is a prerequisite like
 * redis-server (Debian: poppler-utils; .ci/run installs it when missing).
 * @throws Error with install instructions when pdftotext is not on PATH.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function pdftotext(bytes: Uint8Array): Promise<string> {
  try {
    const child = run('pdftotext', ['-enc', 'UTF-8', '-', '-'], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
    child.child.stdin!.end(Buffer.from(bytes));
    return (await child).stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('pdftotext not found. Install poppler-utils (Debian/Ubuntu: sudo apt-get install -y poppler-utils; macOS: brew install poppler).', { cause: error });
    }
    throw error;
  }
}
