/**
 * Greedy word wrap shared by the PDF and SVG generators and the server's PDFs: splits `text` on
 * white space and packs words into lines while `fits(line)` holds (each caller measures width its
 * own way: pdf-lib font metrics, or an estimate for SVG text). Returns the lines.
 *
 * A single word wider than the limit gets a line of its own, unless `breakWords` is set: then it
 * is broken between grapheme clusters (Intl.Segmenter, so an Indic syllable or a letter with its
 * accents is never split), as many clusters to a line as fit. The server's documents set it, so
 * an e-mail address or a name typed without spaces never runs past the margin
 * (docs/decisions/033-documents-fit-the-printable-area.md).
 */
export function wrapWords(text: string, fits: (line: string) => boolean, opts: { breakWords?: boolean } = {}): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && !fits(candidate)) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
    if (opts.breakWords && !fits(line)) {
      // `line` is this one word (or, at the start, the word itself): break it into pieces that fit.
      const pieces = breakWord(line, fits);
      lines.push(...pieces.slice(0, -1));
      line = pieces.at(-1) ?? '';
    }
  }
  if (line) lines.push(line);
  return lines;
}

let segmenter: Intl.Segmenter | undefined;

/** `word` cut between grapheme clusters into pieces that each fit (a cluster wider than the line stands alone). */
function breakWord(word: string, fits: (line: string) => boolean): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const pieces: string[] = [];
  let piece = '';
  for (const { segment } of segmenter.segment(word)) {
    if (piece && !fits(piece + segment)) {
      pieces.push(piece);
      piece = segment;
    } else {
      piece += segment;
    }
  }
  if (piece) pieces.push(piece);
  return pieces;
}
