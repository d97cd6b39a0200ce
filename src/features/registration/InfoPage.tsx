/**
 * The registration information page at /authors/registration (docs/rules.md#pages-and-routes; fees, refund and name-transfer rules from docs/rules.md#fees-arithmetic-and-timings).
 * Fees, deadlines and rules come from src/shared/pricing.ts and src/content, never typed in here.
 */
import { SampleBadge } from '../../components/SampleBadge';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/routes';
import { selfServicePages } from '../../shared/registrant-pages';
import { conference } from '../../content/conference';
import { invoicing } from '../../content/invoicing';
import { registrationFees } from '../../content/registration';
import { pricing, type Tier } from '../../shared/pricing';
import { formatDay } from '../../shared/dates';
import { PhaseVariants } from '../../components/PhaseVariants';
import { paidChangeWindows, phaseWindowList } from '../../shared/edition';
import { registrationClosedMessage } from '../../shared/messages';
import { ChangesClosed } from '../../components/ChangesClosed';
import { mergeWindows } from '../../shared/schedule';
import { useSyncExternalStore } from 'react';
import { hintedRoute } from '../../lib/visitor-region';
import { formatWholeFee } from './format';
import './registration.css';

interface FeeRow {
  category: string;
  period: string;
  indian?: Tier;
  foreign?: Tier;
}

/**
 * One row per category, membership and period, Indian and Foreign side by side, in the order of
 * docs/rules.md#fees-arithmetic-and-timings (full before student, early bird before standard, member before non-member).
 */
function feeRows(): FeeRow[] {
  const deadline = { 'Early Bird': registrationFees.earlyBirdDate, Standard: registrationFees.standardDeadline } as const;
  const rank = (t: Tier) => (t.id.startsWith('prof') ? 0 : 4) + (t.type === 'Early Bird' ? 0 : 2) + (t.id.includes('ieee') ? 0 : 1);
  return pricing.registrationTiers
    .filter((t) => t.region === 'Indian')
    .sort((a, b) => rank(a) - rank(b))
    .map((indian) => ({
      // Tier labels read 'Full Registration – IEEE Member (Indian, Early Bird)': the part before the bracket is the category.
      category: indian.label.replace(/\s*\(.*\)\s*$/, ''),
      period: `${indian.type} (by ${formatDay(deadline[indian.type])})`,
      indian,
      foreign: pricing.registrationTiers.find((t) => t.region === 'Foreign' && t.id === indian.id.replace('_indian_', '_foreign_')),
    }));
}

const subscribeNever = () => () => {};
const noHint = () => null;

/** One variant per phase of the edition (docs/decisions/031-edition-phases.md): the links while online registration is open, why not otherwise. */
const registrationWindows = mergeWindows(phaseWindowList, (w) => w.phase);

/**
 * The two registration routes. Each link names its route (`?route=`), so the wizard
 * opens on it whatever the hint says. Once hydrated, the route the edge's country hint suggests
 * (src/lib/visitor-region.ts) comes first and is marked; the prerendered HTML is the same for
 * every visitor, so the page stays cacheable. International delegates use the wizard, or the
 * external site when src/content/registration.ts says so.
 */
function RegistrationLinks() {
  // null in the build and the hydration render (the prerendered HTML is the same for every
  // visitor), the cookie's route afterwards; the cookie does not change while the page is open.
  const hint = useSyncExternalStore(subscribeNever, hintedRoute, noHint);
  const international = registrationFees.internationalRegistration;
  const suggested = <p className="info__suggested">Suggested for your location</p>;
  const indianLink = (
    <div key="indian" className={hint === 'indian' ? 'info__link--suggested' : undefined}>
      {hint === 'indian' && suggested}
      <p>Authors and delegates with an Indian affiliation register and pay here (INR).</p>
      <Link className={hint === 'international' ? 'button button--secondary' : 'button'} to={`${paths.registrationDetails}?route=indian`}>
        Register (Indian Affiliations)
      </Link>
    </div>
  );
  const internationalLink = (
    <div key="international" className={hint === 'international' ? 'info__link--suggested' : undefined}>
      {hint === 'international' && suggested}
      {international.mode === 'wizard' ? (
        <>
          <p>International delegates register and pay here in US dollars (international cards).</p>
          <Link className={hint === 'international' ? 'button' : 'button button--secondary'} to={`${paths.registrationDetails}?route=international`}>
            Register (International)
          </Link>
        </>
      ) : (
        <>
          <p>International delegates register on the international event-registration site.</p>
          <a className={hint === 'international' ? 'button' : 'button button--secondary'} href={international.url} target="_blank" rel="noopener noreferrer">
            Register (International)<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          {international.sample ? <SampleBadge /> : null}
        </>
      )}
    </div>
  );
  return (
    <section className="card info__section" aria-labelledby="registration-link">
      <h2 id="registration-link">Registration Link</h2>
      <PhaseVariants windows={registrationWindows}>
        {(w) =>
          w.phase === 'registration-open' ? (
            <>
              <div className="info__links">{hint === 'international' ? [internationalLink, indianLink] : [indianLink, internationalLink]}</div>
              {international.mode === 'wizard' && (
                <p className="field__hint">
                  Foreign delegates pay {pricing.gst}% GST (IGST, invoiced as an export of services) and the convenience fee, as Indian delegates do.
                  Invitation letters for visas: <Link to={paths.visaLetter}>request a visa invitation letter</Link> once registered and paid.
                </p>
              )}
            </>
          ) : (
            <p className="notice" data-testid="registration-not-open">
              {registrationClosedMessage(w.phase)}
            </p>
          )
        }
      </PhaseVariants>
    </section>
  );
}

