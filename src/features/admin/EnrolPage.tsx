/**
 * /admin/enrol (decision 044; docs/operations.md, "Desk devices"): makes this phone or laptop a
 * desk device. Opened from the enrolment code's link (the device's token in the fragment) it
 * enrols at once; opened by hand it scans the code shown on /admin/devices with the camera, or
 * reads a photo of it. Enrolling keeps the device's token as this browser's only admin token (an
 * organiser's session on it ends) and opens the ticket verifier.
 */
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { conference } from '../../content/conference';
import { enrolDevice, enrolmentToken, fragmentToken, type EnrolOutcome } from '../../lib/device-enrolment';
import { paths } from '../../shared/routes';
import { decodeImageFile } from './qr-scan';
import { useQrCamera } from './useQrCamera';
import './admin.css';

/** The page. */
export default function EnrolPage() {
  const ids = useId();
  const videoRef = useRef<HTMLVideoElement>(null);

  // Opened from the code's link: the token is in the fragment, read once.
  const [linked] = useState(() => (typeof window === 'undefined' ? null : fragmentToken(window.location.hash)));
  const [busy, setBusy] = useState(linked !== null);
  const [message, setMessage] = useState<{ kind: 'status' | 'error'; text: string } | null>(linked ? { kind: 'status', text: 'Enrolling this device...' } : null);

  /** What enrolling gave: the verifier (a full load: every page starts again with the device's access only), or why not. */
  const finish = useCallback((outcome: EnrolOutcome) => {
    if (outcome.ok) {
      setMessage({ kind: 'status', text: `This device is now the desk device "${outcome.device.name}". Opening the ticket verifier...` });
      window.location.assign(paths.adminTicketVerifier);
      return;
    }
    setBusy(false);
    setMessage({ kind: 'error', text: outcome.message });
  }, []);

  const enrol = useCallback(
    (token: string) => {
      setBusy(true);
      setMessage({ kind: 'status', text: 'Enrolling this device...' });
      void enrolDevice(token).then(finish);
    },
    [finish],
  );

  const onDecoded = useCallback(
    (text: string) => {
      const token = enrolmentToken(text);
      if (token) enrol(token);
      else setMessage({ kind: 'error', text: 'That code is not a desk device’s enrolment code. Scan the code shown on the Desk devices page.' });
    },
    [enrol],
  );
  const { status, start } = useQrCamera(videoRef, onDecoded);

  useEffect(() => {
    if (!linked) return;
    window.history.replaceState(null, '', window.location.pathname);
    void enrolDevice(linked).then(finish);
  }, [linked, finish]);

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const decoded = await decodeImageFile(file);
    if (decoded.ok) onDecoded(decoded.text);
    else setMessage({ kind: 'error', text: decoded.message });
  };

  return (
    <div className="admin-page">
      <title>{`Enrol a desk device | ${conference.name}`}</title>
      <div className="admin-titlebar">
        <div className="admin-titlebar__heading">
          <h1>Enrol a desk device</h1>
        </div>
      </div>
      <section className="admin-section card" aria-labelledby={`${ids}-how`}>
        <h2 id={`${ids}-how`}>Scan the enrolment code</h2>
        <p>
          An organiser makes the device on the Desk devices page and shows its code. Scan it here (or open its link). This browser then holds the desk device&apos;s
          access only: the ticket verifier, check-in with and without a network, and badges. Anyone signed in on it is signed out.
        </p>
        <div className="scanner scanner--landscape">
          <video ref={videoRef} className="scanner__video" muted playsInline autoPlay aria-label="Camera preview" />
        </div>
        <div className="verifier__camera-row">
          <p role="status" className="scanner__status">
            {status.message}
          </p>
          <button type="button" className="button button--secondary" onClick={() => void start()} disabled={busy}>
            {status.state === 'idle' && !status.message ? 'Start camera' : 'Restart camera'}
          </button>
        </div>
        <div className="admin-field">
          <label htmlFor={`${ids}-file`}>Or choose a photo of the code</label>
          <input id={`${ids}-file`} type="file" accept="image/*" onChange={(e) => void chooseFile(e)} disabled={busy} />
        </div>
        <div role="status">{message?.kind === 'status' && <p className="notice notice--success">{message.text}</p>}</div>
        <div role="alert">{message?.kind === 'error' && <p className="notice notice--error">{message.text}</p>}</div>
        <p>
          <Link to={paths.adminLogin}>Sign in as an organiser instead</Link>
        </p>
      </section>
    </div>
  );
}
