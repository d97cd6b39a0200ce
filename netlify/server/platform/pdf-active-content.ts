/**
 * Whether a PDF carries active content (docs/security.md, "Proofs of student status"): a proof is
 * opened by an organiser, so a PDF that runs JavaScript or starts a program when opened is
 * refused. The file is parsed with pdf-lib (object streams included, names with #xx escapes
 * decoded) and every object is searched for:
 *
 * - a `/JS` entry or a `/JavaScript` entry (a JavaScript action, the document's JavaScript name tree),
 * - an action of type `/JavaScript` or `/Launch` (whether it is the `/OpenAction` or a link's),
 * - an `/AA` entry (additional actions: run when a page or field is opened, closed or touched).
 *
 * An encrypted PDF is refused too: its object streams cannot be read without the password, so
 * what it holds cannot be checked. A file pdf-lib cannot parse is refused as unreadable.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';

/** Why a PDF is refused, or null for one without active content. */
export type ActiveContent = 'javascript' | 'launch' | 'additional-actions' | 'encrypted' | 'unreadable' | null;

const JS = PDFName.of('JS');
const JAVASCRIPT = PDFName.of('JavaScript');
const LAUNCH = PDFName.of('Launch');
const AA = PDFName.of('AA');
const S = PDFName.of('S');

/** The first active content found in `dict` or the direct objects inside it. */
function inDict(dict: PDFDict, seen: Set<PDFObject>): ActiveContent {
  if (seen.has(dict)) return null;
  seen.add(dict);
  if (dict.has(JS) || dict.has(JAVASCRIPT)) return 'javascript';
  if (dict.has(AA)) return 'additional-actions';
  const type = dict.get(S);
  if (type === JAVASCRIPT) return 'javascript';
  if (type === LAUNCH) return 'launch';
  for (const [, value] of dict.entries()) {
    const found = inObject(value, seen);
    if (found) return found;
  }
  return null;
}

function inObject(value: PDFObject | undefined, seen: Set<PDFObject>): ActiveContent {
  if (!value || value instanceof PDFRef) return null; // indirect objects are each searched on their own
  if (value instanceof PDFDict) return inDict(value, seen);
  if (value instanceof PDFStream) return inDict(value.dict, seen);
  if (value instanceof PDFArray) {
    for (const item of value.asArray()) {
      const found = inObject(item, seen);
      if (found) return found;
    }
  }
  return null;
}

/** The active content of the PDF `bytes` (see the module comment), or null. */
export async function activeContentOf(bytes: Uint8Array): Promise<ActiveContent> {
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: true, updateMetadata: false });
  } catch {
    return 'unreadable';
  }
  if (pdf.isEncrypted) return 'encrypted';
  const seen = new Set<PDFObject>();
  const trailer = pdf.context.trailerInfo;
  for (const root of [trailer.Root, trailer.Info]) {
    const found = inObject(root instanceof PDFRef ? pdf.context.lookup(root) : root, seen);
    if (found) return found;
  }
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    const found = inObject(object, seen);
    if (found) return found;
  }
  return null;
}
