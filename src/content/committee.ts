/**
 * The Conference Organizing Committee (spec part 1 section 2): every role the spec lists, in its
 * order. SAMPLE: the spec shows no names, so every member is an invented placeholder
 * (`sample: true`); the committee replaces them with the real members.
 */
import type { SampleCommitteeMember, SampleCommitteeRole } from './types';

/** A sample member: an invented name and affiliation. */
function member(name: string, affiliation: string): SampleCommitteeMember {
  return { name, affiliation, sample: true };
}

/** The committee's roles, in the spec's order, each with its (sample) members. */
export const committee: SampleCommitteeRole[] = [
  {
    role: 'General Co-Chairs',
    members: [
      member('Prof. Asha Placeholder', 'Sample Institute of Technology, India'),
      member('Prof. Martin Example', 'Example University of Applied Sciences, Germany'),
      member('Dr. Ravi Samplekumar', 'Demo Institute of Engineering, India'),
    ],
  },
  {
    role: 'Patron',
    members: [member('Prof. Venkat Demo', 'Director, Sample Institute of Technology, India')],
  },
  {
    role: 'Honorary Chairs',
    members: [
      member('Prof. Helena Mustermann', 'Example Technical University, Austria'),
      member('Prof. Suresh Placeholder', 'Sample National Institute of Technology, India'),
    ],
  },
  {
    role: 'Technical Program Chairs',
    members: [
      member('Dr. Kavya Example', 'Sample Institute of Technology, India'),
      member('Prof. Luis Ejemplo', 'Universidad de Ejemplo, Spain'),
      member('Dr. Priya Testwal', 'Demo University, India'),
      member('Prof. Kenji Sampleda', 'Example Institute of Science, Japan'),
    ],
  },
  {
    role: 'Special Session Chairs',
    members: [
      member('Dr. Arjun Placeholder', 'Example Engineering College, India'),
      member('Prof. Chiara Esempio', 'Università di Esempio, Italy'),
    ],
  },
  {
    role: 'Publication Chairs',
    members: [
      member('Dr. Neha Sample', 'Sample Institute of Technology, India'),
      member('Dr. Tomás Exemplo', 'Universidade Exemplo, Portugal'),
    ],
  },
  {
    role: 'Publicity Chairs',
    members: [
      member('Dr. Farah Demo', 'Example University, United Arab Emirates'),
      member('Dr. Rohan Testwell', 'Demo Institute of Engineering, India'),
    ],
  },
  {
    role: 'Finance Chairs',
    members: [
      member('Dr. Lakshmi Ledger', 'Sample Institute of Technology, India'),
      member('Mr. Anil Example', 'Sample Institute of Technology, India'),
    ],
  },
  {
    role: 'International Advisory Board',
    members: [
      member('Prof. Jane Doe', 'Example State University, USA'),
      member('Prof. John Doe', 'Sample College London, United Kingdom'),
      member('Prof. Erika Mustermann', 'Beispiel Technical University, Germany'),
      member('Prof. Sipho Example', 'University of Sampletown, South Africa'),
      member('Prof. Mei Placeholder', 'Example University of Technology, Australia'),
      member('Prof. Omar Demo', 'Sample University of Science, Qatar'),
    ],
  },
  {
    role: 'Student and Young Professional Chairs',
    members: [
      member('Dr. Sneha Placeholder', 'Sample Institute of Technology, India'),
      member('Mr. Daniel Example', 'Example University, Canada'),
    ],
  },
];
