/**
 * Visa invitation letters: the request and decision schemas, the passport-validity
 * rule and the statuses. Isomorphic: the request page validates with the same schema and rule
 * as POST /api/visa-letters/request.
 */
import * as z from 'zod/mini';
import { conference } from '../content/conference';
import { visaLetters } from '../content/visa-letters';
import { registrantRequest } from './api';
import { COUNTRIES } from './countries';
import { PAPER_TITLE_MAX_LENGTH } from './papers';
import { printable } from './printable-text';

/** `date` (YYYY-MM-DD) plus `months` calendar months, the day clamped to the month's last day (31 Aug + 6 months = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/** The first expiry date a passport may carry: six months after the conference's last day (2026-06-21). */
export function earliestPassportExpiry(): string {
  return addMonths(conference.endDate, visaLetters.passportValidityMonths);
}

/** The message of the six-month rule. */
export const PASSPORT_VALIDITY_MESSAGE = `Your passport must be valid at least ${visaLetters.passportValidityMonths} months after the conference, that is until ${addMonths(conference.endDate, visaLetters.passportValidityMonths)} or later.`;

const isoDate = (label: string) =>
  z.string({ error: `${label} is required.` }).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD).`),
    z.refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${label} is not a valid date.`),
  );

/** POST /api/visa-letters/request (docs/operations.md#visa-invitation-letters; decision 016), plus the optional paper title when the papers are not imported. */
export const visaLetterRequest = z
  .extend(registrantRequest, {
    passportName: z
      .string({ error: 'Full name as in the passport is required.' })
      .check(z.trim(), z.minLength(2, 'Full name as in the passport is required.'), z.maxLength(120, 'At most 120 characters.'), printable()),
    nationality: z.string({ error: 'Nationality is required.' }).check(z.refine((v) => COUNTRIES.includes(v), 'Please choose your nationality from the list.')),
    passportNumber: z
      .string({ error: 'Passport number is required.' })
      .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z0-9]{5,20}$/, 'A passport number has 5 to 20 letters and digits.')),
    passportIssueDate: isoDate('Date of issue'),
    passportExpiryDate: isoDate('Date of expiry'),
    dateOfBirth: isoDate('Date of birth'),
    paperTitle: z.optional(z.string({ error: 'Must be text.' }).check(z.trim(), z.maxLength(PAPER_TITLE_MAX_LENGTH, `At most ${PAPER_TITLE_MAX_LENGTH} characters.`), printable())),
  })
  .check(
    z.refine((v) => v.passportExpiryDate >= earliestPassportExpiry(), { message: PASSPORT_VALIDITY_MESSAGE, path: ['passportExpiryDate'] }),
    z.refine((v) => v.passportIssueDate < v.passportExpiryDate, { message: 'The date of issue must come before the date of expiry.', path: ['passportIssueDate'] }),
    z.refine((v) => v.dateOfBirth < v.passportIssueDate, { message: 'The date of birth must come before the date of issue.', path: ['dateOfBirth'] }),
  );
export type VisaLetterRequest = z.output<typeof visaLetterRequest>;

/** POST /api/admin/visa-letters/decide (docs/operations.md#visa-invitation-letters; decision 016). A rejection needs a reason. */
export const visaLetterDecision = z
  .object({
    reference: z.string({ error: 'reference is required.' }).check(z.regex(/^[A-Z0-9-]{6,40}$/, 'reference is not a letter reference.')),
    decision: z.enum(['approve', 'reject'], { error: "decision must be 'approve' or 'reject'." }),
    reason: z.optional(z.string({ error: 'Must be text.' }).check(z.trim(), z.maxLength(500, 'At most 500 characters.'))),
  })
  .check(z.refine((v) => v.decision === 'approve' || Boolean(v.reason), { message: 'A rejection needs a reason.', path: ['reason'] }));

/** What a letter request became. `revoked` is derived: an approved letter whose registration was cancelled. */
export type VisaLetterStatus = 'requested' | 'approved' | 'rejected' | 'revoked';

/** One row of the admin queue (GET /api/admin/visa-letters): passport fields included, admins only. */
export interface VisaLetterItem {
  reference: string;
  registrationNumber: string;
  status: VisaLetterStatus;
  requestedAt: string;
  decidedAt?: string;
  reason?: string;
  /** Null once the passport data was deleted (90 days after the conference). */
  passport: { passportName: string; nationality: string; passportNumber: string; passportIssueDate: string; passportExpiryDate: string; dateOfBirth: string } | null;
  paper: { id: string; title: string } | null;
}

/** GET /api/visa-letters/verify: exactly these three fields. */
export interface VisaLetterVerification {
  reference: string;
  name: string;
  valid: boolean;
}
