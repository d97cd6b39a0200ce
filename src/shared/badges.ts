/**
 * Name badges and the days a registration covers: the badge category
 * of a registration, its colour band, and the badge list's filters. Isomorphic, no I/O: the
 * badge PDF (netlify/server/badges-pdf.ts) and the admin page both call it.
 */
import { z } from 'zod';
import { conference } from '../content/conference';
import { committee } from '../content/committee';
import { iesSypKeynotes, keynoteSpeakers, tutorialSpeakers } from '../content/speakers';
import { daysFromTo, doorRefusal } from './checkin';
import type { StatusFields } from './registration-status';
import { fullName } from './person-name';
import { isStudentTier } from './pricing';

/** The five badge categories, each with its colour band (RGB 0-1) and the word printed on it. */
export const BADGE_CATEGORIES = {
  organiser: { label: 'ORGANISER', rgb: [0.78, 0.16, 0.16] },
  speaker: { label: 'SPEAKER', rgb: [0.42, 0.18, 0.62] },
  author: { label: 'AUTHOR', rgb: [0.05, 0.45, 0.3] },
  student: { label: 'STUDENT', rgb: [0.9, 0.55, 0.05] },
  delegate: { label: 'DELEGATE', rgb: [0.1, 0.32, 0.66] },
} as const satisfies Record<string, { label: string; rgb: readonly [number, number, number] }>;
export type BadgeCategory = keyof typeof BADGE_CATEGORIES;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^\p{L}\p{N} ]/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();
const organisers = new Set(committee.flatMap((r) => r.members.map((m) => fold(m.name))));
const speakers = new Set([...keynoteSpeakers, ...tutorialSpeakers, ...iesSypKeynotes].map((s) => fold(s.name)));

/** A registration's fields the badge rules read. */
export interface BadgeSource {
  title?: string;
  firstName: string;
  lastName: string;
  registrationTier: string;
  noPaper?: boolean;
  paperId?: string;
}

/**
 * The category of a registrant: organiser or speaker when the name (without title, accents or
 * punctuation) is on the committee or speaker lists of src/content, else student for a student
 * tier, author when a paper is named, delegate otherwise.
 */
export function badgeCategory(r: BadgeSource): BadgeCategory {
  const name = fold(`${r.firstName} ${r.lastName}`);
  if (organisers.has(name)) return 'organiser';
  if (speakers.has(name)) return 'speaker';
  if (isStudentTier(r.registrationTier)) return 'student';
  if (!r.noPaper && r.paperId) return 'author';
  return 'delegate';
}

/** Every conference day (YYYY-MM-DD), first to last. */
export function conferenceDays(): string[] {
  return daysFromTo(conference.startDate, conference.endDate);
}

/**
 * The days a registration covers. Every tier of this edition covers the whole conference; a day
 * pass of a later edition would narrow it here.
 */
export function registrationDays(_tierId: string): string[] {
  return conferenceDays();
}

/** The badge list's filters (GET /api/admin/badges.pdf?day=&tier=&since=). */
export interface BadgeFilters {
  /** A conference day (YYYY-MM-DD): registrations that cover it. */
  day?: string;
  /** A tier id: registrations of that tier. */
  tier?: string;
  /** An ISO date or instant: registrations made at or after it (the new ones each morning). */
  since?: string;
}

/** `since` as epoch ms: a bare date is midnight in the conference's time zone (IST, +05:30). */
export function sinceInstant(since: string): number {
  return Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(since) ? `${since}T00:00:00+05:30` : since);
}

/** True when `r` gets a badge under `filters`: never a cancelled or unconfirmed registration. */
export function badgeSelected(r: BadgeSource & StatusFields & { createdAt: string }, filters: BadgeFilters): boolean {
  // Only a registration whose ticket admits its holder gets a badge (the door's rule, doorRefusal in checkin.ts; docs/decisions/013-registration-status.md).
  if (doorRefusal(r) !== null) return false;
  if (filters.tier && r.registrationTier !== filters.tier) return false;
  if (filters.day && !registrationDays(r.registrationTier).includes(filters.day)) return false;
  if (filters.since && Date.parse(r.createdAt) < sinceInstant(filters.since)) return false;
  return true;
}

/** The name printed on a badge: title, first and last name. */
export const badgeName = (r: BadgeSource) => fullName(r);

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
/** GET /api/admin/badges.pdf query: every filter optional; `regNo` reprints one badge (from the verifier). */
export const badgesQuerySchema = z.object({
  day: z.optional(z.string().check(z.regex(isoDay, 'day must be a date, YYYY-MM-DD.'))),
  tier: z.optional(z.string().check(z.regex(/^[a-z0-9_]{1,64}$/, 'tier must be a tier id.'))),
  since: z.optional(z.string().check(z.refine((v) => isoDay.test(v) || !Number.isNaN(Date.parse(v)), 'since must be a date (YYYY-MM-DD) or an ISO date-time.'))),
  regNo: z.optional(z.string().check(z.regex(/^[A-Z0-9]{1,20}-[A-Z0-9]{4,20}$/, 'regNo is not a registration number.'))),
});
