/**
 * External addresses the information pages link out to (docs/rules.md#the-information-pages): the paper
 * submission system (Microsoft CMT), the external forms and the maps embed of the IIT Dharwad
 * campus, all from the public facts of PESGRE 2025. The facts give no accommodation form: that
 * one address is a sample (`sampleLinks`) and shows a SAMPLE badge where it is used.
 */
import type { SampleLink } from './types';

/** Campus coordinates (the facts' map pin of the Indian Institute of Technology Dharwad). */
const campus = '15.485566,74.932346';

export const externalLinks = {
  /** The conference's paper-submission system (Microsoft CMT). */
  paperSubmission: 'https://cmt3.research.microsoft.com/PESGRE2025',
  /** External form for special-session proposals. */
  specialSessionProposalForm: 'https://forms.gle/WDmpw9AJqsFzdwPaA',
  /** Template of a special-session proposal (a shared document). */
  specialSessionTemplate: 'https://docs.google.com/document/d/1h63R1OjnEBVW82ivNBoR6wLz_6V1shOOg0_bxfrOToU/edit?usp=sharing',
  /** Guidelines for final (camera-ready) papers (a shared document). */
  finalPaperGuidelines: 'https://docs.google.com/document/d/1R_GRd8wJT1MmypM-NC2fTbGBN0KdIaOHGZqsuLTjH-0/edit?usp=sharing',
  /** External form to express sponsorship interest. */
  sponsorshipInterestForm:
    'https://docs.google.com/forms/d/e/1FAIpQLSfv5qWeqIBlt6HqSu7LHih7EVxirQPheVvgc0OhjqEl4pfpfA/viewform?usp=dialog',
  /** External form to apply for the IES student and young professional paper assistance (IES SYPA). */
  assistanceApplicationForm:
    'https://docs.google.com/forms/d/e/1FAIpQLSfDJMHFyZyRJBJlc_TQ_bHJJ0zqHNpgsjz3c9iXiK2FgVeusg/viewform?usp=preview',
  /** Google Maps embed of the campus, for an <iframe>. */
  mapEmbedUrl: `https://www.google.com/maps?q=${campus}&z=15&output=embed`,
  /** Google Maps at the campus, for a plain link. */
  mapLink: `https://www.google.com/maps/search/?api=1&query=${campus}`,
} as const;

/** Addresses the public facts do not give (sample until the committee sets them). */
export const sampleLinks = {
  /** External form for accommodation requests, including on-campus rooms for students. */
  accommodationForm: { url: 'https://forms.example.org/pesgre2025/accommodation', sample: true } satisfies SampleLink,
};
