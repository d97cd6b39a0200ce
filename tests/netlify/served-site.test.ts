/**
 * The production build served by Netlify's own CLI (`netlify serve --offline`: the build command
 * with prerendering, every function bundled by zip-it-and-ship-it and run on Node 22 by the CLI's
 * runtime, netlify.toml's redirects and headers), checked over HTTP through the served site only.
 *
 * Production rules. In production Netlify's edge gives every function invocation
 * `context.deploy.context` = `production`. The CLI's proxy instead stamps every request it hands
 * on with `x-nf-deploy-context: dev` (its edge-functions layer, lib/edge-functions/proxy.js), so by
 * default the served functions run in the `dev` context, with the local relaxations (plain admin
 * password, pinned clock, outbox, `pesgre:dev:` keys): dev-server.test.ts shows it. Started with
 * `--internal-disable-edge-functions` (the site has no edge functions) the CLI sets no context
 * at all, which netlify/server/platform/deploy-context.ts treats as production (fail closed); that is how
 * this file serves the site. The build runs in the deploy-preview context (`--context`), as the
 * production context refuses to build while src/content holds sample content (decision 031). The
 * functions' environment is a production one: no KEY_PREFIX, APP_NOW or CONTEXT; ADMIN_PASSWORD_HASH with a plain ADMIN_PASSWORD beside it that must be refused;
 * SMTP_URL and MAIL_FROM; SITE_URL. The clock is the real one, so every amount is computed with
 * the shared arithmetic for the tier the server offers today, never written down.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { conference } from '../../src/content/conference';
import { registrationCsvHeaders, tierLabel } from '../../src/shared/csv';
import { computeChangeCharges } from '../../src/shared/change-charges';
import { conferenceDays } from '../../src/shared/badges';
import { checkinClosed } from '../../src/shared/checkin';
import { dayIn } from '../../src/shared/dates';
import { fromMinor } from '../../src/shared/money';
import { computeCharges, isIeeeTier, isStudentTier, pricing, tiersOnOffer, type Tier } from '../../src/shared/pricing';
import { prerenderedPaths } from '../../src/shared/route-sets';
import { changeTarget } from '../../src/shared/tier-rules';
import { paidChangesOnSaleAt } from '../../src/shared/edition';
import { validForm } from '../functions/helpers-form';
import { decodeQrPng, expectedTicketSignature, freePort, functionEnv, messagesFor, root, runNetlify, servedSecrets, startNetlify, startStandIns, type NetlifyProcess, type StandIns } from './stack';
import { jsonOrUndefined } from '../setup/mail-receiver';
import { pdftotext } from '../setup/pdftotext';

const PREFIX = 'pesgre:production:';

let stand: StandIns;
let site: NetlifyProcess;
let base: string;
/** The CLI's own functions server (behind its proxy), where a request may name the function to run. */
let functionsBase: string;

beforeAll(async () => {
  stand = await startStandIns();
  const [port, functionsPort, staticPort] = [await freePort(), await freePort(), await freePort()];
  base = `http://localhost:${port}`;
  functionsBase = `http://localhost:${functionsPort}`;
  // Built in the deploy-preview context: `netlify serve` builds as production by default, and the
  // production build refuses while src/content holds sample content (scripts/content-report.ts
  // --build, decision 031). The functions' rules do not depend on it: the CLI gives them no context.
  site = await startNetlify(['serve', '--offline', '--context', 'deploy-preview', '--internal-disable-edge-functions', '--port', String(port), '--functions-port', String(functionsPort), '--staticServerPort', String(staticPort)], {
    port,
    readyPath: '/api/pricing',
    // The build (Vite, prerendering) and bundling every function take about a minute on 2 idle cores.
    timeoutMs: 540_000,
    env: functionEnv({
      ...stand.env,
      ADMIN_PASSWORD_HASH: servedSecrets.adminPasswordHash,
      ADMIN_PASSWORD: servedSecrets.plainAdminPassword,
      ADMIN_JWT_SECRET: servedSecrets.adminJwtSecret,
      TICKET_SIGNING_KEY: servedSecrets.ticketSigningKey,
      SITE_URL: base,
    }),
  });
});

