/**
 * The accounts pages' pure helpers: the id and e-mail check with the rules'
 * message, and the file name a downloaded invoice is saved under.
 */
import { describe, expect, it } from 'vitest';
import { checkRegistrant, fallbackFileName } from '../../src/features/accounts/accounts-api';
import { fileNameFromDisposition } from '../../src/lib/content-disposition';

describe('checkRegistrant', () => {
  const both = '⚠️ Please enter both Registration ID and Email.';

  it("gives the rules' message when either field is empty or blank, pointing at the empty one", async () => {
    expect(await checkRegistrant('', '')).toEqual({ ok: false, message: both, field: 'regId' });
    expect(await checkRegistrant('  ', 'a@example.org')).toEqual({ ok: false, message: both, field: 'regId' });
    expect(await checkRegistrant('PESGRE25-ABCDEFGH', ' ')).toEqual({ ok: false, message: both, field: 'email' });
    // An empty e-mail wins over a malformed id: the rules' message (docs/rules.md#the-registration-form-and-its-checks) names both fields.
    expect(await checkRegistrant('not an id', '')).toEqual({ ok: false, message: both, field: 'email' });
  });

  it('trims and upper-cases the id as the server does, and trims the e-mail', async () => {
    expect(await checkRegistrant(' pesgre25-abcdefgh ', ' Asha@Example.org ')).toEqual({ ok: true, value: { regId: 'PESGRE25-ABCDEFGH', email: 'Asha@Example.org' } });
  });

  it('refuses an id that cannot be one, before asking the server', async () => {
    expect(await checkRegistrant('hello world', 'a@example.org')).toEqual({ ok: false, message: 'This is not a registration ID.', field: 'regId' });
  });
});

describe('download file names', () => {
  it('reads filename and prefers RFC 5987 filename*', async () => {
    expect(fileNameFromDisposition('attachment; filename="invoice-PG25-2526-00001.pdf"')).toBe('invoice-PG25-2526-00001.pdf');
    expect(fileNameFromDisposition('attachment; filename=credit-note-PG25C-2526-00002.pdf')).toBe('credit-note-PG25C-2526-00002.pdf');
    expect(fileNameFromDisposition(`attachment; filename="fallback.pdf"; filename*=UTF-8''rechnung%20%C3%A4.pdf`)).toBe('rechnung ä.pdf');
  });

  it('never gives a path, a hidden name or control characters', async () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition('attachment; filename="C:\\\\temp\\\\x.pdf"')).toBe('x.pdf');
    expect(fileNameFromDisposition('attachment; filename=".hidden.pdf"')).toBe('hidden.pdf');
    expect(fileNameFromDisposition('attachment; filename="a\u0007b.pdf"')).toBe('ab.pdf');
  });

  it('gives null when there is no usable name, and the fallback replaces the slashes of the number', async () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull();
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`)).toBeNull();
    expect(fallbackFileName('PG25/2526/00001')).toBe('invoice-PG25-2526-00001.pdf');
  });
});

describe('loadOnce', () => {
  it('runs the loader once for concurrent calls and retries after a failure', async () => {
    const { loadOnce } = await import('../../src/lib/load-once');
    let calls = 0;
    const load = loadOnce(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return calls;
    });
    await expect(load()).rejects.toThrow('offline');
    expect(await Promise.all([load(), load()])).toEqual([2, 2]);
    expect(calls).toBe(2);
  });
});
