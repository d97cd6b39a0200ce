/**
 * The real bundles of the payment and delegate path, as Netlify's build makes them
 * (zip-it-and-ship-it from the CLI's tools folder, netlify.toml's [functions] settings): none of
 * them carries the fonts, and every bundle's own module starts without the PDF and e-mail
 * packages (the chain the unit test tests/unit/cold-imports.test.ts follows, checked here on the
 * file Netlify ships; decision 042). They hand the confirmation to mail-send (decision 053), so
 * the zips of the payment and self-service verify functions hold no PDF, e-mail or font file at
 * all; mail-send's holds them (the check is not vacuous).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFunction } from '../../scripts/bench-cold';
import { HANDS_OFF_MAIL, PAYMENT_PATH_FUNCTIONS } from '../../scripts/function-imports';
import { ensureNetlifyTools, type NetlifyTools } from '../../scripts/netlify-tools';

/** Files of the PDF, e-mail and font packages in a zip (paths inside it). */
const MAIL_AND_PDF_FILE = /(^|\/)node_modules\/(pdf-lib|@pdf-lib\/|nodemailer|qrcode|react-dom|@react-email\/(render|components)|notosans-fontface|@expo-google-fonts)\/|\.ttf$/;

let tools: NetlifyTools;
let dest: string;

beforeAll(async () => {
  tools = await ensureNetlifyTools();
  dest = await mkdtemp(path.join(tmpdir(), 'pesgre-bundles-'));
});

afterAll(async () => {
  if (dest) await rm(dest, { recursive: true, force: true });
});

describe("the payment path's bundles as Netlify builds them", () => {
  it.each(PAYMENT_PATH_FUNCTIONS)('%s: no fonts; no PDF or mail package imported at the top of its module', async (name) => {
    const { entries } = await bundleFunction(tools, name, dest);
    const files = Object.keys(entries);
    expect(files.filter((f) => f.endsWith('.ttf'))).toEqual([]);
    const module = new TextDecoder().decode(entries[`netlify/functions/${name}.mjs`]);
    expect(module.length).toBeGreaterThan(0);
    const topImports = [...module.matchAll(/^import\b[^;]*?from\s+"([^"]+)"/gm)].map((m) => m[1]);
    expect(topImports.length).toBeGreaterThan(0);
    expect(topImports.filter((p) => /^(pdf-lib|@pdf-lib\/|nodemailer|qrcode|react-dom|@react-email\/(render|components)|to-words$)/.test(p!))).toEqual([]);
  }, 300_000);
});

describe('the hand-off of the e-mail (decision 053)', () => {
  it.each(HANDS_OFF_MAIL.filter((n) => ['payment-create-order', 'payment-verify', 'payment-webhook', 'tier-upgrade-verify', 'ieee-change-verify', 'name-transfer-verify'].includes(n)))(
    '%s ships no PDF, e-mail or font file at all',
    async (name) => {
      const { entries } = await bundleFunction(tools, name, dest);
      expect(Object.keys(entries).filter((f) => MAIL_AND_PDF_FILE.test(f))).toEqual([]);
    },
    300_000,
  );

  it('mail-send ships them: the fonts, pdf-lib and nodemailer', async () => {
    const { entries } = await bundleFunction(tools, 'mail-send', dest);
    const files = Object.keys(entries).filter((f) => MAIL_AND_PDF_FILE.test(f));
    expect(files.filter((f) => f.endsWith('.ttf')).length).toBeGreaterThan(0);
    expect(files.some((f) => f.includes('node_modules/pdf-lib/'))).toBe(true);
    expect(files.some((f) => f.includes('node_modules/nodemailer/'))).toBe(true);
  }, 300_000);
});
