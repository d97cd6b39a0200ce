/**
 * The admin pages' view of change history and payments needing attention
 * (src/features/admin/registration-view.ts, attention-view.ts): tier labels, amounts with the
 * currency symbol, times in IST, the table-only 'Changes' column, search over the history, and
 * tolerance of malformed records read from the network.
 */
import { describe, expect, it } from 'vitest';
import type { AttentionPayment, ChangeRecord } from '../../src/shared/api';
import { registrationCsvHeaders, registrationCsvRow } from '../../src/shared/csv';
import { toAttentionRows } from '../../src/features/admin/attention-view';
import {
  changeCount,
  changeKindLabel,
  changeLine,
  changesOf,
  changeView,
  columns,
  filterRows,
  formatAmount,
  tableColumns,
  toRows,
  type AdminRegistration,
} from '../../src/features/admin/registration-view';
import { FULL_TIER_NAME, STUDENT_TIER_NAME, studentToFullUpgrade } from './change-records';

const STUDENT = STUDENT_TIER_NAME;
const FULL = FULL_TIER_NAME;

const upgrade = studentToFullUpgrade();
const rename: ChangeRecord = { kind: 'name-change', from: 'Dr Asha Kulkarni', to: 'Dr Asha K. Rao', at: '2025-10-22T04:30:00.000Z' };

const registration: AdminRegistration & { history: ChangeRecord[] } = {
  registrationNumber: 'PESGRE25-HIST2345',
  title: 'Dr',
  firstName: 'Asha',
  lastName: 'K. Rao',
  registrationTier: 'prof_non_indian_std',
  totalPaid: 14160,
  currency: 'INR',
  history: [upgrade, rename],
};

describe('formatAmount', () => {
  it('writes whole units with the currency symbol and 2 decimals', () => {
    expect(formatAmount(4130, 'INR')).toBe('₹4,130.00');
    expect(formatAmount(120.5, 'USD')).toBe('$120.50');
    expect(formatAmount(100000, 'INR')).toBe('₹1,00,000.00');
  });

  it('puts an unknown currency after the number and gives "" without an amount', () => {
    expect(formatAmount(12.5, 'EUR')).toBe('12.5 EUR');
    expect(formatAmount(7, undefined)).toBe('7');
    expect(formatAmount(undefined, 'INR')).toBe('');
    expect(formatAmount(Number.NaN, 'INR')).toBe('');
    expect(formatAmount('4130', 'INR')).toBe('');
  });
});

describe('changeView and changeLine', () => {
  it('shows a paid change with tier labels, the amount and the time in IST', () => {
    const v = changeView(upgrade)!;
    expect(v).toMatchObject({ kind: 'tier-upgrade', label: 'Tier upgrade', from: STUDENT, to: FULL, amount: '₹4,130.00', orderId: 'order_UPG123456', paymentId: 'pay_UPG123456', atIso: upgrade.at });
    expect(v.at).toBe('21 Oct 2025, 14:05 IST');
    expect(changeLine(v)).toBe(`Tier upgrade: ${STUDENT} → ${FULL}, ₹4,130.00, 21 Oct 2025, 14:05 IST`);
  });

  it('shows an IEEE change and keeps an unknown tier id as it is', () => {
    const v = changeView({ ...upgrade, kind: 'ieee-change', from: 'prof_ieee_indian_std', to: 'no_such_tier', amount: 1180 })!;
    expect(changeLine(v)).toBe('IEEE status change: Full Registration – IEEE Member (Indian, Standard) → no_such_tier, ₹1,180.00, 21 Oct 2025, 14:05 IST');
  });

  it('shows a name change with the names and no money', () => {
    const v = changeView(rename)!;
    expect(v).toMatchObject({ label: 'Name change', from: 'Dr Asha Kulkarni', to: 'Dr Asha K. Rao', amount: '', orderId: '', paymentId: '' });
    expect(changeLine(v)).toBe('Name change: Dr Asha Kulkarni → Dr Asha K. Rao, 22 Oct 2025, 10:00 IST');
  });

  it('drops entries that are not change records and fills gaps with NA', () => {
    for (const bad of [null, 'x', 3, [], {}, { kind: '' }, { kind: 5 }]) expect(changeView(bad)).toBeNull();
    expect(changeLine(changeView({ kind: 'tier-upgrade', to: 'prof_non_indian_std' })!)).toBe(`Tier upgrade: NA → ${FULL}`);
    expect(changeLine(changeView({ kind: 'refund' })!)).toBe('refund');
    expect(changeKindLabel('ieee-change')).toBe('IEEE status change');
    expect(changeKindLabel('something-new')).toBe('something-new');
  });

  it('reads a registration history oldest first, tolerating a missing or malformed list', () => {
    expect(changesOf(registration).map((v) => v.label)).toEqual(['Tier upgrade', 'Name change']);
    expect(changesOf({ registrationNumber: 'PESGRE25-NONE2345' })).toEqual([]);
    expect(changesOf({ history: 'nope' } as unknown as AdminRegistration)).toEqual([]);
    expect(changesOf({ history: [null, rename] } as unknown as AdminRegistration)).toHaveLength(1);
    expect([0, 1, 2].map(changeCount)).toEqual(['0 changes', '1 change', '2 changes']);
  });
});

