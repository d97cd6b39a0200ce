/**
 * Text for PDFs drawn with pdf-lib's standard fonts (WinAnsi encoding): the project's generated
 * documents (scripts/assets), whose text is the edition's English content. The server's PDFs
 * print any script (netlify/server/platform/pdf-text.ts). Pure.
 */
/** Characters the WinAnsi Helvetica cannot show, and what to print instead. */
const REPLACEMENTS: Record<string, string> = {
  '\u2013': '-', // en dash
  '\u2014': '-', // em dash
  '\u2212': '-', // minus
  '\u2010': '-',
  '\u2011': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2026': '...',
  '\u20B9': 'INR ',
  '\u00A0': ' ',
  '\u202F': ' ',
  '\u2009': ' ',
  '\u2192': '->',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2022': '-',
};

/**
 * Makes `text` printable with a font whose code points are `supported` (pdf-lib's standard
 * Helvetica: WinAnsi): known typographic characters become ASCII equivalents (en dash → '-',
 * curly quotes → straight, ₹ → 'INR '), anything else the font cannot encode becomes '?'.
 */
export function toWinAnsi(text: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const replacement = REPLACEMENTS[ch];
    if (replacement !== undefined) out += replacement;
    else if (ch === '\n' || supported.has(ch.codePointAt(0) ?? -1)) out += ch;
    else out += '?';
  }
  return out;
}

