/**
 * GET /api/admin/badges.pdf?day=&tier=&since=&regNo= (admin; docs/operations.md#name-badges-and-certificates): A4 sheets of
 * 8 name badges (netlify/server/badges-pdf.ts) of the confirmed registrations, oldest first.
 * Filters: `day` (a conference day the registration covers), `tier` (tier id), `since` (registered
 * at or after; a bare date is midnight IST). `regNo` reprints one badge (the verifier, after a
 * scan). Cancelled or unconfirmed registrations are never printed.
 *  200 application/pdf; 400 a malformed filter; 401; 404 `regNo` unknown or not printable; 503.
 */
import type { Config } from '@netlify/functions';
import { badgeSelected, badgesQuerySchema } from '../../src/shared/badges';
import { requireRole } from '../server/auth';
import { badgeInputs, renderBadgesPdf } from '../server/badges-pdf';
import { now } from '../server/platform/clock';
import { HttpError, endpoint, validate } from '../server/platform/http';
import { pdfBody } from '../server/invoices';
import { allRegistrations, getRegistration, type Registration } from '../server/registrations';
import { recordAdmin } from '../server/audit';

export default endpoint(['GET'], async (req) => {
  await requireRole(req, 'admin-badges');
  const query = validate(badgesQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  let regs: Registration[];
  if (query.regNo) {
    const one = await getRegistration(query.regNo);
    if (!one || !badgeSelected(one, {})) throw new HttpError(404, 'NO_BADGE', 'No confirmed registration with this number.');
    regs = [one];
  } else {
    regs = (await allRegistrations()).filter((r) => badgeSelected(r, query));
  }
  const at = now();
  const bytes = await renderBadgesPdf(await badgeInputs(regs), at);
  // Names and organisations leave the site on paper: recorded (docs/security.md, "The audit record").
  await recordAdmin(at, 'badges.downloaded', { count: regs.length, ...query });
  const name = query.regNo ? `badge-${query.regNo}.pdf` : 'badges.pdf';
  return new Response(pdfBody(bytes), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store', 'X-Badge-Count': String(regs.length) },
  });
});

export const config: Config = { path: '/api/admin/badges.pdf' };
