/**
 * External addresses the information pages link out to (spec part 1 section 7): the paper
 * submission system, the external forms and the maps embed.
 *
 * SAMPLE: the spec does not show the real addresses, so the forms and the submission system use
 * example.org placeholders; the committee replaces them here and nowhere else. The two map
 * addresses are real Google Maps URLs for the venue.
 */
export const externalLinks = {
  /** The placeholders below are sample addresses (see the module comment). */
  sample: true,
  /** External paper-submission system (SAMPLE address). */
  paperSubmission: 'https://submission.example.org/pesgre2025',
  /** External form for special-session proposals (SAMPLE address). */
  specialSessionProposalForm: 'https://forms.example.org/pesgre2025/special-session-proposal',
  /** External form for accommodation requests, including on-campus rooms for students (SAMPLE address). */
  accommodationForm: 'https://forms.example.org/pesgre2025/accommodation',
  /** External form to express sponsorship interest (SAMPLE address). */
  sponsorshipInterestForm: 'https://forms.example.org/pesgre2025/sponsorship-interest',
  /** External form to apply for the student and young professional paper-assistance programme (SAMPLE address). */
  assistanceApplicationForm: 'https://forms.example.org/pesgre2025/paper-assistance',
  /** Google Maps embed of the venue, for an <iframe>. */
  mapEmbedUrl: 'https://www.google.com/maps?q=IIIT+Dharwad&output=embed',
  /** Google Maps search for the venue, for a plain link. */
  mapLink: 'https://www.google.com/maps/search/?api=1&query=IIIT+Dharwad',
} as const;
