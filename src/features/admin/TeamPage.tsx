/**
 * /admin/team (owner; decision 044): the organisers' named accounts. "Add an organiser" makes an
 * account (POST /api/admin/team) and the server e-mails the person a one-time link to set their
 * password; the list shows each account's roles and state, and lets the owner change the roles,
 * disable or enable the account (PATCH /api/admin/team/{id}) and send a new link. Changing the
 * roles or disabling ends the person's sessions within a minute. Results are announced
 * (role=status / alert).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { failureMessage } from '../../lib/api';
import { adminApiPaths, adminGet, adminPost, adminSend } from '../../lib/admin-api';
import { ROLES, ROLE_SCOPES, joinRoles, type Role } from '../../shared/admin-roles';
import type { AccountLinkAnswer, TeamAccount } from '../../shared/admin-team';
import { teamAccountPath, teamLinkPath } from '../../shared/api-paths';
import { AdminList, type ListLoad } from './AdminList';
import { AdminTitleBar } from './AdminTitleBar';
import { QueueMessages, type QueueMessage } from './admin-queue';
import { formatDateTime } from './registration-view';

type Load = ListLoad<TeamAccount>;

const SERVER_ERROR = 'Server error. Try again later.';

/** The roles as checkboxes, each with what it is for. */
function RoleChecks({ legend, value, onChange, idPrefix }: { legend: string; value: readonly Role[]; onChange: (roles: Role[]) => void; idPrefix: string }) {
  return (
    <fieldset className="admin-roles">
      <legend>{legend}</legend>
      {ROLES.map((role) => (
        <div key={role} className="admin-roles__item">
          <input
            id={`${idPrefix}-${role}`}
            type="checkbox"
            checked={value.includes(role)}
            onChange={(e) => onChange(e.target.checked ? ROLES.filter((r) => r === role || value.includes(r)) : value.filter((r) => r !== role))}
            aria-describedby={`${idPrefix}-${role}-scope`}
          />
          <label htmlFor={`${idPrefix}-${role}`}>{role}</label>
          <span id={`${idPrefix}-${role}-scope`} className="admin-muted">
            {ROLE_SCOPES[role]}
          </span>
        </div>
      ))}
    </fieldset>
  );
}

/** What the link e-mail did, in a sentence. */
function linkOutcome(answer: AccountLinkAnswer): QueueMessage {
  const a = answer.account;
  return answer.linkSent
    ? { kind: 'success', text: `A link to set the password was e-mailed to ${a.email}; it works until ${formatDateTime(a.linkExpiresAt ?? undefined)} IST.` }
    : { kind: 'error', text: `The e-mail to ${a.email} could not be sent (${answer.mailError ?? 'unknown reason'}). Press "Send a new link" to try again.` };
}

