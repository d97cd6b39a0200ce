/**
 * Visa invitation letters: who signs them, the letterhead text, the reference format
 * and how long passport data is kept. The committee replaces every value marked `sample: true`
 * before the first letter goes out (`npm run content:report` lists them).
 */
export const visaLetters = {
  /** SAMPLE: the signatory named on every letter (the committee names the real one). */
  signatory: { sample: true, name: 'Prof. A. B. Chairperson', designation: 'General Chair, PESGRE 2025, IIT Dharwad' },
  /** The host's letterhead, as text (no copied logos). */
  letterhead: {
    sample: true,
    lines: ['Indian Institute of Technology Dharwad', 'Permanent Campus, Chikkamalligawad, Dharwad 580007, Karnataka, India', 'pesgre2025@iitdh.ac.in'],
  },
  /** Letter references: `{referencePrefix}-{10 characters}`, e.g. PESGRE25-VL-7K2M9QX4RB. */
  referencePrefix: 'PESGRE25-VL',
  /** The passport must be valid at least this many months after the conference's last day (Indian e-conference visa rule). */
  passportValidityMonths: 6,
  /** Passport data is deleted this many days after the conference's last day (scheduled function visa-data-purge). */
  retentionDaysAfterConference: 90,
} as const;
