/**
 * The internal call by which a payment function hands an applied order's e-mail to the
 * `mail-send` function (docs/decisions/053-mail-hand-off.md): its path and the body's schema.
 * Not called by the browser; here so the sender and the function validate one shape.
 */
import * as z from 'zod/mini';
import { registrationNumberSchema } from './api';

/** The mail-send function's path (netlify/functions/mail-send.ts). */
export const MAIL_SEND_PATH = '/api/internal/mail-send';

/** Header carrying the hand-off's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const MAIL_SEND_SIGNATURE_HEADER = 'x-pesgre-mail-signature';

/** The notices a function may hand off besides an order's e-mail; each is composed from what is stored. */
export const MAIL_NOTICE_KINDS = ['cancellation-requested', 'cancellation-decided', 'refund-paid', 'late-payment-refunded'] as const;
export type MailNoticeKind = (typeof MAIL_NOTICE_KINDS)[number];

/**
 * POST /api/internal/mail-send, one of:
 * - `{registrationNumber, lease}`: the e-mail of the order just applied to the registration;
 *   `lease` is the score (ms since the epoch) the hand-off gave it in the `mail:retry` set, and
 *   it is sent only while that lease is still the entry's (netlify/server/mail-handoff.ts);
 * - `{registrationNumber, notice, id, ref?}`: one notice (MAIL_NOTICE_KINDS) of the registration,
 *   `id` a UUID naming this hand-off (sent at most once), `ref` the late payment's id for
 *   `late-payment-refunded`.
 */
export const mailSendRequest = z.union([
  z.strictObject({
    registrationNumber: registrationNumberSchema,
    lease: z.int().check(z.positive('lease must be a positive whole number of ms.')),
  }),
  z.strictObject({
    registrationNumber: registrationNumberSchema,
    notice: z.enum(MAIL_NOTICE_KINDS, { error: `notice must be one of ${MAIL_NOTICE_KINDS.join(', ')}.` }),
    id: z.uuid({ error: 'id must be a UUID.' }),
    ref: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_]{1,64}$/, 'ref is malformed.'))),
  }),
]);

export type MailSendRequest = z.infer<typeof mailSendRequest>;
