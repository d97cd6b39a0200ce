/**
 * Every step of a registration's life is told by e-mail, received on a real SMTP
 * server: the cancellation request (with the quoted refund), its approval or refusal, the refund
 * paid (with the credit note PDF), a name transfer (the ticket to the new person, a notice to the
 * original registrant, the fee's invoice to its payer) and a name change. A mail server that is
 * down never fails the step. And invoices belong to whoever paid: /invoices finds a document by
 * the registration and the address it was issued to.
 */
import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import cancellationRequest from '../../netlify/functions/cancellation-request';
import decide from '../../netlify/functions/admin-cancellations-decide';
import payRefund from '../../netlify/functions/admin-refunds-pay';
import invoicesLookup from '../../netlify/functions/invoices-lookup';
import invoicesDownload from '../../netlify/functions/invoices-download';
import transferOrder from '../../netlify/functions/name-transfer-create-order';
import transferVerify from '../../netlify/functions/name-transfer-verify';
import updateName from '../../netlify/functions/name-change-update';
import type { Registration } from '../../netlify/server/registrations';
import { keys, redis } from '../../netlify/server/platform/store';
import { ticketText } from '../../netlify/server/tickets';
import { conference } from '../../src/content/conference';
import { invoicing } from '../../src/content/invoicing';
import { formatDay } from '../../src/shared/dates';
import { formatMoney } from '../../src/shared/money';
import { afterConference, beforeRefundDeadline, call, deadUrl, doublePay, pinClock, standardPeriod } from './helpers';
import { adminHeaders, decodeQrPng, messagesFor, registerPaid, mailAndWebhook } from './helpers-admin';

const fx = mailAndWebhook();
let ip = 0;
const freshIp = () => `203.0.114.${++ip}`;
const stored = async (regNo: string) => (await redis().get<Registration>(keys.registration(regNo)))!;
const pdfText = async (content: ArrayBuffer | Uint8Array | string) => {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'base64') : new Uint8Array(content instanceof Uint8Array ? content : new Uint8Array(content));
  return (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
};
/** The messages about `regNo` whose subject matches `re`. */
const mailsAbout = async (regNo: string, re: RegExp) => (await messagesFor(fx.smtp.messages, regNo)).filter((m) => re.test(m.subject ?? ''));
const registrant = (regNo: string) => ({ regId: regNo, email: 'asha@example.org' });

/** A paid registration with an open cancellation request, at a time before the refund deadline. */
async function requested() {
  pinClock(beforeRefundDeadline());
  const { regNo, paymentId } = await registerPaid();
  const r = await call(cancellationRequest, { body: registrant(regNo), ip: freshIp() });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { regNo, paymentId, refund: r.body.refundAmount as number };
}

