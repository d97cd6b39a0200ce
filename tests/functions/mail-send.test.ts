/**
 * The e-mail hand-off (decision 053): the payment functions record a lease in `mail:retry` and
 * call mail-send, signed, inside waitUntil; mail-send sends the confirmation of the applied order
 * exactly once with the scheduled mail-retry run. Against the real SMTP receiver and Redis.
 */
import { afterEach, describe, expect, it } from 'vitest';
import mailSend from '../../netlify/functions/mail-send';
import mailRetry from '../../netlify/functions/mail-retry';
import { mailStatus } from '../../netlify/server/mail-delivery';
import { HANDOFF_LEASE_MS, MAIL_SEND_SIGNATURE_MAX_AGE_S, signMailSend } from '../../netlify/server/mail-handoff';
import { keys, redis } from '../../netlify/server/platform/store';
import { MAIL_SEND_PATH, MAIL_SEND_SIGNATURE_HEADER } from '../../src/shared/mail-handoff';
import { mailSendRoute } from '../setup/mail-send-route';
import { STANDARD_DAY, call, keysMatching, pinClock, runScheduled } from './helpers';
import { mailAndWebhook, messagesFor, registerPaid } from './helpers-admin';

const fx = mailAndWebhook();
const base = Date.parse(STANDARD_DAY);

afterEach(() => {
  mailSendRoute.lost = false;
  mailSendRoute.hold = undefined;
});

const retryScore = (regNo: string) => redis().zscore(keys.mailRetry(), regNo);
const runRetry = async () => (await runScheduled(mailRetry)).json() as Promise<{ due: number; sent: number }>;
/** Calls mail-send with `body` (an object, or raw text) signed by `signature` (default: a valid one now). */
const send = (body: unknown, signature?: string | null) => {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const sig = signature === undefined ? signMailSend(raw) : signature;
  return call(mailSend, { path: MAIL_SEND_PATH, raw, headers: sig === null ? {} : { [MAIL_SEND_SIGNATURE_HEADER]: sig } });
};

/** A paid registration whose hand-off never reached mail-send: its lease waits in `mail:retry`. */
async function lostHandOff(): Promise<{ regNo: string; lease: number }> {
  mailSendRoute.lost = true;
  const calls = mailSendRoute.calls;
  const { regNo } = await registerPaid();
  mailSendRoute.lost = false;
  expect(mailSendRoute.calls).toBe(calls + 1);
  const lease = await retryScore(regNo);
  expect(lease).toBe(base + HANDOFF_LEASE_MS);
  return { regNo, lease: lease! };
}

/** Everything a refused call must leave alone. */
async function written() {
  return { keys: (await keysMatching('*')).sort(), audit: await redis().llen(keys.audit()), retry: await redis().zrange(keys.mailRetry(), 0, -1, { withScores: true }) };
}

