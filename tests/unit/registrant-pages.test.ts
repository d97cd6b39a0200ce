/**
 * The self-service pages' one list (src/shared/registrant-pages.ts), which the Registration
 * information page and the confirmation e-mails both read: the paid changes drop out together
 * once paid changes are no longer sold, and every entry is a route of the site.
 */
import { describe, expect, it } from 'vitest';
import { paths } from '../../src/shared/routes';
import { selfServicePageLine, selfServicePages, selfServicePagesOffered } from '../../src/shared/registrant-pages';

describe('the self-service pages', () => {
  it('name routes of the site, each once', () => {
    const routes = new Set<string>(Object.values(paths));
    for (const page of selfServicePages) expect(routes.has(page.path), page.path).toBe(true);
    expect(new Set(selfServicePages.map((p) => p.path)).size).toBe(selfServicePages.length);
  });

  it('offer the paid changes only while they are sold, keeping the order of the rest', () => {
    const paid = [paths.tierUpgrade, paths.ieeeChange, paths.nameTransfer];
    expect(selfServicePages.filter((p) => p.paid).map((p) => p.path)).toEqual(paid);
    expect(selfServicePagesOffered(true).map((p) => p.path)).toEqual(selfServicePages.map((p) => p.path));
    expect(selfServicePagesOffered(false).map((p) => p.path)).toEqual([paths.nameChange, paths.invoices, paths.cancelRegistration]);
  });

  it('write a line of plain text with the note in brackets (the e-mail), the link words alone without one', () => {
    const transfer = selfServicePages.find((p) => p.path === paths.nameTransfer)!;
    expect(selfServicePageLine(transfer)).toBe('Transfer your registration to another person (with your registered e-mail address; a processing fee applies)');
    const invoices = selfServicePages.find((p) => p.path === paths.invoices)!;
    expect(selfServicePageLine(invoices)).toBe('Download your GST tax invoices');
  });
});