describe('cancellation e-mails', () => {
  it('acknowledges a request once, with the quoted refund, the rule and what comes next', async () => {
    const { regNo, refund } = await requested();
    expect(refund).toBeGreaterThan(0);
    // Asking again answers the same and sends nothing more.
    expect((await call(cancellationRequest, { body: registrant(regNo), ip: freshIp() })).status).toBe(200);
    const mails = await mailsAbout(regNo, /cancellation request received/);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`${conference.name} cancellation request received — ${regNo}`);
    expect(mail!.to?.[0]?.address).toBe('asha@example.org');
    expect(mail!.text).toContain(`Refund quoted: ${formatMoney(refund, 'INR')}`);
    expect(mail!.text).toContain(`${invoicing.refund.percent}% of the registration fee`);
    expect(mail!.text).toContain('the organisers review your request');
    expect(mail!.html).toContain(formatMoney(refund, 'INR'));
  });

  it('tells the registrant of an approval (refund due, credit note) and of a refusal', async () => {
    const a = await requested();
    expect((await call(decide, { body: { registrationNumber: a.regNo, decision: 'approve' }, headers: await adminHeaders() })).status).toBe(200);
    const [approved, ...more] = await mailsAbout(a.regNo, /registration cancelled/);
    expect(more).toHaveLength(0);
    expect(approved!.to?.[0]?.address).toBe('asha@example.org');
    expect(approved!.text).toContain(`Refund due: ${formatMoney(a.refund, 'INR')}`);
    expect(approved!.text).toContain(`Credit note: ${(await stored(a.regNo)).cancellation!.creditNoteNumber}`);
    expect(approved!.text).toContain(`after the conference (it ends on ${formatDay(conference.endDate)})`);

    const b = await requested();
    expect((await call(decide, { body: { registrationNumber: b.regNo, decision: 'decline' }, headers: await adminHeaders() })).status).toBe(200);
    const [declined] = await mailsAbout(b.regNo, /cancellation request declined/);
    expect(declined!.to?.[0]?.address).toBe('asha@example.org');
    expect(declined!.text).toContain('Your registration stays valid and your ticket still admits you.');
  });

  it('sends the refund-paid e-mail once, with the credit note PDF, however often the refund is asked for', async () => {
    const { regNo, refund } = await requested();
    await call(decide, { body: { registrationNumber: regNo, decision: 'approve' }, headers: await adminHeaders() });
    pinClock(afterConference());
    const headers = await adminHeaders();
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(payRefund, { body: { registrationNumber: regNo }, headers })));
    for (const a of answers) expect(a.status).toBe(200);
    const mails = await mailsAbout(regNo, /refund paid/);
    expect(mails).toHaveLength(1);
    const reg = await stored(regNo);
    expect(mails[0]!.to?.[0]?.address).toBe('asha@example.org');
    expect(mails[0]!.text).toContain(`Refund paid: ${formatMoney(refund, 'INR')}`);
    expect(mails[0]!.text).toContain(reg.cancellation!.refund!.parts[0]!.refundId!);
    const pdf = mails[0]!.attachments.find((x) => x.mimeType === 'application/pdf')!;
    expect(pdf.filename).toBe(`credit-note-${reg.cancellation!.creditNoteNumber!.replace(/\//g, '-')}.pdf`);
    const text = await pdfText(pdf.content);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(reg.invoiceNumber!);
  });

  it('a mail server that is down never fails the request: the request is recorded and the failure audited', async () => {
    pinClock(beforeRefundDeadline());
    const { regNo } = await registerPaid();
    process.env.SMTP_URL = (await deadUrl()).replace('http:', 'smtp:');
    const r = await call(cancellationRequest, { body: registrant(regNo), ip: freshIp() });
    expect(r.status).toBe(200);
    expect((await stored(regNo)).cancellation?.status).toBe('requested');
    const audit = await redis().lrange<{ action: string; details: { regNo: string; kind: string; reason: string } }>(keys.audit(), 0, 20);
    const failed = audit.find((e) => e.action === 'mail.notice-failed' && e.details.regNo === regNo);
    expect(failed?.details).toMatchObject({ kind: 'cancellation-requested', reason: expect.stringMatching(/^[A-Z]/) });
    expect(JSON.stringify(failed)).not.toContain('asha@example.org');
  });
});