afterAll(async () => {
  await site?.stop();
  await stand?.close();
});

/** fetch against the served site; JSON bodies in and out. */
async function api(pathname: string, opts: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(base + pathname, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  const json = jsonOrUndefined(text);
  return { status: res.status, headers: res.headers, text, body: json };
}

/** The double's test API. */
async function double<T = any>(pathname: string, body: unknown): Promise<T> {
  const res = await fetch(stand.doubleUrl + pathname, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status, `${pathname}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as T;
}

/** The double pays `orderId` as Checkout would (no webhook); returns what Checkout hands the browser. */
const pay = (orderId: string) => double<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }>('/_double/pay', { order_id: orderId, outcome: 'success' });

/** The double delivers a signed webhook for `orderId` to the served site. */
const webhook = (orderId: string, paymentId: string, event: string) =>
  double<{ delivered: boolean; status: number; body: string }>('/_double/webhook', { order_id: orderId, payment_id: paymentId, event, webhookUrl: `${base}/api/payment/webhook` });

/** Every key in the private Redis, sorted. */
const allKeys = async () => (await stand.redis.keys('*')).sort();
/** The registration records (reg:{number}), not the index, the e-mail sets or the cancelled set. */
const registrationKeys = async () => (await stand.redis.keys(`${PREFIX}reg:*`)).filter((k) => /^pesgre:production:reg:[^:]+$/.test(k) && !k.endsWith(':index') && !k.endsWith(':cancelled')).sort();
const storedRegistration = async (regNo: string) => JSON.parse((await stand.redis.get(`${PREFIX}reg:${regNo}`)) ?? 'null');

/** The tier a non-IEEE Indian student can pick today (Early Bird or Standard, whatever the real date). */
function studentTierToday(): Tier {
  const tier = tiersOnOffer(pricing, new Date(), 'Indian').find((t) => isStudentTier(t.id) && !isIeeeTier(t.id));
  if (!tier) throw new Error('no non-IEEE Indian student tier on offer today');
  return tier;
}

/** The file the build wrote, relative to the project's dist/. */
const built = (file: string) => readFile(path.join(root, 'dist', file), 'utf8');

/** Creates an order for `form` on the served site, checks the quoted amount (minor units), and returns it. */
/**
 * Creates a registration order as the registration desk: production rules run on the real clock,
 * after the online registration closed (2025-11-15, decision 013), and only an admin session keeps
 * registering open.
 */
async function createOrder(form: ReturnType<typeof validForm>, deskToken: string) {
  const charges = computeCharges(pricing, form, null);
  const order = await api('/api/payment/create-order', { body: { amount: fromMinor(charges.total), data: form }, token: deskToken });
  expect(order.status, order.text).toBe(200);
  expect(order.body).toMatchObject({ success: true, noPayment: false, amount: charges.total, currency: 'INR', key: servedSecrets.keyId });
  return order.body as { id: string; amount: number };
}

describe('netlify serve: the production build', () => {
  it('serves each prerendered page as built, with its h1 in the HTML', async () => {
    const contact = await api('/contact');
    expect(contact.status).toBe(200);
    expect(contact.headers.get('content-type')).toMatch(/^text\/html/);
    expect(contact.text).toMatch(/<h1[^>]*>Contacts<\/h1>/);
    expect(contact.text).toMatch(/<div id="root"[^>]*>\s*<[a-z]/);
    for (const p of prerenderedPaths) {
      const res = await api(p);
      expect(res.status, p).toBe(200);
      // Byte for byte the page the build wrote for that path (scripts/prerender.ts), not the SPA shell.
      expect(res.text, p).toBe(await built(p === '/' ? 'index.html' : `${p.replace(/^\/|\/$/g, '')}/index.html`));
      expect(res.text, p).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    }
  });

  it.each(['/admin', '/admin/registrations', '/no-such-page/anywhere'])('answers %s with the SPA shell (200, empty root)', async (p) => {
    const res = await api(p);
    expect(res.status).toBe(200);
    expect(res.text).toBe(await built('spa-fallback.html'));
    expect(res.text).toMatch(/<div id="root"><\/div>/);
    expect(res.text).not.toMatch(/<h1/);
  });

  it("sends netlify.toml's security headers with pages and API answers", async () => {
    const toml = parseToml(await readFile(path.join(root, 'netlify.toml'), 'utf8')) as { headers: { for: string; values: Record<string, string> }[] };
    const declared = toml.headers.find((h) => h.for === '/*')!.values;
    expect(declared['Content-Security-Policy']).toContain("default-src 'self'");
    for (const p of ['/', '/contact', '/admin', '/api/pricing']) {
      const res = await api(p);
      for (const [name, value] of Object.entries(declared)) expect(res.headers.get(name), `${p} ${name}`).toBe(value);
    }
    const page = await api('/contact');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    // The hashed entry script is served with the same headers. Its Cache-Control is not checked:
    // the CLI's local static server answers `public, max-age=0` and that wins over netlify.toml's
    // "/assets/*" block in the CLI's proxy (utils/proxy.js writes the upstream headers last),
    // which Netlify's CDN applies in production.
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(page.text)![1]!;
    const assetRes = await fetch(base + asset);
    expect(assetRes.status).toBe(200);
    expect(assetRes.headers.get('content-type')).toMatch(/javascript/);
    expect(assetRes.headers.get('content-security-policy')).toBe(declared['Content-Security-Policy']);
  });

  it('GET /api/pricing answers the shared pricing', async () => {
    const res = await api('/api/pricing');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(pricing)));
  });
});

describe('netlify serve: payments, admin and tickets through the served functions', () => {
  const student = studentTierToday();
  /** The registration's tier once the upgrade test has run: the upgraded one, or the student's when no upgrade is sold. */
  let tierNow: string = student.id;
  const form = validForm({
    firstName: 'Meera',
    lastName: 'Served',
    email: 'meera.served@example.org',
    verifyEmail: 'meera.served@example.org',
    registrationTier: student.id,
    registrationFee: student.fee,
    paperId: '',
    noPaper: true,
    // Printed on the invoice: the bundled functions must find the fonts netlify.toml ships.
    billingAddress: 'कर्नाटक भवन, 12 Station Road',
  });
  let regNo = '';
  let orderId = '';
  let paymentId = '';
  let token = '';

  let deskToken = '';
  beforeAll(async () => {
    const login = await api('/api/admin-auth/login', { body: { password: servedSecrets.adminPassword } });
    expect(login.status, login.text).toBe(200);
    deskToken = login.body.token;
  });

  it('online registration is closed on the real clock: create-order refuses without an admin session, writing nothing', async () => {
    const before = await allKeys();
    const res = await api('/api/payment/create-order', { body: { amount: fromMinor(computeCharges(pricing, form, null).total), data: form } });
    expect(res.status, res.text).toBe(403);
    expect(res.body.error.code).toBe('REGISTRATION_CLOSED');
    expect(await allKeys()).toEqual(before);
  });

  it('a paid registration (create-order, the payment, verify-payment, the webhook) is stored exactly once, under production keys', async () => {
    const order = await createOrder(form, deskToken);
    orderId = order.id;
    const paid = await pay(order.id);
    paymentId = paid.razorpay_payment_id;
    const verified = await api('/api/payment/verify-payment', { body: paid });
    expect(verified.status, verified.text).toBe(200);
    regNo = verified.body.registrationNumber;
    expect(regNo).toMatch(/^[A-Z0-9-]+$/);

    // Razorpay's webhook for the same payment, delivered through the served site: signature
    // checked on the raw body the CLI passed on, and applied as already done.
    const hook = await webhook(order.id, paid.razorpay_payment_id, 'payment.captured');
    expect(hook).toMatchObject({ delivered: true, status: 200 });
    expect(JSON.parse(hook.body)).toMatchObject({ registrationNumber: regNo });

    // Production rules: the production key prefix, and nothing written under any other.
    expect((await allKeys()).filter((k) => !k.startsWith(PREFIX))).toEqual([]);
    expect(await registrationKeys()).toEqual([`${PREFIX}reg:${regNo}`]);
    expect(await stand.redis.zrange(`${PREFIX}reg:index`, 0, -1)).toEqual([regNo]);
    const stored = await storedRegistration(regNo);
    // A student is confirmed once the proof of status is verified (decision 013).
    expect(stored).toMatchObject({ registrationNumber: regNo, registrationTier: student.id, email: form.email, orderId, paymentId, status: 'awaiting-proof' });
    expect(Math.round(stored.totalPaid * 100)).toBe(computeCharges(pricing, form, null).total);
  });

  it('sends one e-mail by SMTP: the payment received, the proof of status asked for, no ticket yet, the GST invoice attached', async () => {
    // verify-payment hands the e-mail to mail-send after its answer (decision 053): it arrives a moment later.
    await expect.poll(async () => (await messagesFor(stand.smtp.messages, regNo)).length, { timeout: 20_000 }).toBe(1);
    const mails = await messagesFor(stand.smtp.messages, regNo);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.from).toMatchObject({ address: 'no-reply@pesgre2025.test' });
    expect(mail!.to).toEqual([expect.objectContaining({ address: form.email })]);
    expect(mail!.text).toContain('/registration/proof');
    expect(mail!.attachments.find((a) => a.filename === `ticket-${regNo}.png`)).toBeUndefined();
    // The GST invoice is attached, drawn by the bundle with its embedded Devanagari font.
    const invoice = mail!.attachments.find((a) => a.mimeType === 'application/pdf');
    expect(invoice).toBeDefined();
    expect((await pdftotext(new Uint8Array(invoice!.content as ArrayBuffer))).replace(/\s+/g, ' ')).toContain('कर्नाटक भवन, 12 Station Road');
  });

  it('upgrades the student tier, paid the same way (upgrade-tier, the payment, verify-upgrade, the webhook), or refuses it once the conference has ended', async () => {
    const to = changeTarget('tier-upgrade', student.id, pricing)!;
    // Production rules run on the real clock: paid changes are not sold after the conference
    // (src/shared/edition.ts paidChangesOnSaleAt, decision 031), and nothing is written.
    if (!paidChangesOnSaleAt(new Date())) {
      const before = await allKeys();
      const refused = await api('/api/tier-upgrade/upgrade-tier', { body: { regId: regNo } });
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body.error.code).toBe('CHANGES_CLOSED');
      expect(await allKeys()).toEqual(before);
      expect((await storedRegistration(regNo)).registrationTier).toBe(student.id);
      return;
    }
    const charges = computeChangeCharges(pricing, student, to);
    const order = await api('/api/tier-upgrade/upgrade-tier', { body: { regId: regNo } });
    expect(order.status, order.text).toBe(200);
    expect(order.body).toMatchObject({ success: true, registrationNumber: regNo, order: { currency: 'INR', amount: charges.total, notes: { upgradeFrom: student.id, upgradeTo: to.id } } });
    const paid = await pay(order.body.order.id);
    const verified = await api('/api/tier-upgrade/verify-upgrade', { body: paid });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body).toMatchObject({ success: true, registrationNumber: regNo });
    const hook = await webhook(order.body.order.id, paid.razorpay_payment_id, 'payment.captured');
    expect(hook).toMatchObject({ delivered: true, status: 200 });

    const stored = await storedRegistration(regNo);
    expect(stored.registrationTier).toBe(to.id);
    // A professional tier needs no proof: the upgrade confirms the registration and e-mails the ticket.
    expect(stored.status).toBe('confirmed');
    expect(await registrationKeys()).toEqual([`${PREFIX}reg:${regNo}`]);
    tierNow = to.id;
  });

  it('refuses the plain ADMIN_PASSWORD and signs in with the password of ADMIN_PASSWORD_HASH', async () => {
    const plain = await api('/api/admin-auth/login', { body: { password: servedSecrets.plainAdminPassword } });
    expect(plain.status, plain.text).toBe(401);
    expect(plain.body.error.code).toBe('INVALID_PASSWORD');
    const login = await api('/api/admin-auth/login', { body: { password: servedSecrets.adminPassword } });
    expect(login.status, login.text).toBe(200);
    token = login.body.token;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(Date.parse(login.body.expiresAt)).toBeGreaterThan(Date.now());
  });

  it('lists the registrations for the admin only', async () => {
    const anonymousList = await api('/api/registrations');
    expect(anonymousList.status, anonymousList.text).toBe(401);
    const list = await api('/api/registrations', { token });
    expect(list.status, list.text).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ registrationNumber: regNo, registrationTier: tierNow });
  });

  it('deploys GET /api/registrations/{id} with its sibling paths excluded, as Netlify routes them', async () => {
    // /api/registrations/export (and summary, resend-ticket, email-check) match the pattern
    // /api/registrations/:id too; registration-by-id excludes them (config.excludedPath). Netlify
    // routes by the manifest the build writes, which must carry the exclusions. The CLI's
    // `netlify serve` drops them when it loads prebuilt functions (netlify-cli 27.10.2,
    // lib/functions/registry.js keeps only `routes` from the manifest), so which function answers
    // those paths there depends on the order it lists them in. The export's bundle is run below by
    // name, and its routing is checked under `netlify dev` (dev-server.test.ts), which honours
    // excludedPath.
    const manifest = JSON.parse(await readFile(path.join(root, '.netlify/functions/manifest.json'), 'utf8')) as { functions: { name: string; routes?: { pattern: string }[]; excludedRoutes?: { literal?: string }[] }[] };
    const byId = manifest.functions.find((f) => f.name === 'registration-by-id');
    expect(byId?.routes?.map((r) => r.pattern)).toEqual(['/api/registrations/:id']);
    const siblings = manifest.functions.filter((f) => f.routes?.some((r) => /^\/api\/registrations\/[a-z-]+$/.test(r.pattern))).map((f) => f.routes![0]!.pattern);
    expect(siblings.sort()).toEqual(['/api/registrations/email-check', '/api/registrations/export', '/api/registrations/resend-ticket', '/api/registrations/summary']);
    expect(byId?.excludedRoutes?.map((r) => r.literal).sort()).toEqual(siblings);
  });

  it('exports the registrations as CSV for the admin only (the bundled export, run by name on the CLI functions server)', async () => {
    // x-nf-function-name is how the CLI's proxy tells its functions server which function it
    // matched (netlify-cli lib/functions/server.js); sent here directly, it runs the export's
    // production bundle whatever order the CLI lists functions in. No proxy, so no deploy context:
    // production rules, as through the site.
    const exportCall = (headers: Record<string, string> = {}) => fetch(`${functionsBase}/api/registrations/export`, { headers: { 'x-nf-function-name': 'registrations-export', ...headers } });
    const anonymous = await exportCall();
    expect(anonymous.status, await anonymous.clone().text()).toBe(401);
    const before = dayIn(new Date(), conference.timeZone);
    const csv = await exportCall({ authorization: `Bearer ${token}` });
    const after = dayIn(new Date(), conference.timeZone);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect([before, after].map((d) => `attachment; filename="registrations_${d}.csv"`)).toContain(csv.headers.get('content-disposition'));
    const rows = parseCsv(await csv.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(registrationCsvHeaders);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'Reg. No': regNo,
      Email: form.email,
      'Reg. Tier': tierLabel(tierNow),
      'Order ID': orderId,
      'Payment ID': paymentId,
    });
  });

  it('verifies the e-mailed ticket: checked in once, then flagged as a repeat (or, after the conference, refused as closed)', async () => {
    const ticketMails = async () => (await messagesFor(stand.smtp.messages, regNo)).filter((m) => m.attachments.some((a) => a.filename === `ticket-${regNo}.png`));
    if (tierNow === student.id) {
      // No upgrade was sold (after the conference): the student's proof, approved by the
      // organisers, confirms the registration and e-mails the ticket.
      expect(await ticketMails()).toEqual([]);
      const approved = await api('/api/admin/verifications/decide', { body: { registrationNumber: regNo, decision: 'approve' }, token });
      expect(approved.status, approved.text).toBe(200);
      await expect.poll(async () => (await ticketMails()).length, { timeout: 20_000 }).toBe(1);
    }
    const withTicket = await ticketMails();
    expect(withTicket).toHaveLength(1);
    const qr = decodeQrPng(withTicket[0]!.attachments.find((a) => a.filename === `ticket-${regNo}.png`)!.content);
    // An Ed25519 ticket (decision 014): 64 signature bytes, base64url; the verifier below checks it.
    expect(JSON.parse(qr)).toEqual({ rid: regNo, sig: expect.stringMatching(/^[A-Za-z0-9_-]{86}$/) });
    expect((await api('/api/verification/verify-qr', { body: JSON.parse(qr) })).status).toBe(401);
    const forged = await api('/api/verification/verify-qr', { body: { ...JSON.parse(qr), sig: expectedTicketSignature(`${regNo}X`) }, token });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ valid: false, error: { code: 'INVALID_SIGNATURE' } });
    // Production rules run on the real clock: after the conference's last day check-in is closed
    // (the same rule as the verifier's offline verdict), and nothing is recorded.
    const closed = checkinClosed(new Date(), conferenceDays(), conference.timeZone);
    if (closed) {
      const refused = await api('/api/verification/verify-qr', { body: JSON.parse(qr), token });
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body).toMatchObject({ valid: false, rid: regNo, message: closed, error: { code: 'CHECKIN_CLOSED' } });
      expect(await stand.redis.keys(`${PREFIX}checkin:${regNo}:*`)).toEqual([]);
      return;
    }
    const first = await api('/api/verification/verify-qr', { body: JSON.parse(qr), token });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ valid: true, rid: regNo, repeat: false, message: 'Checked in.', name: 'Dr Meera Served' });
    const day = dayIn(new Date(first.body.checkedInAt), conference.timeZone);
    expect(JSON.parse((await stand.redis.get(`${PREFIX}checkin:${regNo}:${day}`))!)).toEqual({ at: first.body.checkedInAt });
    const again = await api('/api/verification/verify-qr', { body: JSON.parse(qr), token });
    expect(again.body).toMatchObject({ valid: true, rid: regNo, repeat: true, firstCheckInAt: first.body.checkedInAt });
  });

  it('the scheduled reconciliation, invoked as the CLI allows, finalises a payment whose browser and webhook were lost', async () => {
    const lost = validForm({ firstName: 'Ravi', lastName: 'Lost', email: 'ravi.lost@example.org', verifyEmail: 'ravi.lost@example.org', registrationTier: student.id, registrationFee: student.fee, noPaper: true, paperId: '' });
    const order = await createOrder(lost, deskToken);
    const paid = await pay(order.id);
    // The run looks at orders older than 10 minutes; the real clock cannot be pinned under
    // production rules, so the order's listing is backdated instead.
    const pending = `${PREFIX}orders:pending`;
    expect(await stand.redis.zscore(pending, order.id)).not.toBeNull();
    expect(await stand.redis.zadd(pending, 'XX', 'CH', Date.now() - 11 * 60_000, order.id)).toBe(1);

    // A scheduled function has no URL in production. Locally the CLI runs it, with Netlify's
    // schedule body ({next_run}), on a request to /.netlify/functions/<name>, which is what
    // `netlify functions:invoke` sends. `--functions` names the source folder: netlify.toml's
    // [dev] functions is where `netlify dev` finds its compiled modules (decision 059), which the
    // CLI would otherwise search for the name.
    const invoked = await runNetlify(['functions:invoke', 'reconcile-payments', '--functions', 'netlify/functions', '--port', new URL(base).port, '--offline']);
    expect(invoked).not.toMatch(/error/i);

    const keys = await registrationKeys();
    expect(keys).toHaveLength(2);
    const newKey = keys.find((k) => k !== `${PREFIX}reg:${regNo}`)!;
    const stored = JSON.parse((await stand.redis.get(newKey))!);
    expect(stored).toMatchObject({ email: lost.email, orderId: order.id, paymentId: paid.razorpay_payment_id });
    expect(await stand.redis.zscore(pending, order.id)).toBeNull();
    // The run hands the e-mail to mail-send (decision 053), which sends it after the run's answer.
    await expect.poll(async () => (await messagesFor(stand.smtp.messages, stored.registrationNumber)).length, { timeout: 20_000 }).toBe(1);
    // A second run, by a plain POST, finds nothing left to do.
    expect((await fetch(`${base}/.netlify/functions/reconcile-payments`, { method: 'POST' })).status).toBe(200);
    expect(await registrationKeys()).toHaveLength(2);
    expect(await messagesFor(stand.smtp.messages, stored.registrationNumber)).toHaveLength(1);
  });
});
