/**
 * Enrolling a phone or laptop as a desk device (decision 044; docs/operations.md, "Desk devices").
 * The owner or registrations make a device on /admin/devices and show its enrolment link as a QR
 * code: `{site}/admin/enrol#token={the device's token}`. The device scans it (with its own camera
 * app, which opens the link, or with the ticket verifier's camera) and keeps that token as its only
 * admin token: any organiser's session on it is replaced, so a phone left at the door holds the
 * role desk and nothing else. The token travels in the fragment, which browsers never send to a
 * server.
 */
import { LINK_TOKEN_PARAM } from '../shared/admin-team';
import { paths } from '../shared/routes';
import { verifyAdminToken } from './admin-api';
import { identityOf, writeAdminToken, type AdminIdentity } from './admin-token';
import { setDeviceId } from './checkin-store';

/** The enrolment link of a device token, on `origin` (the site's address as the browser sees it). */
export function enrolmentUrl(origin: string, token: string): string {
  return `${origin}${paths.adminEnrol}#${LINK_TOKEN_PARAM}=${token}`;
}

/** The secret in a `#token=...` fragment (of an enrolment or a set-password link), or null. */
export function fragmentToken(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(LINK_TOKEN_PARAM);
  return value && /^[A-Za-z0-9._~+/=-]+$/.test(value) ? value : null;
}

/** The device token in a scanned text when it is an enrolment link, else null (a ticket, anything else). */
export function enrolmentToken(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.pathname !== paths.adminEnrol) return null;
  const token = fragmentToken(url.hash);
  return token && identityOf(token)?.kind === 'device' ? token : null;
}

/** What enrolling gave: the device, or why not. */
export type EnrolOutcome = { ok: true; device: AdminIdentity } | { ok: false; message: string };

/**
 * Enrols this browser with the device token `token`: checks it with the server, then keeps it as
 * the admin token (replacing any other) and makes the device's id this browser's check-in device id.
 */
export async function enrolDevice(token: string): Promise<EnrolOutcome> {
  const device = identityOf(token);
  if (!device || device.kind !== 'device') return { ok: false, message: 'This is not a desk device’s enrolment code.' };
  const checked = await verifyAdminToken(token);
  if (checked === 'unreachable') return { ok: false, message: 'Could not reach the server: enrol the device where there is a network.' };
  if (checked === 'rejected') return { ok: false, message: 'This enrolment code no longer works (revoked or expired). Make a new device on the Desk devices page.' };
  if (!writeAdminToken(token)) return { ok: false, message: 'Could not keep the access on this browser: allow site data (local storage) for this site.' };
  await setDeviceId(device.subject);
  return { ok: true, device };
}
