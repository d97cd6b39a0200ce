/**
 * Certificates of attendance: when delegates may download theirs, and who signs them.
 * The next edition's committee edits this file. Tests pin the server clock around `opensAt`.
 */
export const certificates = {
  /** From this instant (ISO, IST) /certificates hands out certificates: the evening of the last conference day. */
  opensAt: '2025-12-21T18:00:00+05:30',
  /** The signatory printed at the foot of every certificate. */
  signatory: { name: 'Satish Naik Banavath', role: 'General Co-Chair, PESGRE 2025' },
  /** Prefix of every certificate number (then 10 characters). */
  numberPrefix: 'PESGRE25-CERT',
} as const;