describe('name transfer e-mails and invoices', () => {
  const to = { title: 'Ms', firstName: 'Meera', lastName: 'Shankar', email: 'meera@example.org', organization: 'Hubballi Grid Lab', mobile: '+91 90000 11111' };

  async function transferred() {
    pinClock(beforeRefundDeadline());
    const { regNo } = await registerPaid({ billingEmail: 'finance@karnataka-power.example', billingOrganization: 'Karnataka Power Research Lab' });
    // An hour later, as a transfer comes after the registration it moves.
    pinClock(standardPeriod('11:00:00'));
    const order = await call(transferOrder, { body: { ...registrant(regNo), to }, ip: freshIp() });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const verified = await call(transferVerify, { body: await doublePay(order.body.order.id) });
    expect(verified.status).toBe(200);
    return { regNo, reg: await stored(regNo) };
  }

  it('sends the ticket to the new person, a notice to the original registrant and the invoice to the payer', async () => {
    const { regNo, reg } = await transferred();
    const change = reg.history!.at(-1)!;
    const invoiceNumber = 'invoiceNumber' in change ? change.invoiceNumber! : '';

    const [ticket, ...moreTickets] = await mailsAbout(regNo, /transferred to you/);
    expect(moreTickets).toHaveLength(0);
    expect(ticket!.to?.[0]?.address).toBe('meera@example.org');
    expect(ticket!.text).toContain('Dear Ms Meera Shankar');
    expect(decodeQrPng(ticket!.attachments.find((a) => a.filename === `ticket-${regNo}.png`)!.content)).toBe(await ticketText(regNo, 1));
    expect(ticket!.attachments.filter((a) => a.mimeType === 'application/pdf')).toEqual([]);

    const [moved] = await mailsAbout(regNo, /transferred to another person/);
    expect(moved!.to?.[0]?.address).toBe('asha@example.org');
    expect(moved!.text).toContain('Dear Dr Asha Kulkarni');
    expect(moved!.text).toContain(`Registration ${regNo} was transferred from you to Ms Meera Shankar`);
    expect(moved!.text).toContain('no longer admits you');
    expect(moved!.attachments).toEqual([]);

    const [invoiceMail] = await mailsAbout(regNo, /for the name transfer/);
    expect(invoiceMail!.subject).toBe(`${conference.name} tax invoice ${invoiceNumber} for the name transfer — ${regNo}`);
    expect(invoiceMail!.to?.[0]?.address).toBe('finance@karnataka-power.example');
    expect(invoiceMail!.text).toContain('Amount paid: ₹2,454.40');
    const pdf = await pdfText(invoiceMail!.attachments.find((a) => a.mimeType === 'application/pdf')!.content);
    expect(pdf).toContain(invoiceNumber);
    expect(pdf).toContain('Karnataka Power Research Lab');
    expect(pdf).toContain('Name transfer processing fee');
  });

  it('keeps every invoice with its payer: the original registrant and the billing e-mail find them, the new person never does', async () => {
    const { regNo, reg } = await transferred();
    const change = reg.history!.at(-1)!;
    const numbers = [reg.invoiceNumber, 'invoiceNumber' in change ? change.invoiceNumber : undefined];
    const lookup = (email: string, regId = regNo) => call(invoicesLookup, { body: { regId, email }, ip: freshIp() });

    expect((await lookup('ASHA@example.org ')).body.documents.map((d: { number: string }) => d.number)).toEqual(numbers);
    expect((await lookup('finance@karnataka-power.example')).body.documents.map((d: { number: string }) => d.number)).toEqual(numbers);
    const newPerson = await lookup('meera@example.org');
    expect(newPerson.status).toBe(200);
    expect(newPerson.body.documents).toEqual([]);
    const download = await call(invoicesDownload, { body: { regId: regNo, email: 'meera@example.org', number: reg.invoiceNumber }, ip: freshIp() });
    expect(download.status).toBe(404);
    expect(download.text).not.toContain('Karnataka');

    // The same answer for a wrong e-mail as for an unknown registration.
    const wrong = await lookup('someone@example.org');
    const unknown = await lookup('asha@example.org', 'PESGRE25-ZZZZZZZZ');
    expect(wrong.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(wrong.body).toEqual(unknown.body);

    const mine = await fetchPdf(regNo, 'asha@example.org', reg.invoiceNumber!);
    expect(mine).toContain('Dr Asha Kulkarni');
  });
});

async function fetchPdf(regId: string, email: string, number: string): Promise<string> {
  const res = await invoicesDownload(new Request('http://localhost/api/invoices/download', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ regId, email, number }) }), { ip: freshIp(), deploy: { context: 'dev' } });
  expect(res.status).toBe(200);
  return pdfText(new Uint8Array(await res.arrayBuffer()));
}

describe('name change e-mail', () => {
  it('tells the registered address the old and the new name, with the same ticket', async () => {
    pinClock(beforeRefundDeadline());
    const { regNo } = await registerPaid();
    expect((await call(updateName, { body: { ...registrant(regNo), title: 'Prof', firstName: 'Asha', lastName: 'Rao' }, ip: freshIp() })).status).toBe(200);
    const [mail, ...more] = await mailsAbout(regNo, /registered name changed/);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`${conference.name} registered name changed — ${regNo}`);
    expect(mail!.to?.[0]?.address).toBe('asha@example.org');
    expect(mail!.text).toContain('"Dr Asha Kulkarni" to "Prof Asha Rao"');
    expect(decodeQrPng(mail!.attachments.find((a) => a.filename === `ticket-${regNo}.png`)!.content)).toBe(await ticketText(regNo, 0));
  });
});

