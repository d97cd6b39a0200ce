/**
 * A person's full name (src/shared/person-name.ts), the one rule the e-mails, invoices, CSV
 * export, admin pages, self-service pages, wizard summary, ticket check and order notes share.
 */
import { describe, expect, it } from 'vitest';
import { fullName } from '../../src/shared/person-name';

describe('fullName', () => {
  it('joins title, first and last name with single spaces', () => {
    expect(fullName({ title: 'Dr', firstName: 'Asha', lastName: 'Kulkarni' })).toBe('Dr Asha Kulkarni');
    expect(fullName({ title: 'Prof', firstName: 'Asha', lastName: 'Kulkarni-Rao' })).toBe('Prof Asha Kulkarni-Rao');
  });

  it('leaves out a missing, empty or blank part', () => {
    for (const title of [undefined, null, '', '   ']) expect(fullName({ title, firstName: 'Asha', lastName: 'Kulkarni' })).toBe('Asha Kulkarni');
    expect(fullName({ firstName: 'Asha', lastName: 'Kulkarni' })).toBe('Asha Kulkarni');
    expect(fullName({ title: 'Dr', firstName: '', lastName: 'Kulkarni' })).toBe('Dr Kulkarni');
    expect(fullName({})).toBe('');
  });

  it('keeps the parts it takes as they are (the schemas trim names before they are stored)', () => {
    expect(fullName({ title: 'Dr', firstName: '+1', lastName: '@SUM(1)' })).toBe('Dr +1 @SUM(1)');
    expect(fullName({ title: 'Dr', firstName: 'Asha ', lastName: 'Kulkarni' })).toBe('Dr Asha  Kulkarni');
  });
});
