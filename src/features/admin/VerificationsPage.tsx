/**
 * /admin/verifications, "Proofs to verify": the registrations waiting for an admin,
 * oldest payment first. A student's row opens the uploaded proof (fetched with the admin token,
 * never public); an IEEE member's row shows the number with a link to IEEE's own member
 * validation page. Approve confirms (the delegate gets the QR ticket); Reject needs a reason,
 * which is e-mailed with the delegate's options. Results are announced (role=status / alert).
 */
import { useEffect, useState } from 'react';
import { failureMessage } from '../../lib/api';
import { adminApiPaths, adminDownload, adminPost } from '../../lib/admin-api';
import type { VerificationItem } from '../../shared/api';
import { IEEE_MEMBER_VALIDATION_URL, statusLabels } from '../../shared/registration-status';
import { AdminList } from './AdminList';
import { AdminTitleBar } from './AdminTitleBar';
import { DecisionButtons, QueueMessages, useAdminQueue } from './admin-queue';
import { formatDateTime, tierLabel } from './registration-view';

function isItems(data: unknown): data is VerificationItem[] {
  return Array.isArray(data) && data.every((i) => i && typeof i === 'object' && typeof (i as VerificationItem).registrationNumber === 'string');
}

/** The page. */
export default function VerificationsPage() {
  const { load, setLoad, message, setMessage, busy, setBusy, reasons, setReasons } = useAdminQueue(adminApiPaths.verifications, isItems);
  const [proofs, setProofs] = useState<Record<string, string>>({});

  // Object URLs of opened proofs are released with the page.
  useEffect(() => () => Object.values(proofs).forEach((url) => URL.revokeObjectURL(url)), [proofs]);

  const openProof = async (item: VerificationItem) => {
    if (!item.proofPath) return;
    setBusy(`proof:${item.registrationNumber}`);
    const file = await adminDownload(item.proofPath, `proof-${item.registrationNumber}`);
    setBusy(null);
    if (!file.ok) {
      setMessage({ kind: 'error', text: file.message });
      return;
    }
    setProofs((p) => ({ ...p, [item.registrationNumber]: URL.createObjectURL(file.blob) }));
  };

  const decide = async (item: VerificationItem, decision: 'approve' | 'reject') => {
    const regNo = item.registrationNumber;
    const reason = (reasons[regNo] ?? '').trim();
    if (decision === 'reject' && !reason) {
      setMessage({ kind: 'error', text: `Write the reason for rejecting ${regNo} first: it is e-mailed to the delegate.` });
      document.getElementById(`reason-${regNo}`)?.focus();
      return;
    }
    setBusy(`${decision}:${regNo}`);
    const result = await adminPost<unknown>(adminApiPaths.verificationsDecide, { registrationNumber: regNo, decision, ...(reason ? { reason } : {}) });
    setBusy(null);
    if (!result.ok) {
      setMessage({ kind: 'error', text: failureMessage(result, 'Server error. Try again later.') });
      return;
    }
    if (decision === 'approve') {
      setLoad((l) => (l.status === 'loaded' ? { status: 'loaded', rows: l.rows.filter((i) => i.registrationNumber !== regNo) } : l));
      setMessage({ kind: 'success', text: `${regNo} approved: the registration is confirmed and the ticket e-mailed.` });
    } else {
      const rejection = { at: new Date().toISOString(), reason };
      setLoad((l) => (l.status === 'loaded' ? { status: 'loaded', rows: l.rows.map((i) => (i.registrationNumber === regNo ? { ...i, verification: { ...i.verification, rejection } } : i)) } : l));
      setMessage({ kind: 'success', text: `${regNo} rejected: the reason and the delegate's options were e-mailed.` });
    }
  };

  return (
    <div className="admin-page">
      <AdminTitleBar title="Proofs to verify" documentTitle="Proofs to verify" backToDashboard />

      <QueueMessages message={message} />

      <section aria-labelledby="verifications-heading" className="admin-section card">
        <h2 id="verifications-heading">Waiting for a decision</h2>
        <AdminList
          load={load}
          loading="Loading the registrations to verify..."
          failed="Could not load the registrations to verify."
          label="Registrations to verify"
          columns={['Registration Number', 'Name', 'Tier', 'Status', 'To check', 'Reason (to reject)', 'Actions']}
          rowKey={(item) => item.registrationNumber}
          rowProps={(item) => ({ 'data-registration': item.registrationNumber })}
          cells={(item) => {
            const regNo = item.registrationNumber;
            const v = item.verification;
            return (
              <>
                <td>{regNo}</td>
                <td>
                  {item.name}
                  <br />
                  <span className="admin-muted">{item.email}</span>
                </td>
                <td>{tierLabel(item.registrationTier)}</td>
                <td>
                  {statusLabels[item.status]}
                  {v.rejection && (
                    <>
                      <br />
                      <span className="admin-muted">Rejected {formatDateTime(v.rejection.at)}: {v.rejection.reason}</span>
                    </>
                  )}
                </td>
                <td>
                  {v.pending.includes('student-proof') &&
                    (item.proofPath ? (
                      proofs[regNo] ? (
                        <a href={proofs[regNo]} target="_blank" rel="noopener noreferrer" download={`proof-${regNo}`}>
                          Proof of {regNo} ({v.proof?.contentType})
                        </a>
                      ) : (
                        <button type="button" className="button admin-table__action" onClick={() => void openProof(item)} disabled={busy !== null} aria-label={`Open the proof of ${regNo}`}>
                          {busy === `proof:${regNo}` ? 'Opening...' : 'Open proof'}
                        </button>
                      )
                    ) : (
                      <span className="admin-muted">No proof uploaded yet</span>
                    ))}
                  {v.pending.includes('ieee-membership') && (
                    <p>
                      IEEE member number {v.memberNumber}:{' '}
                      <a href={IEEE_MEMBER_VALIDATION_URL} target="_blank" rel="noopener noreferrer">
                        check on IEEE&apos;s member validation page
                      </a>
                    </p>
                  )}
                </td>
                <td>
                  <label className="visually-hidden" htmlFor={`reason-${regNo}`}>
                    Reason for rejecting {regNo}
                  </label>
                  <textarea id={`reason-${regNo}`} rows={2} maxLength={1000} value={reasons[regNo] ?? ''} onChange={(e) => setReasons((r) => ({ ...r, [regNo]: e.target.value }))} />
                </td>
                <td>
                  <div className="accounts-actions">
                    <DecisionButtons id={regNo} busy={busy} onDecide={(decision) => void decide(item, decision)} />
                  </div>
                </td>
              </>
            );
          }}
        />
      </section>
    </div>
  );
}
