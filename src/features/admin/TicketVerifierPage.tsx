/**
 * /admin/ticket-verifier (docs/rules.md#the-admin-area, #messages, #fees-arithmetic-and-timings): scans a ticket QR code with the
 * camera (rear preferred) inside a framed overlay, or reads an uploaded ticket image; shows the
 * decoded text read-only; 'Verify Ticket' posts the parsed JSON to /api/verification/verify-qr
 * and shows a green 'Valid Ticket — RID: {rid}' (a repeat check-in says so) or a red
 * 'Invalid Ticket — {message}'. Text that is not JSON gives 'Invalid QR format' and no call.
 * Session mode: the scan marks a paper presented (POST /api/admin/papers/scan) for the
 * Paper ID picked beforehand, or, with none picked, lists the registrant's papers to pick from;
 * a registrant who does not name the paper is refused with the server's message.
 * A valid ticket shows the extras to hand out (reception and dinner tickets, diet). A scan that
 * cannot be sent (no network, the server unreachable) is judged on the device and kept, never
 * lost (OfflineCheckin.tsx). On a phone the camera, the Verify button and the result fit the first
 * screen; the mode, the image upload and the offline panel follow (docs/operations.md, "Check-in
 * at the door"). What shows follows the signed-in roles (decision 044): check-in for the desk,
 * the session mode for publications; an organiser who may make desk devices can turn this browser
 * into one, and a desk device's enrolment code scanned here enrols it.
 */
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { conference } from '../../content/conference';
import { failureMessage } from '../../lib/api';
import { adminApiPaths, adminPost, SERVER_ERROR_MESSAGE } from '../../lib/admin-api';
import { AdminTitleBar } from './AdminTitleBar';
import { decodeImageFile } from './qr-scan';
import { tierLabel } from './registration-view';
import { useQrCamera } from './useQrCamera';
import { useAdminVerified } from './admin-session';
import { can, useAdminIdentity } from './access';
import { enrolDevice, enrolmentToken } from '../../lib/device-enrolment';
import { paths } from '../../shared/routes';
import { ExtrasList, OfflinePanel, registerVerifierServiceWorker, reprintBadge, useOfflineCheckin } from './OfflineCheckin';
import { deskExtrasLines, type DeskExtras, type OfflineVerdict } from '../../shared/checkin';

/** The verify-qr answer (valid or not); extra fields are optional. */
export interface VerifyQrResponse {
  valid: boolean;
  rid?: string;
  message?: string;
  name?: string;
  tier?: string;
  checkedInAt?: string;
  repeat?: boolean;
  firstCheckInAt?: string;
  extras?: DeskExtras;
  error?: { code?: string };
}

/** The session-mode answer (netlify/functions/admin-papers-scan.ts). */
interface PaperScanResponse {
  registrationNumber: string;
  papers: { paperId: string; title: string }[];
  marked: { mark: string; at: string } | null;
}

type Result =
  | { kind: 'valid'; rid: string; name?: string; tier?: string; repeat: boolean; message?: string; extras?: DeskExtras }
  | { kind: 'closed'; message: string }
  | { kind: 'presented'; rid: string; paperId: string }
  | { kind: 'pick'; rid: string; papers: { paperId: string; title: string }[] }
  | { kind: 'invalid'; message: string }
  | { kind: 'offline'; verdict: OfflineVerdict }
  | { kind: 'format' }
  | { kind: 'failed'; message: string };

