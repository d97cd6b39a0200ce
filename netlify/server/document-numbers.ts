/**
 * The numbers of the tax documents (docs/architecture.md#tax-documents): which counter and prefix a
 * tax invoice or a credit note issued at a given instant takes. The edition's prefixes
 * (src/content/invoicing.ts) are read here, so the store's scripts (platform/store-scripts.ts)
 * number a document without knowing the edition.
 */
import { randomBytes } from 'node:crypto';
import { invoicing } from '../../src/content/invoicing';
import { financialYear } from '../../src/shared/financial-year';
import { keys } from './platform/store';
import type { DocumentNumberArgs } from './platform/store-scripts';

/**
 * The arguments for numbering a tax invoice or a credit note issued at `at`: numbers are
 * `{prefix}/{financial year}/{5 digits}` (src/content/invoicing.ts), one counter per kind and year.
 */
export function documentNumberArgs(kind: keyof typeof SERIES, at: Date): DocumentNumberArgs {
  const fy = financialYear(at);
  const series = SERIES[kind];
  return { fy, counterKey: series.counter(fy), prefix: `${series.prefix}/${fy}/`, placeholder: `DOCNUMBER${randomBytes(12).toString('hex')}` };
}

/** Each numbered document series: its prefix and its counter per financial year. */
const SERIES = {
  invoice: { prefix: invoicing.invoicePrefix, counter: keys.invoiceSeq },
  'credit-note': { prefix: invoicing.creditNotePrefix, counter: keys.creditNoteSeq },
};
