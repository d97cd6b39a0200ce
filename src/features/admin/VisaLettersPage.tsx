/**
 * /admin/visa-letters: the visa invitation letter queue, newest request first, with
 * the passport details. Approve e-mails the PDF letter to the registrant; Reject needs a reason.
 * "Download the clearance list" saves the one export of passport data (CSV), which the server
 * records in the audit log. Results are announced (role=status / alert).
 */
import { failureMessage } from '../../lib/api';
import { adminApiPaths, adminDownload, adminPost, saveBlob } from '../../lib/admin-api';
import type { VisaLetterItem } from '../../shared/visa-letters';
import { AdminList } from './AdminList';
import { AdminTitleBar } from './AdminTitleBar';
import { DecisionButtons, QueueMessages, useAdminQueue } from './admin-queue';
import { formatDateTime } from './registration-view';

const statusText: Record<VisaLetterItem['status'], string> = {
  requested: 'Waiting',
  approved: 'Approved (letter e-mailed)',
  rejected: 'Rejected',
  revoked: 'Revoked (registration cancelled)',
};

function isItems(data: unknown): data is VisaLetterItem[] {
  return Array.isArray(data) && data.every((i) => i && typeof i === 'object' && typeof (i as VisaLetterItem).reference === 'string');
}

/** The page. */
export default function VisaLettersPage() {
  const { load, setLoad, message, setMessage, busy, setBusy, reasons, setReasons } = useAdminQueue(adminApiPaths.visaLetters, isItems);

  const decide = async (item: VisaLetterItem, decision: 'approve' | 'reject') => {
    const ref = item.reference;
    const reason = (reasons[ref] ?? '').trim();
    if (decision === 'reject' && !reason) {
      setMessage({ kind: 'error', text: `Write the reason for rejecting ${ref} first.` });
      document.getElementById(`reason-${ref}`)?.focus();
      return;
    }
    setBusy(`${decision}:${ref}`);
    const result = await adminPost<unknown>(adminApiPaths.visaLettersDecide, { reference: ref, decision, ...(reason ? { reason } : {}) });
    setBusy(null);
    if (!result.ok) {
      setMessage({ kind: 'error', text: failureMessage(result, 'Server error. Try again later.') });
      return;
    }
    const updated = result.data as VisaLetterItem;
    setLoad((l) => (l.status === 'loaded' ? { status: 'loaded', rows: l.rows.map((i) => (i.reference === ref ? updated : i)) } : l));
    setMessage({ kind: 'success', text: decision === 'approve' ? `${ref} approved: the letter was e-mailed to the registrant.` : `${ref} rejected.` });
  };

  const exportClearance = async () => {
    setBusy('export');
    const file = await adminDownload(adminApiPaths.visaLettersExport, 'visa-clearance.csv');
    setBusy(null);
    if (!file.ok) {
      setMessage({ kind: 'error', text: file.message });
      return;
    }
    saveBlob(file.blob, file.filename);
    setMessage({ kind: 'success', text: `Downloaded ${file.filename} (recorded in the audit log).` });
  };

  return (
    <div className="admin-page">
      <AdminTitleBar title="Visa invitation letters" documentTitle="Visa letters" backToDashboard />

      <QueueMessages message={message} />

      <section aria-labelledby="visa-heading" className="admin-section card">
        <h2 id="visa-heading">Requests</h2>
        <p>
          <button type="button" className="button button--secondary" onClick={() => void exportClearance()} disabled={busy !== null}>
            {busy === 'export' ? 'Preparing...' : 'Download the clearance list (CSV)'}
          </button>
        </p>
        <AdminList
          load={load}
          loading="Loading the requests..."
          failed="Could not load the requests."
          label="Visa letter requests"
          columns={['Reference', 'Registration', 'Passport', 'Paper', 'Status', 'Reason (to reject)', 'Actions']}
          rowKey={(item) => item.reference}
          cells={(item) => {
            const ref = item.reference;
            const p = item.passport;
            return (
              <>
                <td>
                  {ref}
                  <br />
                  <span className="admin-muted">{formatDateTime(item.requestedAt)}</span>
                </td>
                <td>{item.registrationNumber}</td>
                <td>
                  {p ? (
                    <>
                      {p.passportName} ({p.nationality})
                      <br />
                      <span className="admin-muted">
                        {p.passportNumber}, issued {p.passportIssueDate}, expires {p.passportExpiryDate}, born {p.dateOfBirth}
                      </span>
                    </>
                  ) : (
                    <span className="admin-muted">Deleted after the conference</span>
                  )}
                </td>
                <td>{item.paper ? `${item.paper.id}${item.paper.title ? `: ${item.paper.title}` : ''}` : '—'}</td>
                <td>
                  {statusText[item.status]}
                  {item.reason && (
                    <>
                      <br />
                      <span className="admin-muted">{item.reason}</span>
                    </>
                  )}
                </td>
                <td>
                  {item.status === 'requested' && (
                    <>
                      <label htmlFor={`reason-${ref}`} className="visually-hidden">
                        Reason for rejecting {ref}
                      </label>
                      <input id={`reason-${ref}`} type="text" value={reasons[ref] ?? ''} onChange={(e) => setReasons((r) => ({ ...r, [ref]: e.target.value }))} />
                    </>
                  )}
                </td>
                <td>
                  {item.status === 'requested' && (
                    <DecisionButtons id={ref} busy={busy} onDecide={(decision) => void decide(item, decision)} />
                  )}
                </td>
              </>
            );
          }}
        />
      </section>
    </div>
  );
}
