/**
 * /admin/devices (owner, registrations; decision 044; docs/operations.md, "Desk devices"): the
 * phones and laptops at the door. "Make a desk device" asks the server for a device
 * (POST /api/admin/devices {name}: its id and a token with the role desk alone, until the end of
 * the conference's last day) and shows its enrolment link as a QR code, once: the device scans
 * it with its camera app or the ticket verifier and from then on holds only that token. The list
 * shows every device; "Revoke" (DELETE /api/admin/devices/{id}) stops a lost one within a minute.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { failureMessage } from '../../lib/api';
import { adminApiPaths, adminGet, adminPost, adminSend } from '../../lib/admin-api';
import { enrolmentUrl } from '../../lib/device-enrolment';
import type { DeskDevice, DeviceAnswer } from '../../shared/admin-team';
import { devicePath } from '../../shared/api-paths';
import { AdminList, type ListLoad } from './AdminList';
import { AdminTitleBar } from './AdminTitleBar';
import { QueueMessages, type QueueMessage } from './admin-queue';
import { formatDateTime } from './registration-view';

type Load = ListLoad<DeskDevice>;

const SERVER_ERROR = 'Server error. Try again later.';

/** The enrolment code of a device just made: shown once, then gone. */
interface Fresh {
  name: string;
  id: string;
  url: string;
  expiresAt: string;
  /** The QR code as a PNG data URL (qrcode, loaded with this page only). */
  qr: string | null;
}

/** The page. */
export default function DevicesPage() {
  const ids = useId();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [message, setMessage] = useState<QueueMessage>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [fresh, setFresh] = useState<Fresh | null>(null);

  const reload = (signal?: AbortSignal) =>
    adminGet<{ devices?: DeskDevice[] }>(adminApiPaths.devices, { signal }).then((r) => {
      if (signal?.aborted) return;
      setLoad(r.ok && Array.isArray(r.data?.devices) ? { status: 'loaded', rows: r.data.devices } : { status: 'failed' });
    });

  useEffect(() => {
    const controller = new AbortController();
    void adminGet<{ devices?: DeskDevice[] }>(adminApiPaths.devices, { signal: controller.signal }).then((r) => {
      if (controller.signal.aborted) return;
      setLoad(r.ok && Array.isArray(r.data?.devices) ? { status: 'loaded', rows: r.data.devices } : { status: 'failed' });
    });
    return () => controller.abort();
  }, []);

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy('create');
    const r = await adminPost<DeviceAnswer>(adminApiPaths.devices, { name });
    if (!r.ok) {
      setBusy(null);
      setMessage({ kind: 'error', text: failureMessage(r, SERVER_ERROR) });
      return;
    }
    const url = enrolmentUrl(window.location.origin, r.data.token);
    let qr: string | null = null;
    try {
      const QRCode = (await import('qrcode')).default;
      qr = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 4, width: 360 });
    } catch (err) {
      console.error('enrolment QR code not drawn', err);
    }
    setBusy(null);
    setFresh({ name, id: r.data.id, url, expiresAt: r.data.expiresAt, qr });
    setName('');
    setMessage({ kind: 'success', text: `Desk device "${name}" made: enrol it now with the code below.` });
    await reload();
  };

  const revoke = async (device: DeskDevice) => {
    if (!window.confirm(`Revoke "${device.name}"? It stops checking people in within a minute.`)) return;
    setBusy(`revoke:${device.id}`);
    const r = await adminSend<{ device: DeskDevice }>('DELETE', devicePath(device.id));
    setBusy(null);
    if (!r.ok) {
      setMessage({ kind: 'error', text: failureMessage(r, SERVER_ERROR) });
      return;
    }
    if (fresh?.id === device.id) setFresh(null);
    setMessage({ kind: 'success', text: `"${device.name}" is revoked: its access ends within a minute, online and at its next sync.` });
    await reload();
  };

  return (
    <div className="admin-page">
      <AdminTitleBar title="Desk devices" documentTitle="Desk devices" backToDashboard />

      <QueueMessages message={message} />

      <section aria-labelledby={`${ids}-make`} className="admin-section card">
        <h2 id={`${ids}-make`}>Make a desk device</h2>
        <p>
          A desk device checks people in, also without a network, and can do nothing else. Its access ends with the conference&apos;s last day. Name it after where it
          is used (&quot;Door 1 phone&quot;), then enrol it with the code shown here.
        </p>
        <form onSubmit={(e) => void create(e)} className="admin-form admin-form--inline">
          <div className="admin-field">
            <label htmlFor={`${ids}-name`}>Name of the device</label>
            <input id={`${ids}-name`} required maxLength={60} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
          </div>
          <button type="submit" className="button" disabled={busy !== null}>
            {busy === 'create' ? 'Making...' : 'Make a desk device'}
          </button>
        </form>
        {fresh && (
          <div className="enrol-code" aria-labelledby={`${ids}-code`} role="group">
            <h3 id={`${ids}-code`}>Enrol &quot;{fresh.name}&quot;</h3>
            <p>
              On the device, scan this code with the camera (or with the ticket verifier&apos;s camera). Anyone holding it can check people in until{' '}
              {formatDateTime(fresh.expiresAt)} IST: show it only to that device, and press Done once it is enrolled.
            </p>
            {fresh.qr ? <img className="enrol-code__qr" src={fresh.qr} width={360} height={360} alt={`Enrolment code of the desk device ${fresh.name}`} /> : <p className="admin-muted">The QR code could not be drawn: open the link below on the device.</p>}
            <details>
              <summary>The enrolment link (to open on the device instead)</summary>
              <p className="enrol-code__link">
                <code>{fresh.url}</code>
              </p>
            </details>
            <button type="button" className="button button--secondary" onClick={() => setFresh(null)}>
              Done
            </button>
          </div>
        )}
      </section>

      <section aria-labelledby={`${ids}-list`} className="admin-section card">
        <h2 id={`${ids}-list`}>Devices</h2>
        <AdminList
          load={load}
          loading="Loading the devices..."
          failed="Could not load the devices."
          empty="No desk devices yet."
          label="Desk devices"
          columns={['Name', 'Device id (in check-ins)', 'Made', 'State', 'Actions']}
          rowKey={(d) => d.id}
          cells={(d) => (
            <>
              <td>{d.name}</td>
              <td>
                <code>{d.id}</code>
              </td>
              <td>
                {formatDateTime(d.createdAt)}
                <br />
                <span className="admin-muted">by {d.createdByName}</span>
              </td>
              <td>{d.revokedAt ? `Revoked ${formatDateTime(d.revokedAt)}` : `Active until ${formatDateTime(d.expiresAt)}`}</td>
              <td>
                {!d.revokedAt && (
                  <button type="button" className="button button--danger admin-table__action" disabled={busy !== null} onClick={() => void revoke(d)} aria-label={`Revoke ${d.name}`}>
                    {busy === `revoke:${d.id}` ? 'Revoking...' : 'Revoke'}
                  </button>
                )}
              </td>
            </>
          )}
        />
      </section>
    </div>
  );
}
