/**
 * The Conference Organizing Committee (docs/rules.md#the-information-pages): every role it lists, in its
 * order, with the members and affiliations of the public facts of PESGRE 2025.
 *
 * Choices where the facts and docs/rules.md differ:
 *  - The facts' headings 'Honorary Chair' and 'Finance Chair' list several people; the
 *    plural role titles of docs/rules.md are kept.
 *  - The facts name two different sets of student and young professional chairs: the committee
 *    page's (used here) and the Students & YPs page's (used on that page, src/content/students-yp.ts).
 *    docs/rules.md lists chairs on both pages without saying they must agree, so each page keeps its own.
 *  - An affiliation is the institution (with the person's role there, where the facts give one),
 *    then city or region and country as far as the facts give them. One name is given as the facts
 *    have it ('Holtz', without a first name).
 */
import type { CommitteeMember, CommitteeRole } from './types';

/** A member: name and affiliation as one line. */
function m(name: string, affiliation: string): CommitteeMember {
  return { name, affiliation };
}

/** The committee's roles, in the order of docs/rules.md#the-information-pages, each with its members. */
export const committee: CommitteeRole[] = [
  {
    role: 'General Co-Chairs',
    members: [
      m('Satish Naik Banavath', 'Indian Institute of Technology Dharwad, Karnataka, India'),
      m('Dmitri Vinnikov', 'Tallinn University of Technology, Estonia'),
      m('Sheldon Williamson', 'Ontario Tech University, Canada'),
    ],
  },
  {
    role: 'Patron',
    members: [
      m('Venkappayya R Desai', 'Director, IIT Dharwad'),
    ],
  },
  {
    role: 'Honorary Chairs',
    members: [
      m('Andy Knight', 'President, IEEE IAS'),
      m('Brad Lehman', 'President, IEEE PELS'),
      m('Milos Manic', 'President, IEEE IES'),
      m('Shay Bahramirad', 'President, IEEE PES'),
      m('Muhammed Kasim S', 'Chair, IEEE Kerala Section'),
      m('Vasanthi V', 'Chair, IA/IE/PELS Jt. Chapter Kerala Section'),
    ],
  },
  {
    role: 'Technical Program Chairs',
    members: [
      m('Abhijit Kshirsagar', 'IIT Dharwad, India'),
      m('Andrii Chub', 'Tallinn University of Technology, Estonia'),
      m('Rajendra Singh', 'Clemson University, USA'),
      m('Bijuna Kunju K', 'TKMCE, Kollam, India'),
    ],
  },
  {
    role: 'Special Session Chairs',
    members: [
      m('Deepak Ronanki', 'IIT Madras, India'),
      m('Sertac Bayhan', 'Hamad Bin Khalifa University, Qatar'),
      m('Sairaj Dhople', 'University of Minnesota, USA'),
    ],
  },
  {
    role: 'Publication Chairs',
    members: [
      m('Srinivas Bhaskar Karanki', 'IIT Bhubaneswar, India'),
      m('Amarkumar Ayodhyasingh Kushwaha', 'IIT Dharwad, India'),
      m('Jaison Mathew', 'Government Engineering College Thrissur, Kerala, India'),
    ],
  },
  {
    role: 'Publicity Chairs',
    members: [
      m('Animesh Kumar Sahoo', 'IIT Dharwad, India'),
      m('Naga Brahmendra', 'IIT Palakad, India'),
      m('Biju K', 'APJ Abdul Kalam Technological University, Kerala, India'),
      m('Kalpana R', 'NIT Karnataka, India'),
    ],
  },
  {
    role: 'Finance Chairs',
    members: [
      m('Satish Naik Banavath', 'IIT Dharwad, India'),
      m('Prathyasa Bhui', 'IIT Dharwad, India'),
      m('Sabiq P V', 'Treasurer, IEEE Kerala Section, India'),
    ],
  },
  {
    role: 'International Advisory Board',
    members: [
      m('S C Srivasthava', 'IIT Kanpur, India'),
      m('Amit Kumar Gupta', 'Rolls Royce, Singapore'),
      m('Bhim Singh', 'IIT Delhi, India'),
      m('C. Chakraborty', 'Indian Institute of Technology Kharagpur, India'),
      m('Chun Che Fung', 'Director, IEEE R10'),
      m('Drazen Dujic', 'EPFL, Switzerland'),
      m('Enrique Romero Cadaval', 'University of Extremadura, Spain'),
      m('Frede Blaabjerg', 'Aalborg University'),
      m('G. Bhuvaneswari', 'Mahindra University, India'),
      m('Giovanni De Carne', 'KIT, Germany'),
      m('Gopakumar K', 'IISc Bangalore, India'),
      m('Holtz', 'University of Wuppertal, Germany'),
      m('J. Rabkowski', 'Warsaw University of Technology, Poland'),
      m('Johann W. Kolar', 'ETH Zurich, Switzerland'),
      m('Kaushik Rajashekara', 'University of Houston, Texas, USA'),
      m('L Umanand', 'IISc Bangalore, India'),
      m('Mariusz Malinowski', 'Warsaw University of Technology, Poland'),
      m('Pragasen Pillai', 'Concordia University, Canada'),
      m('Prasad Enjeti', 'Texas A&M University, USA'),
      m('S S Murthy', 'BoG Member, IIT Dharwad'),
      m('Subba Reddy B', 'IISc Bangalore'),
      m('S. Norrga', 'KTH Royal Institute of Technology, Sweden'),
      m('Sameer S M', 'Secretary, IEEE R10'),
      m('Samir Kouro', 'Universidad Tecnica Federico Santa Maria Valparaiso, Chile'),
      m('Sanjib Panda', 'NUS Singapore'),
      m('Suresh Nair', 'Immediate Past Chair, IEEE India Council'),
      m('Vivek Agarwal', 'IIT Bombay, India'),
      m('V. Fernão Pires', 'Polytechnic Institute of Setubal, Portugal'),
    ],
  },
  {
    role: 'Student and Young Professional Chairs',
    members: [
      m('Edivan Laercio Carvalho da Silva', 'Tallinn University of Technology, Estonia'),
      m('Filipe Pinarello Scalcon', 'University of Calgary, Canada'),
      m('Sai Ram Boggavarapu', 'IIT Dharwad, India'),
    ],
  },
];
