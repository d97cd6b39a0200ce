/** The title bar of the guarded admin pages: the page heading, a way back to the dashboard, and Logout. */
import { Link, useNavigate } from 'react-router-dom';
import { removeAdminToken } from '../../lib/admin-token';
import { paths } from '../../shared/routes';

/**
 * Heading plus 'Logout' (removes the token and goes to /admin/login, spec part 2 section 4).
 * `backToDashboard` adds a link to /admin for the inner pages.
 */
export function AdminTitleBar({ title, backToDashboard = false }: { title: string; backToDashboard?: boolean }) {
  const navigate = useNavigate();
  const logout = () => {
    removeAdminToken();
    void navigate(paths.adminLogin, { replace: true });
  };
  return (
    <div className="admin-titlebar">
      <div className="admin-titlebar__heading">
        {backToDashboard && (
          <Link to={paths.admin} className="admin-titlebar__back">
            ← Dashboard
          </Link>
        )}
        <h1>{title}</h1>
      </div>
      <button type="button" className="button button--secondary" onClick={logout}>
        Logout
      </button>
    </div>
  );
}
