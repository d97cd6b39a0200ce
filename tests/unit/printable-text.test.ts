/**
 * The printable-text rule (src/shared/printable-text.ts) as the wizard's step schemas apply it in
 * the browser: the same refusal, with the same field message, as the server (the functions test
 * printable-fields.test.ts posts the same input). Names in Indic scripts keep their joiners.
 */
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { isPrintable, PRINTABLE_TEXT_MESSAGE, toPrintable } from '../../src/shared/printable-text';
import { stepSchemas } from '../../src/shared/registration-schema';
import { validForm } from '../functions/helpers-form';

describe('printable text', () => {
  it.each([
    ['CR', '\r'],
    ['LF', '\n'],
    ['TAB', '\t'],
    ['NUL', '\u0000'],
    ['DEL', '\u007f'],
    ['C1 NEL', '\u0085'],
    ['line separator', '\u2028'],
    ['paragraph separator', '\u2029'],
    ['right-to-left override', '\u202E'],
    ['left-to-right isolate', '\u2066'],
    ['a lone surrogate', '\ud800'],
  ])('refuses %s in the first name at the wizard\'s first step', (_name, ch) => {
    const result = z.safeParse(stepSchemas[1], { ...validForm(), firstName: `Asha${ch}Rao` });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['firstName', PRINTABLE_TEXT_MESSAGE]]);
    expect(isPrintable(`Asha${ch}Rao`)).toBe(false);
    expect(toPrintable(`Asha${ch}Rao`)).toBe('Asha Rao');
  });

  it('keeps names with accents and the joiners Indic scripts need', () => {
    for (const name of ['Łukasiewicz-Świętochowska', 'Nguyễn Thị Hương', 'ശ്രീ\u200dകുമാർ', 'रा\u200cम', "O'Brien"]) {
      expect(isPrintable(name), name).toBe(true);
      expect(z.safeParse(stepSchemas[1], { ...validForm(), firstName: name }).success, name).toBe(true);
    }
  });
});
