/**
 * One-off migration: stores the snapshot (src/shared/api.ts IssuedDocument) of every tax document
 * issued before documents were frozen when issued
 * (docs/decisions/052-tax-documents-frozen-when-issued.md; run as docs/operations.md, "Frozen tax
 * documents", says):
 *
 *   npm run migrate:invoices -- --dry-run [--context production]   prints what it would write
 *   npm run migrate:invoices [-- --context production]             writes it
 *
 * A registration's invoice, each paid change's invoice and an approved cancellation's credit note
 * that hold a number but no snapshot get one, computed one last time by the reconstruction the
 * renderers used before (the registration as it stood when the document was issued, found by
 * undoing later history). Documents that already have a snapshot are left alone, so a second run
 * writes nothing. Each record is written through the one compare-and-set writer of a registration
 * (netlify/server/registration-update.ts) with an audit entry `registration.documents-frozen`.
 * Runs against the store scripts/store-target.ts names, like the other maintenance scripts.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { ChangeRecord, IssuedDocument, StoredRegistration } from '../src/shared/api';
import { changeKinds, isPaidChange, unhandled } from '../src/shared/change-kinds';
import { changeInvoiceSnapshot, creditNoteSnapshot, registrationInvoiceSnapshot } from '../src/shared/invoice';
import { fullName } from '../src/shared/person-name';
import { allRegistrations, type Registration } from '../netlify/server/registrations';
import { updateRegistration } from '../netlify/server/registration-update';
import { CONTEXT_USAGE, contextOption, storeTargetOrExit } from './store-target';

// ---------------------------------------------------------------------------------------------
// LEGACY RECONSTRUCTION, kept only for this migration. Before frozen documents the renderers
// rebuilt an earlier document by undoing later history; this is that code, moved here unchanged
// in what it computes, so the snapshots stored now print exactly what those documents printed.
// Nothing else may import it.
// ---------------------------------------------------------------------------------------------

/** The field of the record a change rewrote and what it held before (`from`). */
function fieldBefore(change: ChangeRecord): { field: 'tier' | 'person'; before: string } {
  const field = changeKinds[change.kind].changes;
  switch (field) {
    case 'tier':
    case 'person':
      return { field, before: change.from };
    default:
      return unhandled(field);
  }
}

/** The delegate's name and the tier of `r` as they stood at `at` (ISO), later changes undone. */
function legacyAsOf(r: StoredRegistration, at: string): { delegate: string; tier: string } {
  let delegate = fullName(r);
  let tier = r.registrationTier;
  for (const change of [...(r.history ?? [])].reverse()) {
    if (change.at <= at) break;
    const { field, before } = fieldBefore(change);
    if (field === 'person') delegate = before;
    else tier = before;
  }
  return { delegate, tier };
}

/** The registered e-mail of `r` before history entry `index` (0: as registered), later transfers undone. */
function legacyRegistrantEmailBefore(r: StoredRegistration, index: number): string {
  const history = r.history ?? [];
  let email = r.email;
  for (let i = history.length - 1; i >= index; i--) {
    const change = history[i]!;
    if (changeKinds[change.kind].changesEmail && 'fromEmail' in change && change.fromEmail) email = change.fromEmail;
  }
  return email;
}

/** `r` with the tier put back as it stood at `at` (the delegate's name goes in with withDelegate). */
function legacyRecordAt(r: StoredRegistration, at: string): StoredRegistration {
  return { ...r, registrationTier: legacyAsOf(r, at).tier };
}

/** The snapshot with the reconstructed delegate (the record's name fields carry it whole). */
function withDelegate(snapshot: IssuedDocument, delegate: string): IssuedDocument {
  return { ...snapshot, recipient: { ...snapshot.recipient, delegate } };
}

// ------------------------------------- end of the legacy code --------------------------------

/** What the migration adds to one record: the record with every missing snapshot, and the document numbers it froze. */
export interface FrozenRecord {
  record: StoredRegistration;
  froze: string[];
}

/**
 * `r` with a snapshot for each of its documents that has a number and none yet, reconstructed as
 * the renderers did before; `froze` lists their numbers (empty: nothing to write). Pure.
 */
