/**
 * What a registrant reads where a paid change was offered once the conference has ended
 * (docs/decisions/031-edition-phases.md, addendum: paid changes close with the conference): the
 * reason, in the words the create-order endpoints answer with (CHANGES_CLOSED_MESSAGE), and links
 * to what stays open and costs nothing (the name correction for the certificates, the invoices,
 * the certificates). Used by the Registration page and the tier-upgrade, IEEE-change and
 * name-transfer pages: a React part two features share. `labelledBy` names the list after a
 * heading of the page, when it has one; `invoices` false leaves out the invoices' link where the
 * page already offers it.
 */
import { Link } from 'react-router-dom';
import { CHANGES_CLOSED_MESSAGE } from '../shared/messages';
import { paths } from '../shared/routes';

export function ChangesClosed({ labelledBy, className, invoices = true }: { labelledBy?: string; className?: string; invoices?: boolean }) {
  return (
    <>
      <p className={className} data-testid="changes-closed">
        {CHANGES_CLOSED_MESSAGE}
      </p>
      <ul aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : 'What you can still do'}>
        <li>
          <Link to={paths.nameChange}>Correct the name on your registration</Link> (with your registered e-mail address)
        </li>
        {invoices && (
          <li>
            <Link to={paths.invoices}>Download your GST tax invoices</Link>
          </li>
        )}
        <li>
          <Link to={paths.certificates}>Download your certificate of attendance</Link>
        </li>
      </ul>
    </>
  );
}

/** The card a paid-change page shows in place of its form once the conference has ended: no form, no Pay button. */
export function ChangesClosedCard() {
  return (
    <section className="card" aria-label="Paid changes closed">
      <ChangesClosed className="notice" />
    </section>
  );
}
