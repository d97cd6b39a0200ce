/**
 * The guard around /admin, /admin/ticket-verifier and /admin/registrations (docs/rules.md#the-admin-area): 'Checking authentication...' while the stored token is verified, then the
 * page; no token, a rejected or failed verification, a later 401 from any admin call, or the
 * token disappearing in another tab removes the token and redirects to /admin/login. A page the
 * signed-in roles do not open (access.ts; decision 044) says so instead of showing itself.
 *
 * The page is mounted, hidden, while the token is checked, so its data loads run beside the check
 * instead of after it: with a bad token they get a 401, which ends the session the same
 * way. Pages with effects beyond reading (the verifier's camera) wait for useAdminVerified().
 * On the ticket verifier alone, a check that gets no answer (offline) keeps the session of an
 * enrolled desk device (a person's session needs the network: decision 044).
 */
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { onAdminUnauthorized, verifyAdminToken, whenStillHere } from '../../lib/admin-api';
import { ADMIN_TOKEN_KEY, readAdminToken, removeAdminToken, storedIdentity } from '../../lib/admin-token';
import { ENDPOINT_ROLES, joinRoles } from '../../shared/admin-roles';
import { paths } from '../../shared/routes';
import { PAGE_NEEDS, mayOpen } from './access';
import { AdminTitleBar } from './AdminTitleBar';
import type { AdminOutletContext } from './admin-session';
import './admin.css';

/** Renders the guarded page (an <Outlet/>), shown once the stored admin token has verified. */
export default function AdminGuard() {
  const navigate = useNavigate();
  const [verified, setVerified] = useState(false);
  // Read once: without a token there is nothing to check and no page to mount (straight to login).
  const [hadToken] = useState(() => readAdminToken() !== null);
  const [identity] = useState(storedIdentity);
  const { pathname } = useLocation();

  useEffect(() => {
    const toLogin = () => void navigate(paths.adminLogin, { replace: true });
    const token = readAdminToken();
    if (!token) {
      toLogin();
      return;
    }
    const controller = new AbortController();
    void verifyAdminToken(token, controller.signal).then((outcome) => {
      if (controller.signal.aborted) return;
      const fail = () => {
        removeAdminToken();
        toLogin();
      };
      if (outcome === 'valid') setVerified(true);
      else if (outcome === 'rejected') fail();
      // The ticket verifier opens without a network (the hall's network fails, the
      // installed app still checks people in from the device's snapshot). An unanswered check
      // keeps an enrolled desk device's session there; every admin call is still checked by the
      // server, and a 401 once the network returns ends the session as anywhere else (decision
      // 014). A person's token is not kept without the network: the offline verifier holds only
      // a desk device's (decision 044).
      else if (window.location.pathname === paths.adminTicketVerifier && storedIdentity()?.kind === 'device') setVerified(true);
      else whenStillHere(fail, controller.signal);
    });
    return () => controller.abort();
  }, [navigate]);

  useEffect(() => {
    const toLogin = () => void navigate(paths.adminLogin, { replace: true });
    const unsubscribe = onAdminUnauthorized(toLogin);
    // Logging out in another tab removes the token there: follow it here too.
    const onStorage = (event: StorageEvent) => {
      if ((event.key === ADMIN_TOKEN_KEY || event.key === null) && !readAdminToken()) toLogin();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, [navigate]);

  const context: AdminOutletContext = { adminVerified: verified, identity };
  const allowed = mayOpen(identity, pathname);
  return (
    <>
      {!verified && (
        <p className="admin-checking" role="status">
          Checking authentication...
        </p>
      )}
      {hadToken && allowed && (
        <div hidden={!verified}>
          <Outlet context={context} />
        </div>
      )}
      {hadToken && verified && !allowed && <NoAccess needs={PAGE_NEEDS[pathname] ?? []} />}
    </>
  );
}

/** What a page the signed-in roles do not open shows: which roles it needs, and the way back. */
function NoAccess({ needs }: { needs: readonly string[] }) {
  const roles = [...new Set(needs.flatMap((e) => (ENDPOINT_ROLES as Record<string, readonly string[]>)[e] ?? []))];
  return (
    <div className="admin-page">
      <AdminTitleBar title="No access" backToDashboard />
      <p className="notice notice--error" role="alert">
        Your roles do not open this page. It needs the role {joinRoles(roles)}: ask the owner.
      </p>
      <p>
        <Link to={paths.admin}>Back to the dashboard</Link>
      </p>
    </div>
  );
}