/** The page. */
export default function TeamPage() {
  const ids = useId();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [message, setMessage] = useState<QueueMessage>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<Role[]>([]);
  const [edits, setEdits] = useState<Record<string, Role[]>>({});

  useEffect(() => {
    const controller = new AbortController();
    void adminGet<{ accounts?: TeamAccount[] }>(adminApiPaths.team, { signal: controller.signal }).then((r) => {
      if (controller.signal.aborted) return;
      setLoad(r.ok && Array.isArray(r.data?.accounts) ? { status: 'loaded', rows: r.data.accounts } : { status: 'failed' });
    });
    return () => controller.abort();
  }, []);

  const replace = (account: TeamAccount) =>
    setLoad((l) => (l.status === 'loaded' ? { status: 'loaded', rows: l.rows.some((a) => a.id === account.id) ? l.rows.map((a) => (a.id === account.id ? account : a)) : [...l.rows, account] } : l));

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!roles.length) {
      setMessage({ kind: 'error', text: 'Give the new account at least one role.' });
      return;
    }
    setBusy('create');
    const r = await adminPost<AccountLinkAnswer>(adminApiPaths.team, { name, email, roles });
    setBusy(null);
    if (!r.ok) {
      setMessage({ kind: 'error', text: failureMessage(r, SERVER_ERROR) });
      return;
    }
    replace(r.data.account);
    setName('');
    setEmail('');
    setRoles([]);
    const outcome = linkOutcome(r.data)!;
    setMessage({ kind: outcome.kind, text: `Account made for ${r.data.account.name}. ${outcome.text}` });
  };

  const change = async (account: TeamAccount, body: { roles?: Role[]; disabled?: boolean }, done: string) => {
    setBusy(`change:${account.id}`);
    const r = await adminSend<{ account: TeamAccount }>('PATCH', teamAccountPath(account.id), body);
    setBusy(null);
    if (!r.ok) {
      setMessage({ kind: 'error', text: failureMessage(r, SERVER_ERROR) });
      return;
    }
    replace(r.data.account);
    setEdits(({ [account.id]: _gone, ...rest }) => rest);
    setMessage({ kind: 'success', text: done });
  };

  const sendLink = async (account: TeamAccount) => {
    setBusy(`link:${account.id}`);
    const r = await adminPost<AccountLinkAnswer>(teamLinkPath(account.id), {});
    setBusy(null);
    if (!r.ok) {
      setMessage({ kind: 'error', text: failureMessage(r, SERVER_ERROR) });
      return;
    }
    replace(r.data.account);
    setMessage(linkOutcome(r.data));
  };

  return (
    <div className="admin-page">
      <AdminTitleBar title="Team" documentTitle="Team" backToDashboard />

      <QueueMessages message={message} />

      <section aria-labelledby={`${ids}-add`} className="admin-section card">
        <h2 id={`${ids}-add`}>Add an organiser</h2>
        <p>The person gets an e-mail with a link to set their own password, then signs in with their e-mail address. Give each person only the roles their work needs.</p>
        <form onSubmit={(e) => void create(e)} className="admin-form">
          <div className="admin-field">
            <label htmlFor={`${ids}-name`}>Name</label>
            <input id={`${ids}-name`} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
          </div>
          <div className="admin-field">
            <label htmlFor={`${ids}-email`}>E-mail</label>
            <input id={`${ids}-email`} type="email" required maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
          </div>
          <RoleChecks legend="Roles" value={roles} onChange={setRoles} idPrefix={`${ids}-new`} />
          <button type="submit" className="button" disabled={busy !== null}>
            {busy === 'create' ? 'Adding...' : 'Add and e-mail the link'}
          </button>
        </form>
      </section>

      <section aria-labelledby={`${ids}-list`} className="admin-section card">
        <h2 id={`${ids}-list`}>Accounts</h2>
        <p className="admin-muted">The organisers&apos; shared password is not listed: it always signs in as owner.</p>
        <AdminList
          load={load}
          loading="Loading the accounts..."
          failed="Could not load the accounts."
          empty="No accounts yet."
          label="Organiser accounts"
          columns={['Name', 'E-mail', 'Roles', 'State', 'Last sign-in', 'Actions']}
          rowKey={(a) => a.id}
          cells={(a) => {
            const editing = edits[a.id];
            const rowBusy = busy !== null;
            return (
              <>
                <td>{a.name}</td>
                <td>{a.email}</td>
                <td>
                  {editing ? (
                    <>
                      <RoleChecks legend={`Roles of ${a.name}`} value={editing} onChange={(r) => setEdits((e) => ({ ...e, [a.id]: r }))} idPrefix={`${ids}-${a.id}`} />
                      <button type="button" className="button admin-table__action" disabled={rowBusy || !editing.length} onClick={() => void change(a, { roles: editing }, `${a.name}'s roles are now ${joinRoles(editing)}. Their sessions have ended: they sign in again.`)}>
                        Save roles
                      </button>{' '}
                      <button type="button" className="button button--secondary admin-table__action" onClick={() => setEdits(({ [a.id]: _gone, ...rest }) => rest)}>
                        Cancel
                      </button>
                    </>
                  ) : (
                    joinRoles(a.roles)
                  )}
                </td>
                <td>
                  {a.disabled ? 'Disabled' : a.passwordSet ? 'Active' : 'Password not set yet'}
                  {!a.disabled && !a.passwordSet && a.linkExpiresAt && (
                    <>
                      <br />
                      <span className="admin-muted">Link works until {formatDateTime(a.linkExpiresAt)} IST</span>
                    </>
                  )}
                </td>
                <td>{a.lastSignInAt ? formatDateTime(a.lastSignInAt) : '—'}</td>
                <td>
                  {!editing && (
                    <button type="button" className="button button--secondary admin-table__action" disabled={rowBusy} onClick={() => setEdits((e) => ({ ...e, [a.id]: a.roles }))} aria-label={`Change the roles of ${a.name}`}>
                      Change roles
                    </button>
                  )}{' '}
                  {a.disabled ? (
                    <button type="button" className="button button--secondary admin-table__action" disabled={rowBusy} onClick={() => void change(a, { disabled: false }, `${a.name} can sign in again.`)} aria-label={`Enable ${a.name}`}>
                      Enable
                    </button>
                  ) : (
                    <>
                      <button type="button" className="button button--danger admin-table__action" disabled={rowBusy} onClick={() => void change(a, { disabled: true }, `${a.name} is disabled: their sessions end within a minute.`)} aria-label={`Disable ${a.name}`}>
                        Disable
                      </button>{' '}
                      <button type="button" className="button button--secondary admin-table__action" disabled={rowBusy} onClick={() => void sendLink(a)} aria-label={`Send ${a.name} a new link`}>
                        {busy === `link:${a.id}` ? 'Sending...' : 'Send a new link'}
                      </button>
                    </>
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
