/**
 * The admin's registrations: dashboard summary, the full list and the CSV export (docs/rules.md#the-admin-area,
 * #the-stored-registration-and-the-csv), read against registrations made through the real payment flow and through
 * finalise(). The CSV is parsed back with csv-parse and compared field by field with the store.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import summary from '../../netlify/functions/registrations-summary';
import list from '../../netlify/functions/registrations-list';
import exportCsv from '../../netlify/functions/registrations-export';
import type { Registration } from '../../netlify/server/registrations';
import { keys, redis } from '../../netlify/server/platform/store';
import { neutraliseFormula, registrationCsvHeaders, registrationCsvRow } from '../../src/shared/csv';
import { DEV, STANDARD_DAY, call, pinClock } from './helpers';
import { adminHeaders, registerPaid, seedRegistration } from './helpers-admin';

const SPEC_COLUMNS = [
  'Reg. No', 'Name', 'Organization', 'ID Number', 'Address', 'Country', 'Postcode', 'Mobile', 'Email', 'Reg. Tier', 'IEEE No',
  'Paper ID', 'Welcome Reception', 'WR Extra Fee', 'Gala Dinner', 'Gala Extra Fee', 'Dietary', 'Billing Org', 'Billing Email',
  'Billing Tax No', 'Billing Address', 'Coupon', 'Payment ID', 'Order ID', 'Total Paid', 'Paid At', 'Created', 'Updated',
];

const minute = 60_000;
const base = Date.parse(STANDARD_DAY);
const at = (i: number) => new Date(base + i * minute);

/** Everything this file registered, oldest first. */
const made: Registration[] = [];

async function stored(regNo: string): Promise<Registration> {
  const r = await redis().get<Registration>(keys.registration(regNo));
  if (!r) throw new Error(`missing ${regNo}`);
  return r;
}

beforeAll(async () => {
  // Three through the real flow (create-order, the double's payment, verify-payment)...
  const real = [
    { firstName: 'Meera', lastName: 'Iyer', welcomeReception: 'yes' as const, additionalReceptionTickets: 2, galaDinner: 'yes' as const, additionalGalaDinnerTickets: 1 },
    { firstName: 'Ravi', lastName: 'Shankar', registrationTier: 'stud_non_indian_std', noPaper: true, paperId: '', dietaryRequirements: ['OTHER' as const], dietaryOtherText: 'Jain food' },
    { firstName: 'Zoë', lastName: 'Ångström', organization: 'Lab "Alpha", Unit 2', billingTaxNumber: '29ABCDE1234F1Z5' },
  ];
  for (const [i, overrides] of real.entries()) {
    pinClock(at(i).toISOString());
    const { regNo } = await registerPaid(overrides);
    // The form now refuses a line break in the organisation (decision 033); a registration stored
    // before that rule may hold one, and the CSV must still carry it.
    if (i === 2) await redis().set(keys.registration(regNo), { ...(await stored(regNo)), organization: 'Lab "Alpha", Unit 2\nSecond line' });
    made.push(await stored(regNo));
  }
  // ...and the rest straight through finalise(): spreadsheet formulas and enough for the summary's limit.
  made.push(
    await seedRegistration(
      { organization: '=HYPERLINK("http://x")', firstName: '+1', lastName: '@SUM(1)', idNumber: '-2', address: '@SUM(1)', mobile: '+1 555 0100', billingOrganization: '\tTabbed', billingTaxNumber: '-2', city: 'Dharwad' },
      at(3),
    ),
  );
  for (let i = 4; i < 12; i++) made.push(await seedRegistration({ firstName: `Delegate${i}` }, at(i)));
});

beforeEach(() => pinClock(STANDARD_DAY));

describe('GET /api/registrations/summary', () => {
  it('answers the total and the 10 newest registrations, newest first, as stored', async () => {
    const r = await call(summary, { headers: await adminHeaders() });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['latestRegistrations', 'totalRegistrations']);
    expect(r.body.totalRegistrations).toBe(made.length);
    expect(r.body.latestRegistrations).toHaveLength(10);
    expect(r.body.latestRegistrations).toEqual([...made].reverse().slice(0, 10));
  });
});

