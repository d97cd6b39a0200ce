/**
 * /admin, the dashboard (docs/rules.md#the-admin-area): a title bar with Logout, the quick-action
 * cards (the original seven of docs/rules.md#the-admin-area, and Accounts), the summary panel (total registrations and the carousel of the latest ones) and the
 * "Payments needing attention" panel. Failed loads are only logged (docs/rules.md#messages). Each card and
 * panel shows only to the roles that may use it (access.ts; decision 044).
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { adminApiPaths, adminGet } from '../../lib/admin-api';
import type { AdminEndpoint } from '../../shared/admin-roles';
import { paths } from '../../shared/routes';
import { can, useAdminIdentity } from './access';
import { AdminTitleBar } from './AdminTitleBar';
import { AttentionPanel } from './AttentionPanel';
import { RegistrationCarousel } from './RegistrationCarousel';
import type { AdminRegistration } from './registration-view';

/** A quick-action card: title, where it goes, a one-line note, and the endpoint whose roles see it. */
export interface QuickAction {
  title: string;
  to: string;
  note: string;
  needs: AdminEndpoint;
}

/** The original seven quick actions (docs/rules.md#the-admin-area), in that order with their titles, then 'Accounts', 'Proofs to verify', 'Badges and certificates' and 'Visa letters'. */
export const quickActions: readonly QuickAction[] = [
  { title: 'Indian Author Registration', to: paths.registrationDetails, note: 'Register an author with an Indian affiliation (INR).', needs: 'payment-create-order' },
  { title: 'Foreign Author Registration', to: `${paths.registrationDetails}?foreign=allowed`, note: 'Register a foreign author with coupon: all countries, USD pricing.', needs: 'payment-create-order' },
  { title: 'Ticket Verification', to: paths.adminTicketVerifier, note: 'Scan and verify QR tickets at the desk.', needs: 'verify-qr' },
  { title: 'Registration Data', to: paths.adminRegistrations, note: 'Search and filter all registrations; download the CSV.', needs: 'registrations-list' },
  { title: 'Upgrade Tier', to: paths.tierUpgrade, note: 'Student to professional.', needs: 'registrations-list' },
  { title: 'Change IEEE Status', to: paths.ieeeChange, note: 'IEEE member to non-member.', needs: 'registrations-list' },
  { title: 'Change Registered Name', to: paths.nameChange, note: 'Correct the name on a registration.', needs: 'registrations-list' },
  // after the original seven.
  { title: 'Accounts', to: paths.adminAccounts, note: 'Cancellations, refunds due and payments needing attention.', needs: 'admin-cancellations' },
  { title: 'Papers', to: paths.adminPapers, note: 'Accepted papers, the IEEE author rule, presented and no-show, the Xplore report.', needs: 'admin-papers' },
  { title: 'Programme', to: paths.adminProgramme, note: 'Import the timetable (CSV), see it as delegates will, its warnings and the papers not yet in a session.', needs: 'admin-programme' },
  { title: 'Proofs to verify', to: paths.adminVerifications, note: "Students' proofs of status and IEEE member numbers waiting for a decision.", needs: 'admin-verifications' },
  { title: 'Badges and certificates', to: paths.adminBadgesCertificates, note: 'Print name badges (by day, tier or since a date); e-mail the certificates of attendance.', needs: 'admin-badges' },
  { title: 'Visa letters', to: paths.adminVisaLetters, note: 'Invitation letter requests of foreign delegates; the clearance list.', needs: 'admin-visa-letters' },
];

/** Who may do what (decision 044): the team, the desk devices and the audit record, in their own section below the quick actions. */
export const accessActions: readonly QuickAction[] = [
  { title: 'Desk devices', to: paths.adminDevices, note: 'Enrol the phones at the door for offline check-in; revoke a lost one.', needs: 'admin-devices' },
  { title: 'Team', to: paths.adminTeam, note: "Organisers' accounts and their roles.", needs: 'admin-team' },
  { title: 'Audit record', to: paths.adminAudit, note: 'Who did what, when and from where; download as CSV.', needs: 'admin-audit' },
];

/** A list of action cards. `titleClass` tells the quick actions (the original seven) from the others. */
function ActionCards({ actions, titleClass }: { actions: readonly QuickAction[]; titleClass: string }) {
  return (
    <ul className="admin-actions card-grid">
      {actions.map((a) => (
        <li key={a.title}>
          <Link to={a.to} className="admin-action">
            <span className={titleClass}>{a.title}</span>
            <span className="admin-action__note">{a.note}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

interface Summary {
  totalRegistrations: number;
  latestRegistrations: AdminRegistration[];
}

function isSummary(v: unknown): v is Summary {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Partial<Summary>;
  return typeof s.totalRegistrations === 'number' && Array.isArray(s.latestRegistrations);
}

/** The dashboard page. */
export default function AdminDashboard() {
  const [summary, setSummary] = useState<Summary | null>(null);
  const [loading, setLoading] = useState(true);
  const identity = useAdminIdentity();
  const showSummary = can(identity, 'registrations-summary');
  const actions = quickActions.filter((a) => can(identity, a.needs));
  const access = accessActions.filter((a) => can(identity, a.needs));

  useEffect(() => {
    if (!showSummary) return;
    const controller = new AbortController();
    void adminGet<unknown>(adminApiPaths.summary, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      setLoading(false);
      if (result.ok && isSummary(result.data)) setSummary(result.data);
      // docs/rules.md#messages: summary load failures are only logged.
      // A 401 has ended the session (the guard redirects): nothing to log.
      else if (result.status !== 401) console.error('Failed to load the registration summary', result);
    });
    return () => controller.abort();
  }, [showSummary]);

  return (
    <div className="admin-page">
      <AdminTitleBar title="Admin Dashboard" documentTitle="Admin Dashboard" />

      <section aria-labelledby="admin-actions-heading" className="admin-section">
        <h2 id="admin-actions-heading">Quick actions</h2>
        <ActionCards actions={actions} titleClass="admin-action__title" />
      </section>

      {access.length > 0 && (
        <section aria-labelledby="admin-access-heading" className="admin-section">
          <h2 id="admin-access-heading">Team, devices and the audit record</h2>
          <ActionCards actions={access} titleClass="admin-action__heading" />
        </section>
      )}

      {showSummary && (
      <section aria-labelledby="admin-summary-heading" className="admin-section admin-summary card">
        <h2 id="admin-summary-heading">Registrations</h2>
        {loading ? (
          <p role="status" className="admin-muted">
            Loading summary...
          </p>
        ) : (
          <>
            <p className="admin-summary__total">
              Total registrations: <strong data-testid="total-registrations">{summary ? summary.totalRegistrations : '–'}</strong>
            </p>
            <h3>Latest registrations</h3>
            <RegistrationCarousel registrations={summary?.latestRegistrations ?? []} />
          </>
        )}
      </section>
      )}

      {can(identity, 'payments-attention') && <AttentionPanel />}
    </div>
  );
}
