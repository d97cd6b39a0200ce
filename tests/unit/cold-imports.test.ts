/**
 * The payment and delegate path starts cold without the PDF, e-mail and font code: bundling each
 * of its functions with esbuild and following what Netlify's bundler loads at start (static
 * imports, and dynamic imports between the project's own modules, which it inlines; an
 * `import()` of a package loads on the request that needs it) reaches none of pdf-lib,
 * react-email's renderer, React DOM, nodemailer, qrcode, to-words' every-locale entry or the fonts
 * (docs/performance.md, "Cold starts"). A failure prints the chain of imports that pulls the
 * module in. The functions that hand their e-mail to mail-send (decision 053: the payment path and
 * the self-service verify calls) carry none of that code at all, not even behind import(). And the
 * fonts ship to exactly the functions that can draw a PDF.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { minimatch } from 'minimatch';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { HANDS_OFF_MAIL, LAZY_ONLY, PAYMENT_PATH_FUNCTIONS, functionInput, functionsDrawingPdfs, importChain, lazyViolations, mailAndPdfCodeIn, metafileOf, staticallyReachable } from '../../scripts/function-imports';

/** The function names whose netlify.toml `[functions."<glob>"]` blocks include the font files. */
function functionsShippingFonts(names: string[]): string[] {
  const toml = parseToml(readFileSync('netlify.toml', 'utf8')) as { functions?: Record<string, unknown> };
  const blocks = Object.entries(toml.functions ?? {}).filter(
    ([, v]) => typeof v === 'object' && v !== null && ((v as { included_files?: string[] }).included_files ?? []).some((f) => f.endsWith('.ttf')),
  );
  // A font list directly under [functions] would apply to every function.
  expect((toml.functions as { included_files?: string[] } | undefined)?.included_files ?? []).toEqual([]);
  return names.filter((n) => blocks.some(([glob]) => minimatch(n, glob))).sort();
}

describe('cold imports of the payment and delegate path', () => {
  it.each(PAYMENT_PATH_FUNCTIONS)('%s loads no PDF, e-mail or font code at its top', async (name) => {
    const found = await lazyViolations(`netlify/functions/${name}.ts`);
    expect(found.map((v) => `${v.module}: ${v.chain.join(' -> ')}`)).toEqual([]);
  }, 60_000);

  it.each(HANDS_OFF_MAIL)('%s carries no e-mail, PDF or font code at all, not even behind import() (decision 053)', async (name) => {
    expect(mailAndPdfCodeIn(await metafileOf(functionInput(name)))).toEqual([]);
  }, 60_000);

  it('the check sees a module loaded at the top, and not one behind import()', async () => {
    // mail-send composes the confirmation: it does reach the mail code, but only through import().
    const meta = await metafileOf('netlify/functions/mail-send.ts');
    const all = Object.keys(meta.inputs);
    const nodemailer = LAZY_ONLY.find((m) => m.name === 'nodemailer')!;
    expect(all.some((p) => nodemailer.test(p))).toBe(true);
    const atStart = [...staticallyReachable(meta).keys()];
    expect(atStart.some((p) => nodemailer.test(p))).toBe(false);
    // A project module behind import() is inlined by Netlify's bundler, so it counts as loaded at
    // start (and so would the packages it imported at its top); the invoice drawer is, pdf-lib is not.
    expect(atStart).toContain('netlify/server/invoice-pdf.ts');
    expect(atStart.some((p) => p.includes('node_modules/pdf-lib/'))).toBe(false);
    // The check of the hand-off functions is not vacuous: mail-send's bundle has that code.
    expect(mailAndPdfCodeIn(meta)).toEqual(expect.arrayContaining(['netlify/server/mail.ts', 'netlify/server/invoice-pdf.ts', expect.stringMatching(/node_modules\/nodemailer\//)]));
    // An admin function that draws badges imports pdf-lib at its top: the check reports it, with its chain.
    const badges = await lazyViolations('netlify/functions/admin-badges.ts');
    const pdf = badges.find((v) => v.module === 'pdf-lib');
    expect(pdf?.chain[0]).toMatch(/netlify\/functions\/admin-badges\.ts$/);
    expect(pdf?.chain.at(-1)).toMatch(/node_modules\/pdf-lib\//);
    expect(importChain(new Map([['a', null], ['b', 'a']]), 'b')).toEqual(['a', 'b']);
  }, 60_000);

  it('ships the fonts to exactly the functions that can draw a PDF', async () => {
    const names = readdirSync('netlify/functions').filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3));
    // One build of every function; what each may run (tree-shaken, dynamic imports included).
    const drawing = functionsDrawingPdfs(await metafileOf(names.map(functionInput)));
    // The check is not vacuous: badges and invoices draw PDFs, pricing does not.
    expect(drawing).toEqual(expect.arrayContaining(['admin-badges', 'invoices-download', 'mail-send', 'mail-retry']));
    expect(drawing).not.toContain('pricing');
    for (const name of HANDS_OFF_MAIL) expect(drawing).not.toContain(name);
    expect(functionsShippingFonts(names)).toEqual(drawing);
  }, 600_000);
});
