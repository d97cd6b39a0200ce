/**
 * Request schemas of the papers endpoints, zod/mini like src/shared/api.ts. Kept apart
 * from api.ts so only the admin papers page and the functions load them.
 */
import * as z from 'zod/mini';
import { ticketPayloadSchema } from './api';
import { NO_SHOW_REASON_REQUIRED } from './papers';

const paperIdSchema = z.string({ error: 'paperId is required.' }).check(z.trim(), z.minLength(1, 'paperId is required.'), z.maxLength(50, 'paperId is too long.'));
const column = z.optional(z.string({ error: 'A column name is text.' }).check(z.trim(), z.maxLength(100, 'A column name is at most 100 characters.')));

/**
 * The `mapping` field of a `format=csv` import: which header names the chair's file uses. The
 * authors are either one column of names and one of e-mails (separated by `;` or `,`), as CMT
 * writes them. `acceptedValues` are the status values that mean accepted (default: anything
 * starting with 'accept'); without a status column every row is an accepted paper.
 */
export const paperMappingSchema = z.object({
  paperId: z.string({ error: 'mapping.paperId names the Paper ID column.' }).check(z.trim(), z.minLength(1, 'mapping.paperId names the Paper ID column.')),
  title: z.string({ error: 'mapping.title names the title column.' }).check(z.trim(), z.minLength(1, 'mapping.title names the title column.')),
  authorNames: column,
  authorEmails: column,
  track: column,
  status: column,
  acceptedValues: z.optional(z.array(z.string().check(z.trim(), z.maxLength(60))).check(z.maxLength(20))),
  specialSession: column,
  organiser: column,
  /** Tracks that are special sessions, when no column says so. */
  specialSessionTracks: z.optional(z.array(z.string().check(z.trim(), z.maxLength(200))).check(z.maxLength(200))),
});
export type PaperMapping = z.infer<typeof paperMappingSchema>;

/**
 * POST /api/admin/papers/mark: the chair's hand mark, with a reason; `mark: null` clears it. Only
 * a no-show needs a reason: it is what IEEE's no-show list and the authors are told; a paper
 * presented or excused may carry one.
 */
export const paperMarkRequest = z
  .object({
    paperId: paperIdSchema,
    mark: z.nullable(z.enum(['presented', 'no-show', 'excused'], { error: "mark is 'presented', 'no-show', 'excused' or null." })),
    reason: z._default(z.string({ error: 'The reason is text.' }).check(z.trim(), z.maxLength(500, 'The reason is at most 500 characters.')), ''),
  })
  .check(z.refine((v) => v.mark !== 'no-show' || v.reason.length > 0, { message: NO_SHOW_REASON_REQUIRED, path: ['reason'] }));

/**
 * POST /api/admin/papers/scan (session mode): the scanned ticket, and the paper being presented.
 * Without paperId the answer lists the registrant's papers to pick from.
 */
export const paperScanRequest = z.object({
  ticket: ticketPayloadSchema,
  paperId: z.optional(paperIdSchema),
});

/** POST /api/admin/papers/mail: send the batch the preview showed (its batchId), once. */
export const paperMailRequest = z.object({
  batchId: z.string({ error: 'batchId is required.' }).check(z.regex(/^[a-f0-9]{16,64}$/, 'batchId is not a preview id.')),
});

/** POST /api/admin/papers/special-coupons: generate a special session's coupons, once. */
export const specialCouponsRequest = z.object({
  session: z.string({ error: 'session is required.' }).check(z.trim(), z.minLength(1, 'session is required.'), z.maxLength(200, 'session is too long.')),
});

/** POST /api/papers/check: the wizard's paper step asks whether a Paper ID is accepted. */
export const paperCheckRequest = z.object({ paperId: paperIdSchema });