describe('GET /api/registrations', () => {
  it('answers every registration, oldest first, exactly as stored', async () => {
    const r = await call(list, { headers: await adminHeaders() });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toEqual(made);
    expect(r.body[0]).toMatchObject({ firstName: 'Meera', welcomeReceptionExtraFee: 3000, additionalGalaDinnerTickets: 1 });
  });

  it('skips index entries whose record is missing', async () => {
    await redis().zadd(keys.registrationIndex(), { score: base + 99 * minute, member: 'PESGRE25-GHSTGHST' });
    try {
      const r = await call(list, { headers: await adminHeaders() });
      expect(r.body).toEqual(made);
    } finally {
      await redis().zrem(keys.registrationIndex(), 'PESGRE25-GHSTGHST');
    }
  });
});

describe('GET /api/registrations/export', () => {
  async function download() {
    const res = await exportCsv(new Request('http://localhost/api/registrations/export', { headers: await adminHeaders() }), DEV);
    const bytes = Buffer.from(await res.arrayBuffer());
    return { res, bytes, text: bytes.toString('utf8') };
  }
  const parsed = (text: string) => parse(text, { bom: true, relax_column_count: false }) as string[][];

  it('sends a UTF-8 CSV attachment named for the day in Asia/Kolkata', async () => {
    // 20:00 UTC on 10 Nov is 01:30 on 11 Nov in India.
    pinClock('2025-11-10T20:00:00Z');
    const { res, bytes, text } = await download();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="registrations_2025-11-11.csv"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // CRLF record ends (RFC 4180); the one LF inside a quoted cell is data.
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(made.length + 2);
    const audit = await redis().lrange<{ action: string; details: { count: number } }>(keys.audit(), 0, 0);
    expect(audit[0]).toMatchObject({ action: 'registrations.exported', details: { count: made.length } });
  });

  it("has the rules' columns in order and one row per registration, field by field as stored", async () => {
    const rows = parsed((await download()).text);
    // The rules' 28 exactly (docs/rules.md#the-stored-registration-and-the-csv), then 'Cancellation' and 'Status' (decision 013).
    expect(rows[0]).toEqual([...SPEC_COLUMNS, 'Cancellation', 'Status']);
    expect(registrationCsvHeaders).toEqual([...SPEC_COLUMNS, 'Cancellation', 'Status']);
    for (const [i, reg] of made.entries()) expect(rows[i + 1]!.slice(-2)).toEqual(['Active', reg.registrationTier.startsWith('stud') ? 'awaiting-proof' : 'confirmed']);
    expect(rows).toHaveLength(made.length + 1);
    const ist = (iso: string) => {
      // Independent of src/shared/csv.ts: IST is UTC+05:30 all year.
      const d = new Date(Date.parse(iso) + 330 * minute);
      return d.toISOString().slice(0, 19).replace('T', ' ');
    };
    for (const [i, reg] of made.entries()) {
      const row = Object.fromEntries(SPEC_COLUMNS.map((h, j) => [h, rows[i + 1]![j]]));
      if (reg.organization.startsWith('=')) continue; // the formula row is checked below
      expect(row).toEqual({
        'Reg. No': reg.registrationNumber,
        Name: `${reg.title} ${reg.firstName} ${reg.lastName}`,
        Organization: reg.organization,
        'ID Number': reg.idNumber,
        Address: [reg.address, reg.city, reg.state].filter(Boolean).join(', '),
        Country: reg.country,
        Postcode: reg.postcode,
        Mobile: `'${reg.mobile}`, // '+91 ...' starts with '+': neutralised like any other cell
        Email: reg.email,
        'Reg. Tier': reg.registrationTier === 'stud_non_indian_std' ? 'Student Registration – Non-IEEE Member (Indian, Standard)' : 'Full Registration – Non-IEEE Member (Indian, Standard)',
        'IEEE No': reg.ieeeMemberNumber,
        'Paper ID': reg.noPaper ? 'NoPaper' : reg.paperId,
        'Welcome Reception': reg.welcomeReception === 'yes' ? `Yes (+${reg.additionalReceptionTickets} extra)` : 'No',
        'WR Extra Fee': String(reg.welcomeReceptionExtraFee),
        'Gala Dinner': reg.galaDinner === 'yes' ? `Yes (+${reg.additionalGalaDinnerTickets} extra)` : 'No',
        'Gala Extra Fee': String(reg.galaDinnerExtraFee),
        Dietary: reg.dietaryOtherText ? `${reg.dietaryRequirements.join(', ')}: ${reg.dietaryOtherText}` : reg.dietaryRequirements.join(', '),
        'Billing Org': reg.billingOrganization,
        'Billing Email': reg.billingEmail,
        'Billing Tax No': reg.billingTaxNumber,
        'Billing Address': [reg.billingAddress, reg.billingCity, reg.billingState, reg.billingPostcode, reg.billingCountry].filter(Boolean).join(', '),
        Coupon: reg.couponCode,
        'Payment ID': reg.paymentId,
        'Order ID': reg.orderId,
        'Total Paid': String(reg.totalPaid),
        'Paid At': ist(reg.paidAt),
        Created: ist(reg.createdAt),
        Updated: ist(reg.updatedAt),
      });
      expect(rows[i + 1]![SPEC_COLUMNS.length]).toBe('Active');
    }
    // Spot checks of the derived cells.
    expect(rows[1]![SPEC_COLUMNS.indexOf('Welcome Reception')]).toBe('Yes (+2 extra)');
    expect(rows[2]![SPEC_COLUMNS.indexOf('Paper ID')]).toBe('NoPaper');
    expect(rows[2]![SPEC_COLUMNS.indexOf('Dietary')]).toBe('OTHER: Jain food');
  });

  it('round-trips quotes, commas, newlines and non-ASCII names', async () => {
    const { text } = await download();
    const row = parsed(text).find((r) => r[0] === made[2]!.registrationNumber)!;
    expect(row[SPEC_COLUMNS.indexOf('Organization')]).toBe('Lab "Alpha", Unit 2\nSecond line');
    expect(row[SPEC_COLUMNS.indexOf('Name')]).toBe('Dr Zoë Ångström');
    // RFC 4180 on the wire: the cell is quoted and its quotes doubled.
    expect(text).toContain('"Lab ""Alpha"", Unit 2\nSecond line"');
  });

  it('neutralises cells a spreadsheet would run as formulas, and keeps numbers numeric', async () => {
    const { text } = await download();
    const formulaReg = made[3]!;
    const row = parsed(text).find((r) => r[0] === formulaReg.registrationNumber)!;
    const cell = (h: string) => row[SPEC_COLUMNS.indexOf(h)];
    expect(cell('Organization')).toBe(`'=HYPERLINK("http://x")`);
    expect(cell('ID Number')).toBe("'-2");
    expect(cell('Address')).toBe("'@SUM(1), Dharwad, Karnataka");
    expect(cell('Mobile')).toBe("'+1 555 0100");
    expect(cell('Billing Org')).toBe("'\tTabbed");
    expect(cell('Billing Tax No')).toBe("'-2");
    expect(cell('Name')).toBe('Dr +1 @SUM(1)'); // starts with the title: nothing to neutralise
    expect(cell('WR Extra Fee')).toBe('0');
    // No cell of the whole file starts with a formula character.
    for (const r of parsed(text).slice(1)) for (const c of r) expect(c).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('neutralises text but never numbers (shared row mapping)', () => {
    expect(neutraliseFormula('=1+1')).toBe("'=1+1");
    expect(neutraliseFormula('+1')).toBe("'+1");
    expect(neutraliseFormula('-2')).toBe("'-2");
    expect(neutraliseFormula('@SUM(1)')).toBe("'@SUM(1)");
    expect(neutraliseFormula('\tx')).toBe("'\tx");
    expect(neutraliseFormula('\rx')).toBe("'\rx");
    expect(neutraliseFormula('a=b')).toBe('a=b');
    expect(neutraliseFormula(-2)).toBe(-2);
    const row = registrationCsvRow({ title: '', firstName: '+1', lastName: 'Smith', totalPaid: -2, welcomeReceptionExtraFee: 0 });
    expect(row[SPEC_COLUMNS.indexOf('Name')]).toBe("'+1 Smith");
    expect(row[SPEC_COLUMNS.indexOf('Total Paid')]).toBe(-2);
    expect(row[SPEC_COLUMNS.indexOf('WR Extra Fee')]).toBe(0);
  });
});
