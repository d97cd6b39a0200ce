/**
 * POST /api/verification/verify-qr (admin; docs/rules.md#the-admin-area: the ticket verifier).
 * Body: the JSON decoded from the ticket QR, {rid, sig}, at most 2 KB.
 *  200 first scan of the day: { valid: true, rid, repeat: false, message: 'Checked in.', name, tier, extras, checkedInAt }
 *  200 repeat that day:       { valid: true, rid, repeat: true, message: 'Already checked in today at HH:MM IST.', name, tier, extras, firstCheckInAt }
 *  (extras: the reception and gala dinner tickets and the diet to hand out, DeskExtras in src/shared/checkin.ts)
 *  400 not JSON / wrong shape / over 2 KB: { valid: false, rid: null, message, error: { code, message } }
 *  400 forged signature:      { valid: false, rid, message: 'Ticket signature is not valid.', error }
 *  409 cancelled registration: { valid: false, rid, message: 'Registration cancelled', error }
 *  409 not confirmed (decision 013): a student's proof not yet approved (AWAITING_PROOF), or an IEEE
 *      membership an admin rejected whose difference is unpaid (MEMBERSHIP_NOT_VERIFIED,
 *      'IEEE membership not verified: difference due'): { valid: false, rid, message, error }
 *  409 a ticket replaced by a name transfer: { valid: false, rid, message: 'Ticket replaced: …', error }
 *  409 CHECKIN_CLOSED after the conference's last day: { valid: false, rid, message: 'Check-in is closed: …', error }
 *  404 unknown registration:  { valid: false, rid, message: 'No registration with this number.', error }
 *  401 without a valid admin token (nothing else is read).
 * Only a valid ticket writes anything: `checkin:{regNo}:{day}` (SET NX; the day in Asia/Kolkata by
 * the server clock) and an audit entry, first scan or repeat.
 */
import type { Config } from '@netlify/functions';
import { ticketPayloadSchema, type TicketPayload } from '../../src/shared/api';
import { MAX_QR_BODY_BYTES } from '../../src/shared/api-paths';
import { requireRole } from '../server/auth';
import { checkInAtDoor, doorInvalid as invalid } from '../server/checkin';
import { now } from '../server/platform/clock';
import { HttpError, endpoint, json, parseJsonText, readRawBody, validate } from '../server/platform/http';
import { getRegistration } from '../server/registrations';
import { verifyTicket } from '../server/tickets';
import { ticketRefusal } from '../../src/shared/registration-status';

const formatReasons: Record<string, string> = {
  INVALID_JSON: 'Invalid QR format: the code is not JSON.',
  BODY_TOO_LARGE: 'Invalid QR format: the code is too long to be a ticket.',
};

async function readTicket(req: Request): Promise<TicketPayload> {
  try {
    return validate(ticketPayloadSchema, parseJsonText(await readRawBody(req, MAX_QR_BODY_BYTES)));
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    // A field's own message ('sig must be 43 or 86 base64url characters.'); a body that is not an object has none.
    const first = Object.entries(err.fieldErrors ?? {}).find(([field]) => field !== '(body)')?.[1];
    const message = formatReasons[err.code] ?? `Invalid QR format: ${first ?? 'this is not a ticket.'}`;
    // Oversized bodies answer 400 like any other unreadable code (the scanner shows the reason).
    throw invalid(400, err.code, null, message);
  }
}

export default endpoint(['POST'], async (req) => {
  await requireRole(req, 'verify-qr');
  const ticket = await readTicket(req);
  const { rid } = ticket;
  if (!(await verifyTicket(ticket))) throw invalid(400, 'INVALID_SIGNATURE', rid, 'Ticket signature is not valid.');
  const registration = await getRegistration(rid);
  if (!registration) throw invalid(404, 'REGISTRATION_NOT_FOUND', rid, 'No registration with this number.');
  // An approved cancellation keeps the record but ends the ticket (docs/payments.md#cancellations-and-refunds); only a
  // confirmed registration admits its holder, and the answer says what is missing (decision 013).
  const refusal = ticketRefusal(registration);
  if (refusal) throw invalid(409, refusal.code, rid, refusal.message);
  // A name transfer issues a new ticket; the earlier person's is refused from then on.
  if ((ticket.v ?? 0) !== (registration.ticketVersion ?? 0)) throw invalid(409, 'TICKET_REPLACED', rid, 'Ticket replaced: this registration was transferred and has a newer ticket.');
  // No check-in after the conference; then the day's check-in, with the extras to hand out.
  return json(200, await checkInAtDoor(registration, now()));
});

export const config: Config = { path: '/api/verification/verify-qr' };
