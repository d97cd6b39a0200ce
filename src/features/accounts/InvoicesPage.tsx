/**
 * /invoices (GST tax invoices: "downloadable by the registrant from the
 * name-change style lookup (registration id + e-mail)"): the registrant enters the Registration
 * ID and registered e-mail, 'Find invoices' lists the tax invoices and credit notes of the
 * registration, and 'Download PDF' saves one.
 */
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { conference } from '../../content/conference';
import { failureMessage, refusedInput } from '../../lib/api';
import type { DocumentSummary, LatePayment } from '../../shared/api';
import { selfServiceMessages } from '../../shared/messages';
import { formatMoney, toMinor } from '../../shared/money';
import { paths } from '../../shared/routes';
import { formatDay } from '../../shared/dates';
import { keepFocus, useFocusAfterRender } from '../../lib/focus';
import { downloadDocument, lookupInvoices, saveDocument, type Registrant } from './accounts-api';
import { RegistrantForm } from './RegistrantForm';
import './accounts.css';
import { SelfServiceLayout } from '../../components/SelfServiceLayout';
import { words } from '../../components/self-service-words';

interface Found {
  who: Registrant;
  registrationNumber: string;
  documents: DocumentSummary[];
  latePayments: LatePayment[];
}

/** What became of a payment the bank authorised late, in the delegate's words. */
const LATE_OUTCOME: Record<LatePayment['outcome'], string> = {
  applied: 'Applied to this registration',
  refunded: 'Refunded in full',
  'refund-pending': 'Refund on its way (5 to 7 working days)',
  'refund-failed': 'Refund failed; the organisers will pay it back',
};

/** The invoices page. */
export default function InvoicesPage() {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const [found, setFound] = useState<Found | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);
  const focusAfterRender = useFocusAfterRender();
  // Answers to an older lookup (the fields edited meanwhile) are dropped, not shown.
  const lookupSeq = useRef(0);

  const find = async (who: Registrant) => {
    const seq = ++lookupSeq.current;
    setBusy(true);
    setFormError(null);
    setRefused(false);
    setDownloadError(null);
    setFound(null);
    setStatus('');
    const result = await lookupInvoices(who);
    if (seq !== lookupSeq.current) return;
    setBusy(false);
    if (!result.ok) {
      setFormError(failureMessage(result, selfServiceMessages.recordNotFound));
      setRefused(refusedInput(result));
      return;
    }
    const { registrationNumber, documents, latePayments = [] } = result.data;
    setFound({ who, registrationNumber, documents, latePayments });
    setStatus(documents.length === 1 ? `Found 1 document for ${registrationNumber}.` : `Found ${documents.length} documents for ${registrationNumber}.`);
    // Keyboard and screen-reader users land on the list, not back at the top of the form.
    focusAfterRender(resultsHeadingRef);
  };

  const download = async (doc: DocumentSummary, button: HTMLButtonElement) => {
    if (!found || downloading) return;
    setDownloading(doc.number);
    setDownloadError(null);
    setStatus(`Downloading ${doc.title} ${doc.number}...`);
    const outcome = await downloadDocument(found.who, doc.number);
    setDownloading(null);
    keepFocus(button);
    if (!outcome.ok) {
      setStatus('');
      setDownloadError(outcome.message);
      return;
    }
    saveDocument(outcome.document);
    setStatus(`Downloaded ${outcome.document.fileName}.`);
  };

  const edited = () => {
    lookupSeq.current++;
    setBusy(false);
    setFound(null);
    setFormError(null);
    setDownloadError(null);
    setStatus('');
  };

  return (
    <SelfServiceLayout className="accounts" heading="Invoices">

      <section className="card accounts__section" aria-labelledby={`${id}-find`}>
        <h2 id={`${id}-find`}>Find your invoices</h2>
        <p>
          Enter the Registration ID from your confirmation e-mail and the e-mail address you registered with to download
          the GST tax invoice of your registration, of any paid change to it, and the credit note of an approved
          cancellation.
        </p>
        <RegistrantForm submitLabel="Find invoices" busy={busy} error={formError} refused={refused} onSubmit={find} onInvalid={setFormError} onEdit={edited} />
      </section>

      <p role="status" className="accounts__status">
        {status}
      </p>

      {found && (
        <section className="card accounts__section" aria-labelledby={`${id}-documents`}>
          <h2 id={`${id}-documents`} ref={resultsHeadingRef} tabIndex={-1}>
            Documents for {found.registrationNumber}
          </h2>
          {found.documents.length === 0 ? (
            <p>
              This registration has no tax documents yet. If you think it should, please write to{' '}
              <a href={`mailto:${conference.contactEmail}`}>{conference.contactEmail}</a>.
            </p>
          ) : (
            <ul className="document-list">
              {found.documents.map((doc) => {
                const titleId = `${id}-doc-${doc.number.replace(/\W+/g, '-')}`;
                const isBusy = downloading === doc.number;
                return (
                  <li key={doc.number} className="document-list__item">
                    <div>
                      <h3 id={titleId} className="document-list__title">
                        {doc.title} {doc.number}
                      </h3>
                      <dl className="document-list__facts">
                        <div>
                          <dt>Date</dt>
                          <dd>{formatDay(doc.date)}</dd>
                        </div>
                        <div>
                          <dt>Total</dt>
                          <dd className="num">{formatMoney(doc.total, doc.currency)}</dd>
                        </div>
                      </dl>
                    </div>
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={(e) => void download(doc, e.currentTarget)}
                      disabled={downloading !== null}
                      aria-busy={isBusy || undefined}
                      aria-describedby={titleId}
                    >
                      {isBusy ? words.processing : 'Download PDF'}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <div role="alert" className="accounts__alert">
            {downloadError && <p className="notice notice--error">{downloadError}</p>}
          </div>
          {found.latePayments.length > 0 && (
            <>
              <h3>Payments your bank completed late</h3>
              <p>These payments were first reported as failed and completed by your bank later.</p>
              <ul className="document-list">
                {found.latePayments.map((p) => (
                  <li key={p.paymentId} className="document-list__item">
                    <dl className="document-list__facts">
                      <div>
                        <dt>Payment</dt>
                        <dd>{p.paymentId}</dd>
                      </div>
                      <div>
                        <dt>Amount</dt>
                        <dd className="num">{formatMoney(toMinor(p.amount), p.currency)}</dd>
                      </div>
                      <div>
                        <dt>Outcome</dt>
                        <dd>
                          {LATE_OUTCOME[p.outcome]}
                          {p.refundId ? ` (refund ${p.refundId})` : ''}
                        </dd>
                      </div>
                    </dl>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}

      <p className="accounts__aside">
        Want to cancel your registration? See <Link to={paths.cancelRegistration}>Cancel registration</Link>.
      </p>
    </SelfServiceLayout>
  );
}