export function freezeDocuments(r: StoredRegistration): FrozenRecord {
  const froze: string[] = [];
  let record: StoredRegistration = r;
  if (r.invoiceNumber && !r.invoiceSnapshot) {
    const then = legacyRecordAt(r, r.paidAt);
    const snapshot = registrationInvoiceSnapshot({ ...then, email: legacyRegistrantEmailBefore(r, 0) });
    record = { ...record, invoiceSnapshot: withDelegate(snapshot, legacyAsOf(r, r.paidAt).delegate) };
    froze.push(r.invoiceNumber);
  }
  const history = (r.history ?? []).map((change, index) => {
    if (!isPaidChange(change) || !change.invoiceNumber || !change.charges || change.invoiceSnapshot) return change;
    const then = legacyRecordAt(r, change.at);
    // The registrant just after this change (its own transfer, if any, applied; later ones undone).
    const snapshot = changeInvoiceSnapshot({ ...then, email: legacyRegistrantEmailBefore(r, index + 1) }, change);
    froze.push(change.invoiceNumber);
    return { ...change, invoiceSnapshot: withDelegate(snapshot, legacyAsOf(r, change.at).delegate) };
  });
  if (r.history) record = { ...record, history };
  const c = r.cancellation;
  if (c?.status === 'approved' && c.creditNoteNumber && c.decidedAt && !c.creditNoteSnapshot && record.invoiceSnapshot) {
    const then = legacyRecordAt(r, c.decidedAt);
    // A credit note belongs with the invoice it reduces: issued to that invoice's registrant.
    const snapshot = creditNoteSnapshot({ ...then, invoiceSnapshot: { ...record.invoiceSnapshot, registrantEmail: legacyRegistrantEmailBefore(r, 0) } });
    record = { ...record, cancellation: { ...c, creditNoteSnapshot: withDelegate(snapshot, legacyAsOf(r, c.decidedAt).delegate) } };
    froze.push(c.creditNoteNumber);
  }
  return { record: froze.length ? record : r, froze };
}

/** One record the migration froze (or, in a dry run, would freeze). */
export interface MigrationEntry {
  registrationNumber: string;
  froze: string[];
  /** The snapshots written, by document number. */
  snapshots: Record<string, IssuedDocument>;
}

/** The snapshots of `record` by document number. */
function snapshotsOf(record: StoredRegistration, numbers: string[]): Record<string, IssuedDocument> {
  const out: Record<string, IssuedDocument> = {};
  if (record.invoiceNumber && record.invoiceSnapshot) out[record.invoiceNumber] = record.invoiceSnapshot;
  for (const change of record.history ?? []) if (isPaidChange(change) && change.invoiceNumber && change.invoiceSnapshot) out[change.invoiceNumber] = change.invoiceSnapshot;
  const c = record.cancellation;
  if (c?.creditNoteNumber && c.creditNoteSnapshot) out[c.creditNoteNumber] = c.creditNoteSnapshot;
  return Object.fromEntries(Object.entries(out).filter(([n]) => numbers.includes(n)));
}

/**
 * Freezes every stored registration's documents that lack a snapshot. With `dryRun` nothing is
 * written and the entries say what would be. Returns how many records were read and the entries.
 * Throws what the store throws (ServiceUnavailableError when it is down).
 */
export async function migrateFrozenInvoices(options: { dryRun: boolean; at?: Date }): Promise<{ examined: number; entries: MigrationEntry[] }> {
  const all = await allRegistrations();
  const entries: MigrationEntry[] = [];
  for (const stored of all) {
    const planned = freezeDocuments(stored);
    if (!planned.froze.length) continue;
    if (options.dryRun) {
      entries.push({ registrationNumber: stored.registrationNumber, froze: planned.froze, snapshots: snapshotsOf(planned.record, planned.froze) });
      continue;
    }
    const iso = (options.at ?? new Date()).toISOString();
    // Computed again from the record the writer read, so a change meanwhile is never overwritten.
    const entry = await updateRegistration<MigrationEntry | null>(stored.registrationNumber, (current) => {
      if (!current) return { stop: null };
      const { record, froze } = freezeDocuments(current);
      if (!froze.length) return { stop: null };
      return {
        write: record as Registration,
        audit: { at: iso, actor: 'migration', action: 'registration.documents-frozen', details: { regNo: current.registrationNumber, numbers: froze } },
        result: (written) => ({ registrationNumber: written.registrationNumber, froze, snapshots: snapshotsOf(written, froze) }),
      };
    });
    if (entry) entries.push(entry);
  }
  return { examined: all.length, entries };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false }, ...contextOption } });
  const usage = `Usage: npm run migrate:invoices -- [--dry-run] [${CONTEXT_USAGE}]`;
  const { prefix } = storeTargetOrExit(values.context, usage);
  const dryRun = values['dry-run'];
  const { examined, entries } = await migrateFrozenInvoices({ dryRun });
  for (const e of entries) console.log(JSON.stringify(e, null, 2));
  const count = entries.reduce((n, e) => n + e.froze.length, 0);
  console.log(`${dryRun ? 'Dry run: would freeze' : 'Froze'} ${count} document(s) on ${entries.length} of ${examined} registration(s) under ${prefix}.`);
}
