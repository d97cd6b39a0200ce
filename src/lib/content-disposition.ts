/**
 * The file name of a download (the admin export and the
 * registrant's invoices read it here). A small function rather than a library: the maintained
 * `content-disposition` package is written for Node (it decodes with Buffer) and is not in the
 * bundle, and the browser needs only the file name of headers our own functions write.
 */

/**
 * The file name a Content-Disposition header gives, or null when it names none: RFC 6266's
 * `filename*=charset''…` (percent-decoded) first, then `filename="…"` (backslash escapes undone)
 * or a bare `filename=…`. The name becomes a file on the user's disk, so it is reduced to a plain
 * name: folders dropped, control characters removed, no leading dots (never a hidden file).
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
    const bare = /filename\s*=\s*([^;\s"]+)/i.exec(header);
    name = quoted?.[1] !== undefined ? quoted[1].replace(/\\(.)/g, '$1') : (bare?.[1] ?? null);
  }
  if (!name) return null;
  // eslint-disable-next-line no-control-regex
  const safe = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').replace(/^\.+/, '').trim();
  return safe || null;
}
