/**
 * Greedy word wrap shared by the PDF and SVG generators and the invoice PDFs: splits `text` on white space and
 * packs words into lines while `fits(line)` holds (each generator measures width its own way:
 * pdf-lib font metrics, or an estimate for SVG text). A single word wider than the limit gets
 * a line of its own. Returns the lines.
 */
export function wrapWords(text: string, fits: (line: string) => boolean): string[] {
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
  }
  if (line) lines.push(line);
  return lines;
}