describe('the registrations table with history', () => {
  it("adds a table-only 'Changes' column after 'Reg. Tier' and shows 'Status' after 'Name'; the CSV keeps the rules' 28 columns, then 'Cancellation' and 'Status'", () => {
    const labels = tableColumns.map((c) => c.label);
    expect(labels).toHaveLength(31);
    expect(labels.slice(0, 3)).toEqual(['Reg. No', 'Name', 'Status']);
    expect(labels.slice(labels.indexOf('Reg. Tier'), labels.indexOf('Reg. Tier') + 3)).toEqual(['Reg. Tier', 'Changes', 'IEEE No']);
    expect(columns.map((c) => c.label)).toEqual([...registrationCsvHeaders]);
    expect(registrationCsvHeaders).toHaveLength(30);
    expect(registrationCsvHeaders[28]).toBe('Cancellation');
    expect(registrationCsvHeaders[29]).toBe('Status');
    const row = registrationCsvRow(registration);
    expect(row).toHaveLength(30);
    expect(row[28]).toBe('Active');
    // Decision 013: a record written before statuses existed is confirmed.
    expect(row[29]).toBe('confirmed');
    expect(registrationCsvRow({ ...registration, status: 'awaiting-proof' })[29]).toBe('awaiting-proof');
    expect(registrationCsvRow({ ...registration, status: 'awaiting-proof', cancellation: { status: 'approved' } })[29]).toBe('cancelled');
    expect(row[registrationCsvHeaders.indexOf('Reg. Tier')]).toBe(FULL);
    expect(row[registrationCsvHeaders.indexOf('Total Paid')]).toBe(14160);
  });

  it("shows the history in the 'Changes' cell and 'NA' without one", () => {
    const [withHistory, without] = toRows([registration, { registrationNumber: 'PESGRE25-NONE2345' }], tableColumns);
    const i = tableColumns.findIndex((c) => c.key === 'Changes');
    expect(withHistory!.cells[i]).toBe(`Tier upgrade: ${STUDENT} → ${FULL}, ₹4,130.00, 21 Oct 2025, 14:05 IST\nName change: Dr Asha Kulkarni → Dr Asha K. Rao, 22 Oct 2025, 10:00 IST`);
    expect(without!.cells[i]).toBe('NA');
  });

  it('search finds text of the history (shown and raw) whichever columns are shown; the Changes filter too', () => {
    for (const cols of [tableColumns, columns]) {
      const rows = toRows([registration, { registrationNumber: 'PESGRE25-NONE2345', firstName: 'Ravi' }], cols);
      for (const needle of ['tier upgrade', 'kulkarni', '₹4,130.00', 'stud_non_indian_std', 'pay_upg123456', 'Student Registration']) {
        expect(filterRows(rows, needle, {}).map((r) => r.record.registrationNumber), needle).toEqual(['PESGRE25-HIST2345']);
      }
    }
    const rows = toRows([registration, { registrationNumber: 'PESGRE25-NONE2345' }], tableColumns);
    const i = tableColumns.findIndex((c) => c.key === 'Changes');
    expect(filterRows(rows, '', { [i]: 'name change' }).map((r) => r.record.registrationNumber)).toEqual(['PESGRE25-HIST2345']);
  });
});

describe('toAttentionRows', () => {
  const record: AttentionPayment = {
    paymentId: 'pay_ATTN123456',
    orderId: 'order_ATTN123456',
    kind: 'ieee-change',
    registrationNumber: 'PESGRE25-HIST2345',
    amount: 2360,
    currency: 'INR',
    reason: 'The registration was already changed by another payment.',
    at: '2025-11-10T05:45:00.000Z',
  };

  it('shows each record with its kind, amount with symbol and the time in IST, in the order received', () => {
    const rows = toAttentionRows([record, { ...record, paymentId: 'pay_ATTN999999', kind: 'tier-upgrade', amount: 99.5, currency: 'USD' }])!;
    expect(rows[0]).toEqual({
      key: 'pay_ATTN123456',
      registrationNumber: 'PESGRE25-HIST2345',
      kind: 'IEEE status change',
      amount: '₹2,360.00',
      reason: 'The registration was already changed by another payment.',
      when: '10 Nov 2025, 11:15 IST',
      whenIso: '2025-11-10T05:45:00.000Z',
      paymentId: 'pay_ATTN123456',
      orderId: 'order_ATTN123456',
      applied: false,
    });
    expect(rows[1]).toMatchObject({ key: 'pay_ATTN999999', kind: 'Tier upgrade', amount: '$99.50' });
    // A coupon used past its limit was applied: listed for a decision, not for a refund.
    expect(toAttentionRows([{ ...record, kind: 'registration', applied: true }])![0]).toMatchObject({ applied: true });
  });

  it("answers [] for an empty list, null for anything but a list, and 'NA' for missing fields", () => {
    expect(toAttentionRows([])).toEqual([]);
    for (const bad of [null, undefined, {}, 'x', 3]) expect(toAttentionRows(bad)).toBeNull();
    expect(toAttentionRows([null, 5, { kind: 'x' }])).toEqual([
      { key: 'attention-0', registrationNumber: 'NA', kind: 'x', amount: 'NA', reason: 'NA', when: 'NA', whenIso: '', paymentId: 'NA', orderId: 'NA', applied: false },
    ]);
  });
});
