/**
 * The real bundles of the payment and delegate path, as Netlify's build makes them
 * (zip-it-and-ship-it from the CLI's tools folder, netlify.toml's [functions] settings): none of
 * them carries the fonts except the functions that send the confirmation with its tax invoice in
 * the request (create-order for a free registration, verify-payment, the webhook), and every
 * bundle's own module starts without the PDF and e-mail packages (the chain the unit test
 * tests/unit/cold-imports.test.ts follows, checked here on the file Netlify ships). Decision 042.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFunction } from '../../scripts/bench-cold';
import { PAYMENT_PATH_FUNCTIONS } from '../../scripts/function-imports';
import { ensureNetlifyTools, type NetlifyTools } from '../../scripts/netlify-tools';

/** The payment functions that attach a PDF to the e-mail they send (decision 042, "Not done"). */
const SEND_THE_INVOICE = ['payment-create-order', 'payment-verify', 'payment-webhook'];

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
  it.each(PAYMENT_PATH_FUNCTIONS)('%s: fonts only where an invoice is attached; no PDF or mail package imported at the top of its module', async (name) => {
    const { entries } = await bundleFunction(tools, name, dest);
    const files = Object.keys(entries);
    const fonts = files.filter((f) => f.endsWith('.ttf'));
    if (SEND_THE_INVOICE.includes(name)) expect(fonts.length).toBeGreaterThan(0);
    else expect(fonts).toEqual([]);
    const module = new TextDecoder().decode(entries[`netlify/functions/${name}.mjs`]);
    expect(module.length).toBeGreaterThan(0);
    const topImports = [...module.matchAll(/^import\b[^;]*?from\s+"([^"]+)"/gm)].map((m) => m[1]);
    expect(topImports.length).toBeGreaterThan(0);
    expect(topImports.filter((p) => /^(pdf-lib|@pdf-lib\/|nodemailer|qrcode|react-dom|@react-email\/(render|components)|to-words$)/.test(p!))).toEqual([]);
  }, 300_000);
});