/**
 * What a registrant can change online (src/shared/registrant-pages.ts, the list the e-mails
 * link too; docs/decisions/031-edition-phases.md, addendum): the paid
 * changes (upgrade, IEEE status, name transfer) until the conference has ended, then only what
 * costs nothing, with why (paidChangeWindows: one variant each, so a page built before the end is
 * true after it).
 */
function SelfServiceLinks() {
  return (
    <PhaseVariants windows={paidChangeWindows}>
      {(w) =>
        w.key === 'on-sale' ? (
          <>
            <p>With your Registration ID you can change your registration online:</p>
            <ul aria-labelledby="self-service">
              {selfServicePages
                .filter((page) => page.infoPage)
                .map((page) => (
                  <li key={page.path}>
                    <Link to={page.path}>{page.text}</Link>
                    {page.note && ` (${page.note})`}
                  </li>
                ))}
            </ul>
          </>
        ) : (
          // The section above already links the invoices (and the cancellation).
          <ChangesClosed labelledBy="self-service" invoices={false} />
        )
      }
    </PhaseVariants>
  );
}

/** The information page: notes, inclusions, cancellation rules, visas, registration links, fee table, deadlines. */
export default function InfoPage() {
  // The refund and name-transfer rules are the ones the quote, the refund and the transfer apply (src/content/invoicing.ts).
  const refundDeadline = formatDay(invoicing.refund.requestBefore);
  const transferDeadline = formatDay(invoicing.nameTransfer.requestBefore);
  const { INR: transferInr, USD: transferUsd } = invoicing.nameTransfer.fee;
  const mail = <a href={`mailto:${conference.contactEmail}`}>{conference.contactEmail}</a>;
  return (
    <article className="info">
      <title>{`Registration | ${conference.name}`}</title>
      <h1>Registration</h1>

      <section className="card info__section" aria-labelledby="important-notes">
        <h2 id="important-notes">Important Notes</h2>
        <ul>
          <li>At least one author of each accepted paper must register at the full registration fee.</li>
          <li>One full registration covers one paper.</li>
          <li>A student registration allows one paper, but that paper is not included in IEEE Xplore.</li>
          <li>Manuscripts are 6 pages long; up to 8 pages are allowed in the final version.</li>
          <li>
            Students send a proof of their student status after paying: they upload it on the{' '}
            <Link to={paths.registrationProof}>proof of student status page</Link> with their Registration ID and registered e-mail. A
            student registration is confirmed only after the proof has been verified; the ticket follows by e-mail.
          </li>
        </ul>
      </section>

      <section className="card info__section" aria-labelledby="inclusions">
        <h2 id="inclusions">Inclusions</h2>
        <ul>
          <li>The full registration includes lunch on all four days of the conference.</li>
          <li>
            Additional tickets for the Welcome Reception and the Gala Dinner (up to {registrationFees.maxExtraTickets} each)
            can be bought in the registration form.
          </li>
        </ul>
      </section>

      <section className="card info__section" aria-labelledby="cancellations">
        <h2 id="cancellations">Cancellations or Changes</h2>
        <ul>
          <li>
            Cancellations requested before {refundDeadline} are refunded {invoicing.refund.percent}% of the registration fee, excluding GST and
            convenience charges. Refunds are paid after the conference.
          </li>
          <li>After that date the registration fee is non-refundable.</li>
          <li>
            A registration can be transferred to another name free of cancellation fees before {transferDeadline}, with a
            processing fee of {formatWholeFee(transferUsd, 'USD')} (USD) or {formatWholeFee(transferInr, 'INR')} (INR).
          </li>
          <li>
            With your Registration ID and registered e-mail you can <Link to={paths.cancelRegistration}>request a cancellation</Link>{' '}
            and <Link to={paths.invoices}>download your GST tax invoices</Link>.
          </li>
        </ul>
        <h3 id="self-service">Already registered?</h3>
        <SelfServiceLinks />
      </section>

      <section className="card info__section" aria-labelledby="visa">
        <h2 id="visa">Visa Requirements</h2>
        <p>
          Delegates travelling to India from abroad should check the visa requirements for their nationality and apply well
          in advance. Once registered and paid, they <Link to={paths.visaLetter}>request a visa invitation letter online</Link>{' '}
          with their Registration ID, registered e-mail and passport details; the organisers check the request and e-mail the letter
          as a PDF. For other questions about visas, write to {mail}.
        </p>
      </section>

      <RegistrationLinks />

      <section className="card info__section" aria-labelledby="fee-structure">
        <h2 id="fee-structure">Registration Fee Structure</h2>
        <div className="table-scroll" role="region" aria-label="Fee table, scrolls sideways" tabIndex={0}>
          <table className="fee-table">
            <caption>
              Registration fees per delegate. Fees exclude {pricing.gst}% GST, payment gateway fees and currency conversion
              charges.
            </caption>
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Period</th>
                <th scope="col">Indian (INR ₹)</th>
                <th scope="col">Foreign (USD $)</th>
              </tr>
            </thead>
            <tbody>
              {feeRows().map((row) => (
                <tr key={row.indian?.id}>
                  <th scope="row">{row.category}</th>
                  <td>{row.period}</td>
                  <td className="num">{row.indian ? formatWholeFee(row.indian.fee, 'INR') : '—'}</td>
                  <td className="num">{row.foreign ? formatWholeFee(row.foreign.fee, 'USD') : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="card info__section" aria-labelledby="deadline">
        <h2 id="deadline">Deadline</h2>
        <dl className="info__deadlines">
          <div>
            <dt>Early Bird registration</dt>
            <dd>by {formatDay(registrationFees.earlyBirdDate)}</dd>
          </div>
          <div>
            <dt>Standard registration</dt>
            <dd>by {formatDay(registrationFees.standardDeadline)}</dd>
          </div>
        </dl>
      </section>
    </article>
  );
}
