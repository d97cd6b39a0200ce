/**
 * Sponsorship (docs/rules.md#the-information-pages, Industry Sponsor page): introduction, packages and the
 * brochure. SAMPLE: docs/rules.md names no packages or amounts, so they are invented placeholders;
 * the public/ brochure PDF is generated from this module.
 */

import type { SponsorshipPackage } from './types';

/** Sample packages (the committee sets the real ones). */
const packages: SponsorshipPackage[] = [
  {
    name: 'Platinum',
    amountINR: 500000,
    benefits: [
      'Logo on the conference website, banners and proceedings cover page',
      'Exhibition booth in a prime location',
      'A 20-minute talk in an industry session',
      'Four complimentary full registrations',
    ],
  },
  {
    name: 'Gold',
    amountINR: 300000,
    benefits: [
      'Logo on the conference website and banners',
      'Exhibition booth',
      'A 10-minute talk in an industry session',
      'Three complimentary full registrations',
    ],
  },
  {
    name: 'Silver',
    amountINR: 150000,
    benefits: ['Logo on the conference website', 'Exhibition table', 'Two complimentary full registrations'],
  },
  {
    name: 'Bronze',
    amountINR: 75000,
    benefits: ['Logo on the conference website', 'One complimentary full registration'],
  },
];

/** Text, sample packages and brochure files of the Industry Sponsor page. */
export const sponsorship = {
  /** Why and how to sponsor. */
  intro: [
    'PESGRE 2025 brings together researchers, engineers, students and industry leaders in power electronics, smart grids and renewable energy. Sponsoring the conference puts your organisation in front of this community.',
    'Sponsors can exhibit products, present their work in industry sessions, meet students looking for careers and support the next generation of engineers. Tell us about your interest through the sponsorship interest form and the organising committee will get in touch.',
  ],
  /** Sample packages (the committee sets the real ones). */
  packages,
  /** Brochure image shown on the page (public/, 800 x 1100). */
  brochureImage: '/images/sponsorship-brochure.svg',
  /** Downloadable brochure (public/). */
  brochurePdf: '/docs/pesgre2025-sponsorship-brochure.pdf',
  /** Packages, amounts and benefits are sample content. */
  sample: true,
} as const;
