/**
 * Text that a signed document prints (invoice, credit note, badge, certificate, visa letter) is
 * one line of visible characters: no control character (C0, DEL, C1: a carriage return drew the
 * passport name over the fields below it), no line or paragraph separator (U+2028, U+2029), no
 * bidirectional embedding, override or isolate (U+202A-U+202E, U+2066-U+2069: they reorder what a
 * reader sees), and no lone surrogate. Every form field that such a document prints refuses them
 * with PRINTABLE_TEXT_MESSAGE, in the browser and on the server alike (the zod schemas of
 * src/shared call `printable()`); the PDF writer also draws any that reach it from older data as a
 * space. ZWJ and ZWNJ stay allowed: Indic names need them. A leaf module.
 * The rule is docs/decisions/033-documents-fit-the-printable-area.md.
 */
import * as z from 'zod/mini';

/** The characters refused (see the module comment). */
export const NON_PRINTING = /[\p{Cc}\p{Cs}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
const NON_PRINTING_ALL = new RegExp(NON_PRINTING.source, 'gu');

/** The field message of a refused value. */
export const PRINTABLE_TEXT_MESSAGE = 'Remove the line break, tab or other invisible control character from this field.';

/** True when `text` holds none of the refused characters. */
export function isPrintable(text: string): boolean {
  return !NON_PRINTING.test(text);
}

/** `text` with each refused character replaced by a space (the PDF writer's last line of defence). */
export function toPrintable(text: string): string {
  return text.replace(NON_PRINTING_ALL, ' ');
}

/** The zod check every printed field adds after its trim: refuses the characters above with PRINTABLE_TEXT_MESSAGE. */
export const printable = (message: string = PRINTABLE_TEXT_MESSAGE) => z.refine<string>((s) => isPrintable(s), message);
