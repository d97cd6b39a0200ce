/**
 * /admin/badges-certificates, "Badges and certificates": prints the name badges
 * (GET /api/admin/badges.pdf with the day, tier and "registered since" filters, so the desk can
 * print only the new ones each morning) and sends every certificate of attendance in one action
 * (POST /api/admin/certificates/send), with the log of earlier runs (GET on the same path). The
 * server refuses to send before certificates open (src/content/certificates.ts); the page shows
 * its message. A second press sends nothing twice: the log says how many were already sent.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { certificates } from '../../content/certificates';
import { failureMessage } from '../../lib/api';
import { adminDownload, adminGet, adminPost, saveBlob } from '../../lib/admin-api';
import type { CertificateSendLog } from '../../shared/api';
import { apiPaths } from '../../shared/api-paths';
import { conferenceDays } from '../../shared/badges';
import { formatDay } from '../../shared/dates';
import { pricing } from '../../shared/pricing';
import { AdminTitleBar } from './AdminTitleBar';
import { formatDateTime } from './registration-view';
import { can, useAdminIdentity } from './access';

type Message = { kind: 'success' | 'error'; text: string } | null;

function isLogList(data: unknown): data is CertificateSendLog[] {
  return Array.isArray(data) && data.every((l) => l && typeof l === 'object' && typeof (l as CertificateSendLog).sent === 'number');
}

/** "3 sent, 2 already sent earlier, 0 failed (5 due)". */
export function describeRun(log: CertificateSendLog): string {
  const failed = log.failed.length ? `, ${log.failed.length} failed (${log.failed.map((f) => f.registrationNumber).join(', ')})` : ', 0 failed';
  return `${log.sent} sent, ${log.alreadySent} already sent earlier${failed} (${log.eligible} due).`;
}

/** The page. */
export default function BadgesCertificatesPage() {
  const [day, setDay] = useState('');
  const [tier, setTier] = useState('');
  const [since, setSince] = useState('');
  const [badgeMessage, setBadgeMessage] = useState<Message>(null);
  const [sendMessage, setSendMessage] = useState<Message>(null);
  const [runs, setRuns] = useState<CertificateSendLog[] | null>(null);
  const [busy, setBusy] = useState<'badges' | 'send' | null>(null);
  // Badges are the desk's too; certificates are e-mailed by registrations (decision 044).
  const identity = useAdminIdentity();
  const certificatesAllowed = can(identity, 'admin-certificates-send');

  useEffect(() => {
    if (!certificatesAllowed) return;
    const controller = new AbortController();
    void adminGet<unknown>(apiPaths.adminCertificatesSend, { signal: controller.signal }).then((res) => {
      if (!controller.signal.aborted) setRuns(res.ok && isLogList(res.data) ? res.data : []);
    });
    return () => controller.abort();
  }, [certificatesAllowed]);

  const printBadges = async (e: FormEvent) => {
    e.preventDefault();
    const query = new URLSearchParams();
    if (day) query.set('day', day);
    if (tier) query.set('tier', tier);
    if (since) query.set('since', since);
    setBusy('badges');
    setBadgeMessage(null);
    const res = await adminDownload(`${apiPaths.adminBadges}${query.size ? `?${query}` : ''}`, 'badges.pdf');
    setBusy(null);
    if (!res.ok) {
      setBadgeMessage({ kind: 'error', text: res.message });
      return;
    }
    saveBlob(res.blob, res.filename);
    setBadgeMessage({ kind: 'success', text: `Badges downloaded (${res.filename}).` });
  };

  const sendAll = async () => {
    setBusy('send');
    setSendMessage(null);
    const res = await adminPost<CertificateSendLog>(apiPaths.adminCertificatesSend, {});
    setBusy(null);
    if (!res.ok) {
      setSendMessage({ kind: 'error', text: failureMessage(res, 'Could not send the certificates.') });
      return;
    }
    setSendMessage({ kind: 'success', text: `Certificates: ${describeRun(res.data)}` });
    setRuns((r) => [res.data, ...(r ?? [])]);
  };

  const notice = (m: Message) => (
    <>
      <div role="status">{m?.kind === 'success' && <p className="notice notice--success">{m.text}</p>}</div>
      <div role="alert">{m?.kind === 'error' && <p className="notice notice--error">{m.text}</p>}</div>
    </>
  );

  return (
    <div className="admin-page">
      <AdminTitleBar title="Badges and certificates" documentTitle="Badges and certificates" backToDashboard />

      <section className="admin-section card" aria-labelledby="badges-heading">
        <h2 id="badges-heading">Name badges</h2>
        <p className="admin-muted">A4 sheets of 8 badges of the confirmed registrations; cancelled ones are never printed. Leave a filter empty to print everyone.</p>
        <form onSubmit={printBadges} className="badges-form">
          <div className="admin-field">
            <label htmlFor="badges-day">Day</label>
            <select id="badges-day" value={day} onChange={(e) => setDay(e.target.value)}>
              <option value="">Every day</option>
              {conferenceDays().map((d) => (
                <option key={d} value={d}>
                  {formatDay(d)}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor="badges-tier">Tier</label>
            <select id="badges-tier" value={tier} onChange={(e) => setTier(e.target.value)}>
              <option value="">Every tier</option>
              {pricing.registrationTiers.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor="badges-since">Registered since</label>
            <input id="badges-since" type="date" value={since} onChange={(e) => setSince(e.target.value)} />
          </div>
          <div className="button-row">
            <button type="submit" className="button" disabled={busy === 'badges'}>
              {busy === 'badges' ? 'Preparing badges...' : 'Download badges (PDF)'}
            </button>
          </div>
        </form>
        {notice(badgeMessage)}
      </section>

      {certificatesAllowed && (
      <section className="admin-section card" aria-labelledby="certificates-heading">
        <h2 id="certificates-heading">Certificates of attendance</h2>
        <p className="admin-muted">
          Every registrant checked in at least once gets one; certificates open on {formatDateTime(certificates.opensAt)}. Sending again sends only the certificates not e-mailed
          before.
        </p>
        <div className="button-row">
          <button type="button" className="button" onClick={() => void sendAll()} disabled={busy === 'send'}>
            {busy === 'send' ? 'Sending...' : 'Send all certificates by e-mail'}
          </button>
        </div>
        {notice(sendMessage)}
        <h3>Earlier runs</h3>
        {runs === null ? (
          <p className="admin-muted">Loading...</p>
        ) : runs.length === 0 ? (
          <p>No certificates have been sent yet.</p>
        ) : (
          <ul>
            {runs.map((r) => (
              <li key={r.at}>
                {formatDateTime(r.at)}: {describeRun(r)}
              </li>
            ))}
          </ul>
        )}
      </section>
      )}
    </div>
  );
}
