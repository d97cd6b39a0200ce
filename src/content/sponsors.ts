/**
 * Sponsor and organiser logos (spec part 1 sections 2, 3): the Home page and the Industry Sponsor
 * page show the same 17 sponsor logos, each with a relative width. SAMPLE: the spec shows no
 * sponsor names, so every name (the alt text) is an invented placeholder (`sample: true`).
 * Logos are 320 x 160 SVGs in public/images/sponsors/ and public/images/organisers/.
 */
import type { SampleLogoCard } from './types';

const sponsorNames = [
  'Voltaic Example Power Systems',
  'Sample Semiconductors',
  'Gridwise Demo Energy',
  'Example Drives and Controls',
  'Placeholder Solar Works',
  'Demo Battery Technologies',
  'Sample Instruments and Measurement',
  'Example Grid Automation',
  'Mockup Magnetics',
  'Specimen EV Charging',
  'Sample Wind Energy',
  'Example Cable and Wire',
  'Demo Simulation Software',
  'Placeholder Power Modules',
  'Sample Smart Meters',
  'Example Lighting Solutions',
  'Demo Transformer Works',
] as const;

/** Relative logo widths in percent of the grid cell (wordmarks need more room than square marks). */
const sponsorWidths = [100, 90, 80, 85, 70, 95, 75, 80, 60, 90, 70, 65, 85, 75, 80, 70, 90] as const;

/** The 17 sponsor logos, in display order: src, alt (the sample sponsor's name) and relative width. */
export const sponsors: SampleLogoCard[] = sponsorNames.map((name, index) => ({
  src: `/images/sponsors/sponsor-${String(index + 1).padStart(2, '0')}.svg`,
  alt: `${name} (sample sponsor)`,
  width: sponsorWidths[index] ?? 80,
  sample: true,
}));

/** The 4 organiser logos (no width: they share one size). */
export const organisers: SampleLogoCard[] = [
  { src: '/images/organisers/organiser-1.svg', alt: 'Host institute (sample organiser logo)', sample: true },
  { src: '/images/organisers/organiser-2.svg', alt: 'Technical sponsor society (sample organiser logo)', sample: true },
  { src: '/images/organisers/organiser-3.svg', alt: 'Industrial electronics society chapter (sample organiser logo)', sample: true },
  { src: '/images/organisers/organiser-4.svg', alt: 'Regional section (sample organiser logo)', sample: true },
];
