/**
 * The self-service pages a registrant is pointed to, in one list: the Registration information
 * page's "change your registration" list and the links at the foot of the confirmation e-mails
 * are both read from it, so a page added, renamed or closed changes both at once.
 * `paid` marks the changes that cost money: they are offered only while paid changes are sold
 * (src/shared/edition.ts paidChangeWindows and paidChangesOnSaleAt; docs/decisions/031-edition-phases.md,
 * addendum). `infoPage` false leaves a page out of the information page's list, where another
 * section of that page already links it (the invoices and the cancellation).
 */
import { paths } from './routes';

export interface SelfServicePage {
  path: string;
  /** The link's words. */
  text: string;
  /** What the registrant needs or pays, after the link, e.g. 'with your registered e-mail address'. */
  note?: string;
  /** A paid change: offered only while paid changes are sold. */
  paid: boolean;
  /** Listed on the Registration information page (its other sections link the rest). */
  infoPage: boolean;
}

export const selfServicePages: readonly SelfServicePage[] = [
  { path: paths.tierUpgrade, text: 'Upgrade a student registration to a full registration', paid: true, infoPage: true },
  { path: paths.ieeeChange, text: 'Change an IEEE-member registration to non-member', paid: true, infoPage: true },
  { path: paths.nameChange, text: 'Correct the name on your registration', note: 'with your registered e-mail address', paid: false, infoPage: true },
  { path: paths.nameTransfer, text: 'Transfer your registration to another person', note: 'with your registered e-mail address; a processing fee applies', paid: true, infoPage: true },
  { path: paths.invoices, text: 'Download your GST tax invoices', paid: false, infoPage: false },
  { path: paths.cancelRegistration, text: 'Cancel your registration', note: 'see the refund rule first', paid: false, infoPage: false },
];

/** The pages offered when paid changes are (`paidOnSale`) or are not sold; order kept. */
export function selfServicePagesOffered(paidOnSale: boolean): SelfServicePage[] {
  return selfServicePages.filter((page) => paidOnSale || !page.paid);
}

/** A page's line as plain text: its words and, in brackets, its note ("… (a processing fee applies)"). */
export function selfServicePageLine(page: SelfServicePage): string {
  return page.note ? `${page.text} (${page.note})` : page.text;
}
