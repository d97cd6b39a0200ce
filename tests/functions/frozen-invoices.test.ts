/**
 * Tax documents frozen when issued (docs/decisions/052-tax-documents-frozen-when-issued.md): an
 * invoice issued, then a tier upgrade, a name change and a name transfer, and the earlier
 * invoices render byte for byte as they did (their PDF text names the delegate and tier they were
 * issued for); the one-off migration (scripts/migrate-frozen-invoices.ts) on records stored
 * without snapshots: a dry run writes nothing, a real run stores exactly the snapshots taken when
 * the documents were issued, a second run changes nothing. Real Redis through the bridge, the real
 * razorpay SDK against the double, a real SMTP receiver.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import upgradeTier from '../../netlify/functions/tier-upgrade-create-order';
import verifyUpgrade from '../../netlify/functions/tier-upgrade-verify';
import updateName from '../../netlify/functions/name-change-update';
import transferOrder from '../../netlify/functions/name-transfer-create-order';
import transferVerify from '../../netlify/functions/name-transfer-verify';
import invoicesDownload from '../../netlify/functions/invoices-download';
import adminInvoices from '../../netlify/functions/admin-invoices';
import cancellationRequest from '../../netlify/functions/cancellation-request';
import decide from '../../netlify/functions/admin-cancellations-decide';
import type { Registration } from '../../netlify/server/registrations';
import { keys, redis } from '../../netlify/server/platform/store';
import type { IssuedDocument } from '../../src/shared/api';
import { isPaidChange } from '../../src/shared/change-kinds';
import { tierLabel } from '../../src/shared/csv';
import { migrateFrozenInvoices } from '../../scripts/migrate-frozen-invoices';
import { DEV, call, doublePay, pinClock, standardPeriod, type Fn } from './helpers';
import { adminHeaders, mailAndWebhook, registerPaid } from './helpers-admin';

mailAndWebhook();

let ipCounter = 0;
const freshIp = () => `198.51.100.${200 + ++ipCounter}`;
const STUDENT = { registrationTier: 'stud_non_indian_std', noPaper: true, paperId: '' };
const stored = async (regNo: string) => (await redis().get<Registration>(keys.registration(regNo)))!;
const raw = async (regNo: string) => (await redis().get<unknown>(keys.registration(regNo)))!;
/** The migration's audit entries about `regNos`. */
async function frozenAudits(regNos: string[]): Promise<unknown[]> {
  const entries = await redis().lrange<{ action: string; details: { regNo?: string } }>(keys.audit(), 0, -1);
  return entries.filter((e) => e.action === 'registration.documents-frozen' && regNos.includes(String(e.details.regNo)));
}
const pdfText = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;