describe('the hand-off of an applied order', () => {
  it('verify-payment answers, then mail-send sends the confirmation once and clears the lease', async () => {
    const calls = mailSendRoute.calls;
    const { regNo } = await registerPaid();
    expect(mailSendRoute.calls).toBe(calls + 1);
    const mails = await messagesFor(fx.smtp.messages, regNo);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.attachments.map((a) => a.mimeType)).toContain('application/pdf');
    expect(await mailStatus(regNo)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await retryScore(regNo)).toBeNull();
    // The retry run, even after the lease, has nothing of it to send.
    pinClock(new Date(base + HANDOFF_LEASE_MS + 60_000).toISOString());
    expect((await runRetry()).sent).toBe(0);
    expect(await messagesFor(fx.smtp.messages, regNo)).toHaveLength(1);
  });

  it('the answer comes before the e-mail: with the hand-off still running, nothing is sent yet but the lease is recorded', async () => {
    const { default: createOrder } = await import('../../netlify/functions/payment-create-order');
    const { default: verifyPayment } = await import('../../netlify/functions/payment-verify');
    const { doublePay, totalFor, validForm } = await import('./helpers');
    const data = validForm();
    const order = await call(createOrder, { body: { amount: totalFor(data), data } });
    const paid = await doublePay(order.body.id);
    let release!: () => void;
    mailSendRoute.hold = new Promise<void>((resolve) => (release = resolve));
    const verified = await call(verifyPayment, { body: paid, settle: false });
    expect(verified.status).toBe(200);
    const regNo = verified.body.registrationNumber as string;
    expect(await retryScore(regNo)).toBe(base + HANDOFF_LEASE_MS);
    expect(await messagesFor(fx.smtp.messages, regNo)).toHaveLength(0);
    release();
    mailSendRoute.hold = undefined;
    await verified.pending;
    expect(await messagesFor(fx.smtp.messages, regNo)).toHaveLength(1);
    expect(await retryScore(regNo)).toBeNull();
  });

  it('a lost hand-off is sent by the mail-retry run once its lease ends, once', async () => {
    const { regNo } = await lostHandOff();
    expect(await messagesFor(fx.smtp.messages, regNo)).toHaveLength(0);
    expect(await mailStatus(regNo)).toBeNull();
    // Not before the lease ends: the hand-off may still be on its way.
    pinClock(new Date(base + HANDOFF_LEASE_MS - 1_000).toISOString());
    await runRetry();
    expect(await messagesFor(fx.smtp.messages, regNo)).toHaveLength(0);
    pinClock(new Date(base + HANDOFF_LEASE_MS).toISOString());
    expect((await runRetry()).sent).toBe(1);
    const mails = await messagesFor(fx.smtp.messages, regNo);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.attachments.map((a) => a.mimeType)).toContain('application/pdf');
    expect(await retryScore(regNo)).toBeNull();
    pinClock(new Date(base + 3600_000).toISOString());
    await runRetry();
    expect(await messagesFor(fx.smtp.messages, regNo)).toHaveLength(1);
  });

  it('sends exactly once when the hand-off and the retry run race, whichever claims first', async () => {
    const races: { regNo: string; byHandOff: number; byRetry: number }[] = [];
    for (let i = 0; i < 4; i++) {
      pinClock(STANDARD_DAY);
      const { regNo, lease } = await lostHandOff();
      // Both due: the hand-off arrives late, just as the retry run finds the lease ended.
      pinClock(new Date(lease + 1_000).toISOString());
      // Started in either order: the two claims meet in Redis, one script after the other.
      const [handOff, retry] =
        i % 2 === 0
          ? await Promise.all([send({ registrationNumber: regNo, lease }), runRetry()])
          : await Promise.all([runRetry(), send({ registrationNumber: regNo, lease })]).then(([r, h]) => [h, r] as const);
      expect(handOff.status).toBe(200);
      races.push({ regNo, byHandOff: handOff.body.sent ? 1 : 0, byRetry: retry.sent });
      expect(await messagesFor(fx.smtp.messages, regNo)).toHaveLength(1);
      // Once sent, neither sends it again.
      const again = await send({ registrationNumber: regNo, lease });
      expect(again.body).toMatchObject({ ok: true, sent: false });
      await runRetry();
      expect(await messagesFor(fx.smtp.messages, regNo)).toHaveLength(1);
    }
    for (const r of races) expect(r.byHandOff + r.byRetry).toBe(1);
  });

  it('a lost hand-off of a paid change is sent by the retry run with the change\'s notice, not as a plain confirmation', async () => {
    const { default: upgradeTier } = await import('../../netlify/functions/tier-upgrade-create-order');
    const { default: verifyUpgrade } = await import('../../netlify/functions/tier-upgrade-verify');
    const { doublePay } = await import('./helpers');
    const { regNo } = await registerPaid({ registrationTier: 'stud_non_indian_std', registrationFee: 8400, noPaper: true, paperId: '' });
    expect(await messagesFor(fx.smtp.messages, regNo)).toHaveLength(1);
    const order = (await call(upgradeTier, { body: { regId: regNo } })).body.order;
    const paid = await doublePay(order.id);
    mailSendRoute.lost = true;
    expect((await call(verifyUpgrade, { body: paid })).status).toBe(200);
    mailSendRoute.lost = false;
    expect(await messagesFor(fx.smtp.messages, regNo)).toHaveLength(1);
    pinClock(new Date(base + HANDOFF_LEASE_MS).toISOString());
    expect((await runRetry()).sent).toBe(1);
    const [, upgraded, ...more] = await messagesFor(fx.smtp.messages, regNo);
    expect(more).toHaveLength(0);
    expect(upgraded!.subject).toMatch(/registration upgraded/);
    // Its own tax invoice is attached, as the hand-off would have sent it.
    expect(upgraded!.attachments.filter((a) => a.mimeType === 'application/pdf')).toHaveLength(1);
  });

  it('a hand-off arriving after the retry run sent the message sends nothing', async () => {
    const { regNo, lease } = await lostHandOff();
    pinClock(new Date(lease).toISOString());
    expect((await runRetry()).sent).toBe(1);
    const late = await send({ registrationNumber: regNo, lease });
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ ok: true, sent: false, reason: 'already claimed' });
    expect(await messagesFor(fx.smtp.messages, regNo)).toHaveLength(1);
  });
});

describe('POST /api/internal/mail-send refuses', () => {
  it('a call without a signature, with a wrong or an expired one: 401, nothing written or sent', async () => {
    const { regNo, lease } = await lostHandOff();
    const body = JSON.stringify({ registrationNumber: regNo, lease });
    const before = await written();
    const wrong = signMailSend(body).replace(/v1=[0-9a-f]/, (m) => (m.endsWith('0') ? 'v1=1' : 'v1=0'));
    const old = signMailSend(body, Date.now() - (MAIL_SEND_SIGNATURE_MAX_AGE_S + 5) * 1000);
    const otherBody = signMailSend(JSON.stringify({ registrationNumber: regNo, lease: lease + 1 }));
    for (const signature of [null, '', 'nonsense', wrong, old, otherBody]) {
      const res = await send(body, signature);
      expect(res.status, String(signature)).toBe(401);
      expect(res.body).toMatchObject({ error: { code: 'INVALID_SIGNATURE' } });
    }
    expect(await written()).toEqual(before);
    expect(await messagesFor(fx.smtp.messages, regNo)).toHaveLength(0);
  });

  it('a signed body that is not the schema: 400 saying what is wrong, nothing written', async () => {
    const { regNo } = await lostHandOff();
    const before = await written();
    const bad = await send({ registrationNumber: 'not a number', lease: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(bad.body)).toMatch(/registrationNumber|lease/);
    const notJson = await send('{"registrationNumber": ');
    expect(notJson.status).toBe(400);
    const extra = await send({ registrationNumber: regNo, lease: 1, also: 'x' });
    expect(extra.status).toBe(400);
    const get = await call(mailSend, { method: 'GET', path: MAIL_SEND_PATH });
    expect(get.status).toBe(405);
    expect(await written()).toEqual(before);
    expect(await messagesFor(fx.smtp.messages, regNo)).toHaveLength(0);
  });
});
