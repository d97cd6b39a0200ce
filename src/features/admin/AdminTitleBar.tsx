/** The title bar of the guarded admin pages: the page heading, a way back to the dashboard, who is signed in, and Logout. */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { removeAdminToken, storedIdentity } from '../../lib/admin-token';
import { conference } from '../../content/conference';
import { joinRoles } from '../../shared/admin-roles';
import { paths } from '../../shared/routes';

/**
 * Heading plus 'Logout' (removes the token and goes to /admin/login, docs/rules.md#the-admin-area), and
 * the signed-in organiser or desk device with its roles (decision 044). `backToDashboard` adds a
 * link to /admin for the inner pages. `documentTitle`, when given, sets the document's title to
 * '<documentTitle> | <conference name>' (React hoists the <title> into the head).
 */
export function AdminTitleBar({ title, documentTitle, backToDashboard = false }: { title: string; documentTitle?: string; backToDashboard?: boolean }) {
  const navigate = useNavigate();
  const [identity] = useState(storedIdentity);
  const logout = () => {
    removeAdminToken();
    void navigate(paths.adminLogin, { replace: true });
  };
  return (
    <>
      {documentTitle !== undefined && <title>{`${documentTitle} | ${conference.name}`}</title>}
      <div className="admin-titlebar">
        <div className="admin-titlebar__heading">
          {backToDashboard && (
            <Link to={paths.admin} className="admin-titlebar__back">
              ← Dashboard
            </Link>
          )}
          <h1>{title}</h1>
          {identity && (
            <p className="admin-titlebar__who" data-testid="signed-in-as">
              {identity.kind === 'device' ? 'Desk device' : 'Signed in as'} {identity.name} · {joinRoles(identity.roles)}
            </p>
          )}
        </div>
        <button type="button" className="button button--secondary" onClick={logout}>
          Logout
        </button>
      </div>
    </>
  );
}
