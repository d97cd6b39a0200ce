/**
 * The navigation bar's entries (docs/rules.md#navigation), in order. The desktop bar and the
 * mobile drawer both render this one array.
 */
import { paths } from '../shared/routes';

/** An entry that navigates directly. */
export interface NavLinkEntry {
  label: string;
  to: string;
}

/** An entry that opens a dropdown (desktop) or expands (drawer) with its sub-entries. */
export interface NavGroupEntry {
  label: string;
  /** Stable id, used for the sub-list's element id (aria-controls). */
  id: string;
  children: NavLinkEntry[];
}

export type NavEntry = NavLinkEntry | NavGroupEntry;

/** True for an entry with sub-items. */
export function isGroup(entry: NavEntry): entry is NavGroupEntry {
  return 'children' in entry;
}

/**
 * True when `to` is the current page or an ancestor of it ('/' only matches itself), e.g.
 * Registration (/authors/registration) matches /authors/registration/details.
 */
export function matchesPath(to: string, pathname: string): boolean {
  const current = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (to === '/') return current === '/';
  return current === to || current.startsWith(`${to}/`);
}

/**
 * True when sub-entry `child` of `entry` is the current page: it matches the path and no other
 * sub-entry matches it more closely (the Programme, /program, is not current on
 * /program/keynote-speakers, whose own entry is).
 */
export function isCurrentChild(entry: NavGroupEntry, child: NavLinkEntry, pathname: string): boolean {
  return matchesPath(child.to, pathname) && !entry.children.some((other) => other.to.length > child.to.length && matchesPath(other.to, pathname));
}

/** True when one of a group's sub-entries matches the current path (the parent is highlighted too). */
export function groupMatches(entry: NavGroupEntry, pathname: string): boolean {
  return entry.children.some((child) => matchesPath(child.to, pathname));
}

/** The navigation bar's entries, in display order (docs/rules.md#navigation). */
export const navEntries: NavEntry[] = [
  { label: 'Home', to: paths.home },
  {
    label: 'About',
    id: 'about',
    children: [{ label: 'Organizing Committee', to: paths.organizingCommittee }],
  },
  {
    label: 'Authors',
    id: 'authors',
    children: [
      { label: 'Call for Papers', to: paths.callForPapers },
      { label: 'Call for Special Session', to: paths.callForSpecialSession },
      { label: 'Submission', to: paths.submission },
    ],
  },
  { label: 'Registration', to: paths.registrationInfo },
  {
    label: 'Program',
    id: 'program',
    children: [
      { label: 'Keynote Speakers', to: paths.keynoteSpeakers },
      { label: 'Tutorial Speakers', to: paths.tutorialSpeakers },
      { label: 'IES SYP Keynotes', to: paths.iesSypKeynotes },
      { label: 'Programme', to: paths.programme },
    ],
  },
  {
    label: 'Travel',
    id: 'travel',
    children: [
      { label: 'Visa Information', to: paths.visaInfo },
      { label: 'Accommodation', to: paths.accommodation },
      { label: 'Location', to: paths.location },
    ],
  },
  { label: 'Students & YPs', to: paths.studentsYp },
  { label: 'Sponsorship', to: paths.industrySponsor },
  { label: 'Contact', to: paths.contact },
];