async function binary(fn: Fn, url: string, init: RequestInit): Promise<{ status: number; bytes: Uint8Array }> {
  const res = await fn(new Request(url, init), DEV);
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}
/** Document `number` as an admin downloads it. */
async function adminPdf(number: string): Promise<Uint8Array> {
  const res = await binary(adminInvoices, `http://localhost/api/admin/invoices?number=${encodeURIComponent(number)}`, { headers: await adminHeaders() });
  expect(res.status).toBe(200);
  return res.bytes;
}
/** Document `number` as /invoices gives it to `email`. */
async function registrantPdf(regNo: string, email: string, number: string): Promise<Uint8Array> {
  const res = await binary(invoicesDownload, 'http://localhost/api/invoices/download', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ regId: regNo, email, number }) });
  expect(res.status).toBe(200);
  return res.bytes;
}
/** `npm run migrate:invoices -- <args>` on this file's store (its bridge and key prefix): exit code and output. */
async function migrationCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [tsx, 'scripts/migrate-frozen-invoices.ts', ...args], { env: process.env, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

/** Every snapshot of a record by document number (what the migration must reproduce). */
function snapshots(r: Registration): Record<string, IssuedDocument | undefined> {
  const out: Record<string, IssuedDocument | undefined> = {};
  if (r.invoiceNumber) out[r.invoiceNumber] = r.invoiceSnapshot;
  for (const c of r.history ?? []) if (isPaidChange(c) && c.invoiceNumber) out[c.invoiceNumber] = c.invoiceSnapshot;
  if (r.cancellation?.creditNoteNumber) out[r.cancellation.creditNoteNumber] = r.cancellation.creditNoteSnapshot;
  return out;
}
/** `r` as a record stored before documents were frozen: the same, without any snapshot. */
function withoutSnapshots(r: Registration): Registration {
  const { invoiceSnapshot: _i, ...rest } = r;
  const history = r.history?.map((c) => {
    if (!isPaidChange(c)) return c;
    const { invoiceSnapshot: _s, ...change } = c;
    return change;
  });
  const cancellation = r.cancellation && (({ creditNoteSnapshot: _c, ...c }) => c)(r.cancellation);
  return { ...rest, ...(history ? { history } : {}), ...(cancellation ? { cancellation } : {}) };
}

/** A student registration, then an upgrade, a name change and a name transfer, an hour apart. */
async function registeredThenChanged() {
  const { regNo } = await registerPaid(STUDENT);
  const issued = await stored(regNo);
  const first = { admin: await adminPdf(issued.invoiceNumber!), registrant: await registrantPdf(regNo, 'asha@example.org', issued.invoiceNumber!) };

  pinClock(standardPeriod('10:30:00'));
  const upgrade = await call(upgradeTier, { body: { regId: regNo }, ip: freshIp() });
  expect(upgrade.status, JSON.stringify(upgrade.body)).toBe(200);
  expect((await call(verifyUpgrade, { body: await doublePay(upgrade.body.order.id) })).status).toBe(200);
  const upgraded = await stored(regNo);
  const upgradeNumber = (upgraded.history!.at(-1) as { invoiceNumber: string }).invoiceNumber;
  const upgradePdf = await adminPdf(upgradeNumber);

  pinClock(standardPeriod('11:00:00'));
  const renamed = await call(updateName, { body: { regId: regNo, email: 'asha@example.org', title: 'Dr', firstName: 'Asha', lastName: 'Kulkarni-Rao' }, ip: freshIp() });
  expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

  pinClock(standardPeriod('11:30:00'));
  const to = { title: 'Ms', firstName: 'Meera', lastName: 'Shankar', email: 'meera@example.org', organization: 'Hubballi Grid Lab', mobile: '+91 90000 11111' };
  const transfer = await call(transferOrder, { body: { regId: regNo, email: 'asha@example.org', to }, ip: freshIp() });
  expect(transfer.status, JSON.stringify(transfer.body)).toBe(200);
  expect((await call(transferVerify, { body: await doublePay(transfer.body.order.id) })).status).toBe(200);
  return { regNo, issued, first, upgradeNumber, upgradePdf };
}

describe('tax documents frozen when issued', () => {
  it('an invoice renders as issued after an upgrade, a name change and a name transfer: PDF, /invoices and the admin download', async () => {
    const { regNo, issued, first, upgradeNumber, upgradePdf } = await registeredThenChanged();
    const now = await stored(regNo);
    expect(now).toMatchObject({ firstName: 'Meera', lastName: 'Shankar', registrationTier: 'prof_non_indian_std', email: 'meera@example.org' });

    const adminNow = await adminPdf(issued.invoiceNumber!);
    expect(same(adminNow, first.admin)).toBe(true);
    expect(same(await registrantPdf(regNo, 'asha@example.org', issued.invoiceNumber!), first.registrant)).toBe(true);
    const text = await pdfText(adminNow);
    expect(text).toContain('Dr Asha Kulkarni');
    expect(text.replace(/\s+/g, ' ')).toContain(`Registration fee: ${tierLabel('stud_non_indian_std')}`);
    expect(text).not.toContain('Meera');
    expect(text).not.toContain('Kulkarni-Rao');

    // The upgrade's invoice was issued to Dr Asha Kulkarni in the professional tier, and stays so.
    const upgradeNow = await adminPdf(upgradeNumber);
    expect(same(upgradeNow, upgradePdf)).toBe(true);
    const upgradeText = await pdfText(upgradeNow);
    expect(upgradeText).toContain('Dr Asha Kulkarni');
    expect(upgradeText).not.toContain('Meera');

    // The stored snapshots say the same: what each document printed when its number was taken.
    expect(now.invoiceSnapshot).toMatchObject({ tier: 'stud_non_indian_std', registrantEmail: 'asha@example.org', recipient: { delegate: 'Dr Asha Kulkarni' } });
    const [up, , moved] = now.history!;
    expect(up && isPaidChange(up) && up.invoiceSnapshot).toMatchObject({ tier: 'prof_non_indian_std', recipient: { delegate: 'Dr Asha Kulkarni' } });
    // The transfer's fee is the payer's document: issued to the registrant who asked for it.
    expect(moved && isPaidChange(moved) && moved.invoiceSnapshot).toMatchObject({ registrantEmail: 'asha@example.org', recipient: { delegate: 'Ms Meera Shankar' } });
  });

  it('the migration: a dry run writes nothing, a real run stores the snapshots taken at issue, a second run changes nothing', async () => {
    const { regNo } = await registeredThenChanged();
    // A credit note too: a cancellation approved after a name change.
    pinClock(standardPeriod('12:00:00'));
    const { regNo: cancelledNo } = await registerPaid();
    // Later than the payment: the old reconstruction never undid a change of the same instant.
    pinClock(standardPeriod('12:10:00'));
    await call(updateName, { body: { regId: cancelledNo, email: 'asha@example.org', title: 'Prof', firstName: 'Asha', lastName: 'Rao' }, ip: freshIp() });
    expect((await call(cancellationRequest, { body: { regId: cancelledNo, email: 'asha@example.org' }, ip: freshIp() })).status).toBe(200);
    expect((await call(decide, { body: { registrationNumber: cancelledNo, decision: 'approve' }, headers: await adminHeaders() })).status).toBe(200);
    // Renamed once more after the credit note: the reconstruction must undo it.
    pinClock(standardPeriod('12:30:00'));
    await call(updateName, { body: { regId: cancelledNo, email: 'asha@example.org', title: 'Prof', firstName: 'Asha', lastName: 'Rao-Kulkarni' }, ip: freshIp() });

    const ours = [regNo, cancelledNo];
    const issued = await Promise.all(ours.map(stored));
    const expected = issued.map(snapshots);
    expect(Object.keys(expected[0]!)).toHaveLength(3);
    expect(Object.keys(expected[1]!)).toHaveLength(2);
    for (const e of expected) for (const s of Object.values(e)) expect(s).toBeDefined();
    const pdfs = await Promise.all(issued.flatMap((r) => Object.keys(snapshots(r))).map(adminPdf));

    // The records as stored before documents were frozen.
    for (const r of issued) await redis().set(keys.registration(r.registrationNumber), JSON.stringify(withoutSnapshots(r)));
    const legacy = await Promise.all(ours.map(raw));

    const dry = await migrateFrozenInvoices({ dryRun: true });
    expect(await Promise.all(ours.map(raw))).toEqual(legacy);
    expect(await frozenAudits(ours)).toEqual([]);
    const planned = ours.map((n) => dry.entries.find((e) => e.registrationNumber === n));
    expect(planned.map((e) => e?.snapshots)).toEqual(expected);

    // The command line's dry run prints the same and writes nothing either; a bad context is refused.
    const cli = await migrationCli(['--dry-run', '--context', 'dev']);
    expect(cli.code, cli.stderr).toBe(0);
    for (const n of ours) expect(cli.stdout).toContain(`"registrationNumber": "${n}"`);
    expect(cli.stdout).toMatch(/Dry run: would freeze \d+ document\(s\) on \d+ of \d+ registration\(s\) under test:/);
    expect(await Promise.all(ours.map(raw))).toEqual(legacy);
    const refused = await migrationCli(['--context', 'staging']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Usage: npm run migrate:invoices -- [--dry-run]');
    expect(await Promise.all(ours.map(raw))).toEqual(legacy);

    const run = await migrateFrozenInvoices({ dryRun: false, at: new Date(standardPeriod('13:00:00')) });
    const written = ours.map((n) => run.entries.find((e) => e.registrationNumber === n));
    expect(written.map((e) => e?.froze.length)).toEqual([3, 2]);
    const migrated = await Promise.all(ours.map(stored));
    expect(migrated.map(snapshots)).toEqual(expected);
    // Nothing but the snapshots was added.
    expect(migrated.map(withoutSnapshots)).toEqual(legacy);
    const after = await Promise.all(issued.flatMap((r) => Object.keys(snapshots(r))).map(adminPdf));
    after.forEach((pdf, i) => expect(same(pdf, pdfs[i]!), `document ${i}`).toBe(true));
    expect(await frozenAudits(ours)).toHaveLength(2);

    const once = await Promise.all(ours.map(raw));
    const again = await migrateFrozenInvoices({ dryRun: false });
    expect(again.entries.filter((e) => ours.includes(e.registrationNumber))).toEqual([]);
    expect(await Promise.all(ours.map(raw))).toEqual(once);
    expect(await frozenAudits(ours)).toHaveLength(2);
  });
});
