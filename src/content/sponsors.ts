/**
 * Sponsor and organiser logos (docs/rules.md#the-information-pages): the Home page and the Industry Sponsor
 * page show the same 17 sponsor cards, each with a relative width.
 *
 * The sponsors and organisers are those of the public facts of PESGRE 2025. No logo is copied:
 * each card shows a plain lettermark drawn by scripts/assets/generate-svgs.ts from the name, and
 * the name as its caption. Choices where the facts and docs/rules.md differ:
 *  - The facts show 12 sponsor logos and one more sponsor (Convergent Technologies, Silver) only
 *    on a poster: 13 real sponsors. docs/rules.md#the-information-pages counts 17 cards, so the last 4 are sample slots
 *    (`sample: true`, an open sponsorship offer) for the committee to fill or remove together
 *    with the count in tests/unit/content.test.ts.
 *  - Widths: the facts give a relative multiplier (1, 2 or 3 card widths); the grid here has equal
 *    cells, so the multiplier becomes how much of its cell the mark fills (1 → 70 %, 2 → 85 %, 3 → 100 %).
 *  - Tiers come from the facts' poster file names (Platinum, Gold, Silver, Bronze) where known.
 *  - The facts list a second IEEE Kerala logo whose file name suggests the IA/IE/PELS joint
 *    chapter; it is named as that chapter, which the facts list among the organising bodies.
 */
import type { LogoCard } from './types';

const widthOf = { 1: 70, 2: 85, 3: 100 } as const;

/** [name, facts' width multiplier, tier or ''] of each real sponsor, in the facts' order. */
const realSponsors: Array<[string, 1 | 2 | 3, string]> = [
  ['JSC Group', 1, 'Platinum'],
  ['Pragna Microdesigns', 1, 'Gold'],
  ['Tektronix', 2, 'Silver'],
  ['Test Better', 3, ''],
  ['KREDL', 1, ''],
  ['Hioki', 1, 'Gold'],
  ['Chargehouse', 1, 'Bronze'],
  ['Typhoon HIL', 1, 'Bronze'],
  ['Amara Raja', 1, ''],
  ['Comsol', 2, ''],
  ['IFB', 1, ''],
  ['ReliamotiveLab', 2, ''],
  ['Convergent Technologies', 1, 'Silver'],
];

const src = (index: number) => `/images/sponsors/sponsor-${String(index + 1).padStart(2, '0')}.svg`;

/** The 17 sponsor cards, in display order: 13 real sponsors, then 4 sample slots. */
export const sponsors: LogoCard[] = [
  ...realSponsors.map(([name, width, tier], index): LogoCard => ({
    src: src(index),
    alt: name,
    width: widthOf[width],
    caption: tier ? `${name} · ${tier}` : name,
  })),
  ...[1, 2, 3, 4].map(
    (n): LogoCard => ({
      src: src(realSponsors.length + n - 1),
      alt: `Open sponsor slot ${n}`,
      width: 70,
      caption: 'Your logo here',
      sample: true,
    }),
  ),
];

/** [name, lettermark] of each organiser, in the facts' order. */
const organiserNames: Array<[string, string]> = [
  ['IIT Dharwad', 'IITDh'],
  ['IEEE', 'IEEE'],
  ['IEEE Industry Applications Society', 'IAS'],
  ['IEEE Kerala Section', 'KS'],
  ['IEEE IA/IE/PELS Joint Chapter Kerala', 'JC'],
  ['IEEE Industrial Electronics Society', 'IES'],
  ['IEEE Power Electronics Society', 'PELS'],
  ['IEEE Power & Energy Society', 'PES'],
];

/** The lettermark each organiser's generated logo shows, by its alt text. */
export const organiserMarks: ReadonlyMap<string, string> = new Map(organiserNames);

/** The 8 organiser cards (no width: they share one size). */
export const organisers: LogoCard[] = organiserNames.map(([name], index) => ({
  src: `/images/organisers/organiser-${index + 1}.svg`,
  alt: name,
  caption: name,
}));
