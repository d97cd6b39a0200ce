/**
 * Keynote, tutorial and IES SYP keynote speakers (docs/rules.md#the-information-pages), with the names,
 * positions and affiliations of the public facts of PESGRE 2025.
 *
 * - No photo is copied: every card shows the speaker's initials (docs/rules.md#the-information-pages: the photo is optional).
 * - The facts give no biographies and no talk titles, so each biography is sample text
 *   (`bio.sample`, shown with a SAMPLE badge) until the speaker sends one.
 * - docs/rules.md#the-information-pages counts 11 tutorial speakers; the facts name 10. The eleventh card is a sample slot
 *   (`sample: true`) for the committee to fill or remove together with the count in
 *   tests/unit/content.test.ts.
 */
import type { Speaker } from './types';

/** A speaker from the facts: name and title are real, the biography is a sample line. */
function speaker(name: string, title: string): Speaker {
  return {
    name,
    title,
    bio: { text: `${name} speaks at PESGRE 2025. A short biography will appear here once the speaker has sent one.`, sample: true },
  };
}

/** The 4 keynote speakers. */
export const keynoteSpeakers: Speaker[] = [
  speaker('Drazen Dujic', 'Associate Professor; Head of the Power Electronics Laboratory, EPFL, Switzerland (Fellow, IEEE)'),
  speaker('Mariusz Malinowski', 'Professor, Institute of Control and Industrial Electronics, Warsaw University of Technology (WUT), Poland (Fellow, IEEE)'),
  speaker('Rajendra Singh', 'Houser Banks Distinguished Professor, Clemson University, USA (Fellow, IEEE)'),
  speaker('Baylon G. Fernandes', 'Professor, Department of Electrical Engineering, IIT Bombay, India (Senior Member, IEEE)'),
];

/** The 11 tutorial speaker cards: the 10 speakers of the facts, then one sample slot. */
export const tutorialSpeakers: Speaker[] = [
  speaker('Abhinav Arya', 'Assistant Professor, IIT Bhubaneswar, India'),
  speaker('Aravind H S', 'Director, R&D, Schneider Electric, India'),
  speaker('Calina Ciuhu', 'Assistant Professor, Eindhoven University of Technology (TU/e), The Netherlands'),
  speaker('Francesca Grazian', 'Assistant Professor, Eindhoven University of Technology (TU/e), The Netherlands'),
  speaker('Gourahari Nayak', 'Senior Design Engineer, Schneider Electric, Bangalore'),
  speaker('Mattia Ricco', 'Associate Professor, University of Bologna, Italy'),
  speaker('Oleksandr Husev', 'Associate Professor, Gdansk University of Technology, Poland'),
  speaker('Riccardo Mandrioli', 'Tenure Track Assistant Professor, University of Bologna, Italy'),
  speaker('Sandeep Anand', 'Professor, IIT Bombay, India'),
  speaker('Shan S', 'Senior Principal Technical Expert, Schneider Electric, Bangalore'),
  {
    name: 'Tutorial speaker to be announced',
    title: 'To be announced',
    bio: { text: 'A further tutorial may be announced here.', sample: true },
    sample: true,
  },
];

/** The 1 keynote of the IES student and young professional (SYP) session (the facts give no position, only the affiliation). */
export const iesSypKeynotes: Speaker[] = [
  speaker('Alon Kuperman', 'Ben-Gurion University of the Negev, Israel'),
];