/** The decoded QR text as the JSON object to send, or null when it is not a JSON object ('Invalid QR format'). */
export function parseTicketText(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The ticket verifier page. */
export default function TicketVerifierPage() {
  const ids = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [text, setText] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [fileMessage, setFileMessage] = useState<string | null>(null);
  const [videoSize, setVideoSize] = useState<{ width: number; height: number } | null>(null);
  // What the signed-in roles allow here (decision 044): check-in (the desk), the session mode
  // (publications), reprinting badges, making this browser a desk device.
  const identity = useAdminIdentity();
  const canCheckin = can(identity, 'verify-qr');
  const canSession = can(identity, 'admin-papers-scan');
  const [mode, setMode] = useState<'checkin' | 'session'>(() => (canCheckin || !canSession ? 'checkin' : 'session'));
  const [sessionPaper, setSessionPaper] = useState('');
  const landscape = !videoSize || videoSize.width >= videoSize.height;
  const offline = useOfflineCheckin(canCheckin);
  const [enrolling, setEnrolling] = useState<string | null>(null);
  useEffect(registerVerifierServiceWorker, []);
  const [reprintMessage, setReprintMessage] = useState('');

  const onDecoded = useCallback((decoded: string) => {
    setText(decoded);
    setResult(null);
    setFileMessage(null);
  }, []);
  const { status, start, stop, release } = useQrCamera(videoRef, onDecoded);

  // The camera starts with the page once the token has verified (no camera prompt for a signed-out
  // visitor); useQrCamera stops it on unmount.
  const verified = useAdminVerified();
  useEffect(() => {
    if (verified) void start();
  }, [start, verified]);

  const restart = () => {
    setText('');
    setResult(null);
    setFileMessage(null);
    void start();
  };

  /** Session mode: marks `paperId` (or the one picked beforehand) presented by this ticket, or lists the registrant's papers. */
  const scanForPaper = async (payload: Record<string, unknown>, paperId: string) => {
    setVerifying(true);
    const res = await adminPost<PaperScanResponse>(adminApiPaths.papersScan, { ticket: payload, ...(paperId ? { paperId } : {}) });
    setVerifying(false);
    if (res.ok && res.data?.marked) setResult({ kind: 'presented', rid: res.data.registrationNumber, paperId: paperId.toUpperCase() });
    else if (res.ok) setResult({ kind: 'pick', rid: res.data.registrationNumber, papers: res.data.papers });
    else if (res.network) setResult({ kind: 'failed', message: SERVER_ERROR_MESSAGE });
    else if (res.status !== 401) setResult({ kind: 'invalid', message: failureMessage(res, SERVER_ERROR_MESSAGE) });
  };

  // A desk device's enrolment code scanned here: offered instead of a ticket check.
  const enrolToken = enrolmentToken(text);
  const enrol = async () => {
    if (!enrolToken) return;
    setEnrolling('Enrolling this device...');
    const outcome = await enrolDevice(enrolToken);
    if (outcome.ok) {
      window.location.assign(paths.adminTicketVerifier);
      return;
    }
    setEnrolling(outcome.message);
  };

  const verify = async () => {
    if (verifying) return;
    const payload = parseTicketText(text.trim());
    if (!payload) {
      setResult({ kind: 'format' });
      return;
    }
    if (mode === 'session') return scanForPaper(payload, sessionPaper.trim());
    setReprintMessage('');
    // A scan that cannot be sent is judged on the device and kept, never lost: valid with the
    // snapshot, or "not verified yet" (no snapshot, an old ticket) for the server to judge later.
    const judgeOffline = async () => setResult({ kind: 'offline', verdict: await offline.judge(text.trim()) });
    if (!navigator.onLine) return judgeOffline();
    // The previous result stays on screen until this one replaces it, so the line never blanks out mid-check.
    setVerifying(true);
    const res = await adminPost<VerifyQrResponse>(adminApiPaths.verifyQr, payload);
    setVerifying(false);
    // No answer, or the server could not record it (5xx): the same as no network.
    if (!res.ok && (res.network || res.status >= 500)) return judgeOffline();
    const body = (res.data && typeof res.data === 'object' ? res.data : {}) as Partial<VerifyQrResponse>;
    if (res.ok && body.valid === true) {
      setResult({
        kind: 'valid',
        rid: String(body.rid ?? payload.rid ?? ''),
        name: body.name,
        tier: body.tier,
        repeat: body.repeat === true,
        message: body.message,
        extras: body.extras,
      });
    } else if (!res.ok && res.error?.code === 'CHECKIN_CLOSED') {
      setResult({ kind: 'closed', message: (typeof body.message === 'string' && body.message) || res.error.message });
    } else if (!res.ok && res.status === 401) {
      // The guard takes the browser to /admin/login.
    } else {
      const message =
        (typeof body.message === 'string' && body.message) || (!res.ok && res.error?.message) || (res.ok ? 'Ticket not valid.' : SERVER_ERROR_MESSAGE);
      setResult({ kind: 'invalid', message });
    }
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    release();
    setResult(null);
    setFileMessage('Reading image...');
    const decoded = await decodeImageFile(file);
    if (decoded.ok) {
      setText(decoded.text);
      setFileMessage('QR code read from the image.');
    } else {
      setText('');
      setFileMessage(decoded.message);
    }
  };

  const scanning = status.state === 'scanning' || status.state === 'starting';

  return (
    <div className="admin-page verifier-page">
      <title>{`Ticket Verification | ${conference.name}`}</title>
      {/* React hoists it into <head>: only the verifier is installable. */}
      <link rel="manifest" href="/verifier.webmanifest" />
      <AdminTitleBar title="Ticket Verification" backToDashboard />

      <div className="verifier">
        <section className="verifier__scanner card" aria-labelledby={`${ids}-scan`}>
          <h2 id={`${ids}-scan`}>Scan a ticket</h2>
          <div
            className={`scanner ${landscape ? 'scanner--landscape' : 'scanner--portrait'}`}
            style={videoSize ? { aspectRatio: `${videoSize.width} / ${videoSize.height}` } : undefined}
          >
            <video
              ref={videoRef}
              className="scanner__video"
              muted
              playsInline
              autoPlay
              aria-label="Camera preview"
              onLoadedMetadata={(e) => {
                const { videoWidth: width, videoHeight: height } = e.currentTarget;
                if (width && height) setVideoSize({ width, height });
              }}
            />
            <div className="scanner__frame" aria-hidden="true">
              <span className="scanner__corner scanner__corner--tl" />
              <span className="scanner__corner scanner__corner--tr" />
              <span className="scanner__corner scanner__corner--bl" />
              <span className="scanner__corner scanner__corner--br" />
            </div>
          </div>
          <div className="verifier__camera-row">
            <p role="status" className="scanner__status">
              {status.message}
            </p>
            {scanning ? (
              <button type="button" className="button button--secondary" onClick={stop}>
                Stop camera
              </button>
            ) : (
              <button type="button" className="button button--secondary" onClick={restart}>
                {status.state === 'idle' && !status.message ? 'Start scan' : 'Restart scan'}
              </button>
            )}
          </div>
        </section>

        <section className="verifier__result card" aria-labelledby={`${ids}-verify`}>
          <h2 id={`${ids}-verify`} className="visually-hidden">
            Verify
          </h2>
          <div className="admin-field verifier__decoded">
            <label htmlFor={`${ids}-decoded`}>Decoded QR</label>
            <textarea id={`${ids}-decoded`} readOnly rows={2} value={text} placeholder="Scan a ticket or choose an image." />
          </div>
          {enrolToken ? (
            <>
              <p>This is a desk device&apos;s enrolment code. Enrolling makes this browser that desk device: it then checks people in and nothing else, and your session here ends.</p>
              <button type="button" className="button" onClick={() => void enrol()} disabled={enrolling === 'Enrolling this device...'}>
                Enrol this device
              </button>
              <p role="status">{enrolling}</p>
            </>
          ) : (
            <button type="button" className="button" onClick={() => void verify()} disabled={!text.trim() || verifying} aria-busy={verifying || undefined}>
              {verifying ? 'Verifying...' : mode === 'session' ? 'Mark Presented' : 'Verify Ticket'}
            </button>
          )}
          {result?.kind === 'pick' && (
            <div className="button-row" role="group" aria-label="The registrant's papers">
              {result.papers.length === 0 && <p>{result.rid} names no accepted paper.</p>}
              {result.papers.map((p) => (
                <button key={p.paperId} type="button" className="button button--secondary" disabled={verifying} onClick={() => { const payload = parseTicketText(text.trim()); if (payload) void scanForPaper(payload, p.paperId); }}>
                  {p.paperId}: {p.title}
                </button>
              ))}
            </div>
          )}
          <VerifyResult result={result} stale={verifying} />
          {can(identity, 'admin-badges') && (result?.kind === 'valid' || (result?.kind === 'offline' && (result.verdict.kind === 'valid' || result.verdict.kind === 'repeat'))) && (
            <div className="button-row">
              <button
                type="button"
                className="button button--secondary"
                disabled={!offline.online}
                onClick={() => {
                  const rid = result.kind === 'valid' ? result.rid : result.kind === 'offline' && 'registration' in result.verdict ? result.verdict.registration.registrationNumber : '';
                  void reprintBadge(rid).then((m) => setReprintMessage(m ?? 'Badge downloaded.'));
                }}
              >
                Reprint badge
              </button>
              <p role="status">{reprintMessage}</p>
            </div>
          )}
          <div className="admin-field verifier__file">
            <label htmlFor={`${ids}-file`}>Choose a ticket image</label>
            <input id={`${ids}-file`} type="file" accept="image/*" onChange={(e) => void chooseFile(e)} />
            <p role="status" className="admin-muted">
              {fileMessage}
            </p>
          </div>
          {canCheckin && canSession && (
            <fieldset className="verifier__mode">
              <legend>Mode</legend>
              <label>
                <input type="radio" name={`${ids}-mode`} checked={mode === 'checkin'} onChange={() => { setMode('checkin'); setResult(null); }} /> Check-in
              </label>
              <label>
                <input type="radio" name={`${ids}-mode`} checked={mode === 'session'} onChange={() => { setMode('session'); setResult(null); }} /> Session (mark papers presented)
              </label>
            </fieldset>
          )}
          {mode === 'session' && (
            <div className="admin-field">
              <label htmlFor={`${ids}-paper`}>Paper being presented (Paper ID; leave empty to pick after the scan)</label>
              <input id={`${ids}-paper`} value={sessionPaper} onChange={(e) => setSessionPaper(e.target.value)} />
            </div>
          )}
        </section>
        {canCheckin && <OfflinePanel state={offline} canMakeDevice={identity?.kind !== 'device' && can(identity, 'admin-devices')} deviceName={identity?.kind === 'device' ? identity.name : undefined} />}
      </div>
    </div>
  );
}

/**
 * The result line: green for a valid ticket (with name and tier; a repeat check-in flagged), red
 * otherwise. Both live regions stay in the page so screen readers announce what appears in them.
 * `stale` (a new verification in flight) dims the previous result until the new one arrives.
 */
function VerifyResult({ result, stale }: { result: Result | null; stale: boolean }) {
  let valid = null;
  let invalid = null;
  if (result?.kind === 'presented') {
    valid = (
      <div className="verify-result verify-result--valid">
        <p className="verify-result__line">
          Presented — paper {result.paperId} (RID: {result.rid})
        </p>
      </div>
    );
  } else if (result?.kind === 'pick') {
    valid = (
      <div className="verify-result verify-result--valid">
        <p className="verify-result__line">Valid Ticket — RID: {result.rid}. Pick the paper being presented.</p>
      </div>
    );
  } else if (result?.kind === 'valid') {
    const details = [result.name, result.tier ? tierLabel(result.tier) : undefined].filter(Boolean).join(' · ');
    valid = (
      <div className={`verify-result verify-result--valid${result.repeat ? ' verify-result--repeat' : ''}`}>
        <p className="verify-result__line">Valid Ticket — RID: {result.rid}</p>
        {details && <p>{details}</p>}
        {result.repeat ? <p className="verify-result__repeat">{result.message || 'Already checked in today.'}</p> : result.message && <p>{result.message}</p>}
        <ExtrasList lines={result.extras ? deskExtrasLines(result.extras) : []} />
      </div>
    );
  } else if (result?.kind === 'offline' && (result.verdict.kind === 'valid' || result.verdict.kind === 'repeat')) {
    const v = result.verdict;
    valid = (
      <div className={`verify-result verify-result--valid${v.kind === 'repeat' ? ' verify-result--repeat' : ''}`}>
        <p className="verify-result__line">Valid Ticket — RID: {v.registration.registrationNumber} (checked on this device, offline)</p>
        <p>{[v.registration.name, v.registration.tier].join(' · ')}</p>
        {v.kind === 'repeat' ? <p className="verify-result__repeat">Already checked in today on this device.</p> : <p>Checked in. Queued for the server.</p>}
        <ExtrasList lines={v.registration.extras ? deskExtrasLines(v.registration.extras) : []} />
      </div>
    );
  } else if (result?.kind === 'offline' && result.verdict.kind === 'unverified') {
    // Kept on the device for the server: neither admitted nor refused by the device.
    valid = (
      <div className="verify-result verify-result--pending">
        <p className="verify-result__line">Not verified yet{result.verdict.registrationNumber ? ` — RID: ${result.verdict.registrationNumber}` : ''}</p>
        <p>{result.verdict.message}</p>
      </div>
    );
  } else if (result?.kind === 'closed' || (result?.kind === 'offline' && result.verdict.kind === 'closed')) {
    const message = result.kind === 'closed' ? result.message : (result.verdict as Extract<OfflineVerdict, { kind: 'closed' }>).message;
    invalid = (
      <div className="verify-result verify-result--invalid">
        <p className="verify-result__line">Check-in closed — {message}</p>
      </div>
    );
  } else if (result?.kind === 'offline') {
    const v = result.verdict as Extract<OfflineVerdict, { message: string }>;
    invalid = (
      <div className="verify-result verify-result--invalid">
        <p className="verify-result__line">
          Invalid Ticket — {v.message} (checked on this device, offline)
        </p>
      </div>
    );
  } else if (result) {
    const line = result.kind === 'format' ? 'Invalid QR format' : result.kind === 'invalid' ? `Invalid Ticket — ${result.message}` : `Verification failed: ${result.message}`;
    invalid = (
      <div className="verify-result verify-result--invalid">
        <p className="verify-result__line">{line}</p>
      </div>
    );
  }
  return (
    <div className={stale ? 'verify-results is-stale' : 'verify-results'} aria-busy={stale || undefined}>
      <div role="status">{valid}</div>
      <div role="alert">{invalid}</div>
    </div>
  );
}
