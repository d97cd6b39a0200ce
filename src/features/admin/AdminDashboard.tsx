/**
 * /admin, the dashboard (spec part 2 section 2): a title bar with Logout, the quick-action
 * cards (the spec's seven and Accounts), the summary panel (total registrations and the carousel of the latest ones) and the
 * "Payments needing attention" panel. Failed loads are only logged (section 8).
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { conference } from '../../content/conference';
import { adminApiPaths, adminGet } from '../../lib/admin-api';
import { paths } from '../../shared/routes';
import { AdminTitleBar } from './AdminTitleBar';
import { AttentionPanel } from './AttentionPanel';
import { RegistrationCarousel } from './RegistrationCarousel';
import type { AdminRegistration } from './registration-view';

/** A quick-action card: title, where it goes and a one-line note. */
export interface QuickAction {
  title: string;
  to: string;
  note: string;
}

/** The spec's seven quick actions, in its order with its titles, then 'Accounts' (issue "Accounts"), 'Proofs to verify' (issue 22), 'Badges and certificates' (issue 25) and 'Visa letters' (issue 24). */
export const quickActions: readonly QuickAction[] = [
  { title: 'Indian Author Registration', to: paths.registrationDetails, note: 'Register an author with an Indian affiliation (INR).' },
  { title: 'Foreign Author Registration', to: `${paths.registrationDetails}?foreign=allowed`, note: 'Register a foreign author with coupon: all countries, USD pricing.' },
  { title: 'Ticket Verification', to: paths.adminTicketVerifier, note: 'Scan and verify QR tickets at the desk.' },
  { title: 'Registration Data', to: paths.adminRegistrations, note: 'Search and filter all registrations; download the CSV.' },
  { title: 'Upgrade Tier', to: paths.tierUpgrade, note: 'Student to professional.' },
  { title: 'Change IEEE Status', to: paths.ieeeChange, note: 'IEEE member to non-member.' },
  { title: 'Change Registered Name', to: paths.nameChange, note: 'Correct the name on a registration.' },
  // Issue "Accounts": after the spec's seven.
  { title: 'Accounts', to: paths.adminAccounts, note: 'Cancellations, refunds due and payments needing attention.' },
  { title: 'Papers', to: paths.adminPapers, note: 'Accepted papers, the IEEE author rule, presented and no-show, the Xplore report.' },
  { title: 'Programme', to: paths.adminProgramme, note: 'Import the timetable (CSV), see it as delegates will, its warnings and the papers not yet in a session.' },
  { title: 'Proofs to verify', to: paths.adminVerifications, note: "Students' proofs of status and IEEE member numbers waiting for a decision." },
  { title: 'Badges and certificates', to: paths.adminBadgesCertificates, note: 'Print name badges (by day, tier or since a date); e-mail the certificates of attendance.' },
  { title: 'Visa letters', to: paths.adminVisaLetters, note: 'Invitation letter requests of foreign delegates; the clearance list.' },
];

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

  useEffect(() => {
    const controller = new AbortController();
    void adminGet<unknown>(adminApiPaths.summary, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      setLoading(false);
      if (result.ok && isSummary(result.data)) setSummary(result.data);
      // Spec part 2 section 8: summary load failures are only logged.
      // A 401 has ended the session (the guard redirects): nothing to log.
      else if (result.status !== 401) console.error('Failed to load the registration summary', result);
    });
    return () => controller.abort();
  }, []);

  return (
    <div className="admin-page">
      <title>{`Admin Dashboard | ${conference.name}`}</title>
      <AdminTitleBar title="Admin Dashboard" />

      <section aria-labelledby="admin-actions-heading" className="admin-section">
        <h2 id="admin-actions-heading">Quick actions</h2>
        <ul className="admin-actions">
          {quickActions.map((a) => (
            <li key={a.title}>
              <Link to={a.to} className="admin-action">
                <span className="admin-action__title">{a.title}</span>
                <span className="admin-action__note">{a.note}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

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

      <AttentionPanel />
    </div>
  );
}
