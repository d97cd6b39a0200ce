/**
 * A sample programme of the 2025 edition (docs/operations.md, 'The programme'): the accepted
 * papers and the sessions are invented (titles, authors, chairs, rooms and times), marked
 * `sample: true`; the days are the conference's (conference.ts) and the tracks its ten tracks
 * (tracks.ts). It is not read by the site, which shows only what the programme chair imports at
 * run time: `npm run programme:sample` writes it as the two files the admin pages import (the
 * accepted papers as a CSV with a header mapping, and the programme CSV), and with `--seed`
 * imports both into the running `npm start` stack. Delete it (and its files) once the real
 * programme is published.
 */

/** A sample accepted paper, with its authors' names and (example.org) addresses. */
export interface SamplePaper {
  paperId: string;
  title: string;
  track: string;
  authors: { name: string; email: string }[];
}

/** A row of the programme CSV (the columns of src/shared/programme.ts PROGRAMME_COLUMNS). */
export interface SampleSession {
  session_id: string;
  title: string;
  kind: 'keynote' | 'tutorial' | 'papers' | 'break' | 'other';
  track: string;
  room: string;
  date: string;
  start: string;
  end: string;
  chair: string;
  paper_ids: string[];
}

export const sampleProgramme: { title: string; sample: true; papers: SamplePaper[]; sessions: SampleSession[] } = {
  title: 'Sample programme of the 2025 edition (papers, sessions, rooms and chairs)',
  sample: true,
  papers: [
    { paperId: '101', title: 'Model predictive control of a dual active bridge converter', track: 'Power Electronic Converters and Control Systems', authors: [{ name: 'Neha Gowda', email: 'neha.gowda@example.org' }] },
    { paperId: '102', title: 'A soft-switched boost converter for fuel cells', track: 'Power Electronic Converters and Control Systems', authors: [{ name: 'Deepa Rao', email: 'deepa.rao@example.org' }, { name: 'Rahul Desai', email: 'rahul.desai@example.org' }] },
    { paperId: '103', title: 'Sliding mode control of a three-level inverter', track: 'Power Electronic Converters and Control Systems', authors: [{ name: 'Meera Desai', email: 'meera.desai@example.org' }, { name: 'Sneha Kumar', email: 'sneha.kumar@example.org' }] },
    { paperId: '104', title: 'Reduced-sensor control of an interleaved buck converter', track: 'Power Electronic Converters and Control Systems', authors: [{ name: 'Ravi Menon', email: 'ravi.menon@example.org' }] },
    { paperId: '105', title: 'Sensorless control of a permanent magnet motor for two-wheelers', track: 'Electric Machines, Drives and Electric Vehicles', authors: [{ name: 'Ravi Naik', email: 'ravi.naik@example.org' }, { name: 'Vikram Rao', email: 'vikram.rao@example.org' }, { name: 'Suresh Iyer', email: 'suresh.iyer@example.org' }] },
    { paperId: '106', title: 'Thermal model of an in-wheel motor', track: 'Electric Machines, Drives and Electric Vehicles', authors: [{ name: 'Divya Rao', email: 'divya.rao@example.org' }, { name: 'Shruti Kulkarni', email: 'shruti.kulkarni@example.org' }] },
    { paperId: '107', title: 'Regenerative braking of a three-wheeler drive', track: 'Electric Machines, Drives and Electric Vehicles', authors: [{ name: 'Anita Pillai', email: 'anita.pillai@example.org' }, { name: 'Deepa Rao', email: 'deepa.rao@example.org' }, { name: 'Harish Kumar', email: 'harish.kumar@example.org' }] },
    { paperId: '108', title: 'Fault-tolerant control of a six-phase machine', track: 'Electric Machines, Drives and Electric Vehicles', authors: [{ name: 'Divya Kumar', email: 'divya.kumar@example.org' }, { name: 'Sanjay Shetty', email: 'sanjay.shetty@example.org' }] },
    { paperId: '109', title: 'Voltage regulation of a campus microgrid', track: 'Smart Grid and Microgrid', authors: [{ name: 'Kavya Pillai', email: 'kavya.pillai@example.org' }] },
    { paperId: '110', title: 'Peer-to-peer energy trading in a housing colony', track: 'Smart Grid and Microgrid', authors: [{ name: 'Pooja Bhat', email: 'pooja.bhat@example.org' }] },
    { paperId: '111', title: 'Islanding detection with phasor data', track: 'Smart Grid and Microgrid', authors: [{ name: 'Anita Patil', email: 'anita.patil@example.org' }, { name: 'Vivek Hegde', email: 'vivek.hegde@example.org' }] },
    { paperId: '112', title: 'Frequency support from aggregated air conditioners', track: 'Smart Grid and Microgrid', authors: [{ name: 'Suresh Bhat', email: 'suresh.bhat@example.org' }, { name: 'Sneha Iyer', email: 'sneha.iyer@example.org' }, { name: 'Vivek Naik', email: 'vivek.naik@example.org' }] },
    { paperId: '113', title: 'Hosting capacity of rural feeders for rooftop solar', track: 'Renewable Energy Resources, Distributed Generation and Grid Interconnection', authors: [{ name: 'Priya Kulkarni', email: 'priya.kulkarni@example.org' }] },
    { paperId: '114', title: 'A grid-forming inverter for weak grids', track: 'Renewable Energy Resources, Distributed Generation and Grid Interconnection', authors: [{ name: 'Sanjay Joshi', email: 'sanjay.joshi@example.org' }, { name: 'Arjun Reddy', email: 'arjun.reddy@example.org' }] },
    { paperId: '115', title: 'Wind and solar hybrid plant scheduling', track: 'Renewable Energy Resources, Distributed Generation and Grid Interconnection', authors: [{ name: 'Nikhil Pillai', email: 'nikhil.pillai@example.org' }, { name: 'Meera Nair', email: 'meera.nair@example.org' }] },
    { paperId: '116', title: 'Low-voltage ride-through of a solar inverter', track: 'Renewable Energy Resources, Distributed Generation and Grid Interconnection', authors: [{ name: 'Suresh Reddy', email: 'suresh.reddy@example.org' }, { name: 'Pooja Nair', email: 'pooja.nair@example.org' }] },
    { paperId: '117', title: 'State of health of second-life batteries', track: 'Energy Storage and Battery Charging Technologies', authors: [{ name: 'Rahul Nair', email: 'rahul.nair@example.org' }] },
    { paperId: '118', title: 'A bidirectional charger for electric buses', track: 'Energy Storage and Battery Charging Technologies', authors: [{ name: 'Priya Kulkarni', email: 'priya.kulkarni@example.org' }, { name: 'Nikhil Rao', email: 'nikhil.rao@example.org' }, { name: 'Deepa Naik', email: 'deepa.naik@example.org' }] },
    { paperId: '119', title: 'Cell balancing with a switched capacitor', track: 'Energy Storage and Battery Charging Technologies', authors: [{ name: 'Divya Menon', email: 'divya.menon@example.org' }] },
    { paperId: '120', title: 'Fast charging of lithium iron phosphate cells', track: 'Energy Storage and Battery Charging Technologies', authors: [{ name: 'Divya Nair', email: 'divya.nair@example.org' }, { name: 'Neha Bhat', email: 'neha.bhat@example.org' }] },
    { paperId: '121', title: 'Harmonic mitigation in a textile mill', track: 'FACTS, Custom Power, Power Quality and EMI', authors: [{ name: 'Lakshmi Rao', email: 'lakshmi.rao@example.org' }, { name: 'Ravi Naik', email: 'ravi.naik@example.org' }] },
    { paperId: '122', title: 'A dynamic voltage restorer for a hospital feeder', track: 'FACTS, Custom Power, Power Quality and EMI', authors: [{ name: 'Kavya Patil', email: 'kavya.patil@example.org' }, { name: 'Rohan Kulkarni', email: 'rohan.kulkarni@example.org' }] },
    { paperId: '123', title: 'Conducted emission of a traction converter', track: 'FACTS, Custom Power, Power Quality and EMI', authors: [{ name: 'Lakshmi Nair', email: 'lakshmi.nair@example.org' }, { name: 'Vivek Hegde', email: 'vivek.hegde@example.org' }] },
    { paperId: '124', title: 'Reactive power support from a STATCOM', track: 'FACTS, Custom Power, Power Quality and EMI', authors: [{ name: 'Kavya Desai', email: 'kavya.desai@example.org' }, { name: 'Sanjay Bhat', email: 'sanjay.bhat@example.org' }] },
    { paperId: '125', title: 'Gate driver design for silicon carbide MOSFETs', track: 'Wide Band Gap Devices', authors: [{ name: 'Meera Nair', email: 'meera.nair@example.org' }, { name: 'Sanjay Naik', email: 'sanjay.naik@example.org' }] },
    { paperId: '126', title: 'A gallium nitride totem-pole rectifier', track: 'Wide Band Gap Devices', authors: [{ name: 'Shruti Kulkarni', email: 'shruti.kulkarni@example.org' }, { name: 'Asha Pillai', email: 'asha.pillai@example.org' }] },
    { paperId: '127', title: 'Short-circuit behaviour of SiC devices', track: 'Wide Band Gap Devices', authors: [{ name: 'Rahul Gowda', email: 'rahul.gowda@example.org' }, { name: 'Priya Reddy', email: 'priya.reddy@example.org' }] },
    { paperId: '128', title: 'Loss model of a GaN half bridge', track: 'Wide Band Gap Devices', authors: [{ name: 'Kavya Joshi', email: 'kavya.joshi@example.org' }] },
    { paperId: '129', title: 'Flicker-free LED driver for street lighting', track: 'Lighting and Illumination', authors: [{ name: 'Harish Naik', email: 'harish.naik@example.org' }, { name: 'Priya Hegde', email: 'priya.hegde@example.org' }] },
    { paperId: '130', title: 'Daylight-linked control of office lighting', track: 'Lighting and Illumination', authors: [{ name: 'Neha Kulkarni', email: 'neha.kulkarni@example.org' }] },
    { paperId: '131', title: 'A single-stage LED driver with high power factor', track: 'Lighting and Illumination', authors: [{ name: 'Lakshmi Kumar', email: 'lakshmi.kumar@example.org' }, { name: 'Priya Kulkarni', email: 'priya.kulkarni@example.org' }] },
    { paperId: '132', title: 'A hardware-in-the-loop laboratory for undergraduates', track: 'Power Electronic Education', authors: [{ name: 'Manoj Patil', email: 'manoj.patil@example.org' }, { name: 'Shruti Iyer', email: 'shruti.iyer@example.org' }] },
    { paperId: '133', title: 'Teaching converter design with open hardware', track: 'Power Electronic Education', authors: [{ name: 'Arjun Reddy', email: 'arjun.reddy@example.org' }] },
    { paperId: '134', title: 'Virtual laboratories for power electronics', track: 'Power Electronic Education', authors: [{ name: 'Harish Shetty', email: 'harish.shetty@example.org' }, { name: 'Asha Kumar', email: 'asha.kumar@example.org' }] },
    { paperId: '135', title: 'Tariff design for electric vehicle charging', track: 'Modern Power Systems, Energy Policies and Standards', authors: [{ name: 'Nikhil Kulkarni', email: 'nikhil.kulkarni@example.org' }, { name: 'Rohan Reddy', email: 'rohan.reddy@example.org' }] },
    { paperId: '136', title: 'Grid codes for inverter-based resources', track: 'Modern Power Systems, Energy Policies and Standards', authors: [{ name: 'Divya Shetty', email: 'divya.shetty@example.org' }, { name: 'Neha Desai', email: 'neha.desai@example.org' }] },
    { paperId: '137', title: 'Market rules for battery storage in India', track: 'Modern Power Systems, Energy Policies and Standards', authors: [{ name: 'Shruti Joshi', email: 'shruti.joshi@example.org' }, { name: 'Suresh Reddy', email: 'suresh.reddy@example.org' }, { name: 'Rohan Hegde', email: 'rohan.hegde@example.org' }] },
  ],
  sessions: [
    { session_id: 'D1-REG', title: 'Registration and badge collection', kind: 'other', track: '', room: 'Foyer', date: '2025-12-18', start: '08:00', end: '09:00', chair: '', paper_ids: [] },
    { session_id: 'D1-OPEN', title: 'Inauguration', kind: 'other', track: '', room: 'Main Auditorium', date: '2025-12-18', start: '09:00', end: '09:45', chair: '', paper_ids: [] },
    { session_id: 'D1-K1', title: 'Keynote address 1', kind: 'keynote', track: '', room: 'Main Auditorium', date: '2025-12-18', start: '09:45', end: '10:45', chair: 'Prof. Anand Kulkarni', paper_ids: [] },
    { session_id: 'D1-TEA1', title: 'Tea', kind: 'break', track: '', room: '', date: '2025-12-18', start: '10:45', end: '11:15', chair: '', paper_ids: [] },
    { session_id: 'D1-P1', title: 'Converters and their control', kind: 'papers', track: 'Power Electronic Converters and Control Systems', room: 'Lecture Hall 1', date: '2025-12-18', start: '11:15', end: '13:00', chair: 'Dr. Sunita Hegde', paper_ids: ['101', '102', '103', '104'] },
    { session_id: 'D1-P2', title: 'Microgrids', kind: 'papers', track: 'Smart Grid and Microgrid', room: 'Lecture Hall 2', date: '2025-12-18', start: '11:15', end: '13:00', chair: 'Prof. Ramesh Pillai', paper_ids: ['109', '110', '111', '112'] },
    { session_id: 'D1-P3', title: 'Renewable generation and the grid', kind: 'papers', track: 'Renewable Energy Resources, Distributed Generation and Grid Interconnection', room: 'Lecture Hall 3', date: '2025-12-18', start: '11:15', end: '13:00', chair: 'Dr. Farah Khan', paper_ids: ['113', '114', '115', '116'] },
    { session_id: 'D1-LUNCH', title: 'Lunch', kind: 'break', track: '', room: '', date: '2025-12-18', start: '13:00', end: '14:00', chair: '', paper_ids: [] },
    { session_id: 'D1-T1', title: 'Tutorial 1', kind: 'tutorial', track: '', room: 'Main Auditorium', date: '2025-12-18', start: '14:00', end: '15:30', chair: 'Prof. Gopal Naik', paper_ids: [] },
    { session_id: 'D1-P4', title: 'Machines and drives', kind: 'papers', track: 'Electric Machines, Drives and Electric Vehicles', room: 'Lecture Hall 1', date: '2025-12-18', start: '14:00', end: '15:30', chair: 'Dr. Leena Thomas', paper_ids: ['105', '106', '107', '108'] },
    { session_id: 'D1-TEA2', title: 'Tea', kind: 'break', track: '', room: '', date: '2025-12-18', start: '15:30', end: '16:00', chair: '', paper_ids: [] },
    { session_id: 'D1-P5', title: 'Energy storage', kind: 'papers', track: 'Energy Storage and Battery Charging Technologies', room: 'Lecture Hall 1', date: '2025-12-18', start: '16:00', end: '17:45', chair: 'Prof. Mohan Bhat', paper_ids: ['117', '118', '119', '120'] },
    { session_id: 'D1-P6', title: 'Power quality', kind: 'papers', track: 'FACTS, Custom Power, Power Quality and EMI', room: 'Lecture Hall 2', date: '2025-12-18', start: '16:00', end: '17:45', chair: 'Dr. Isha Verma', paper_ids: ['121', '122', '123', '124'] },
    { session_id: 'D1-RECEPTION', title: 'Welcome Reception', kind: 'other', track: '', room: 'Campus Lawn', date: '2025-12-18', start: '18:30', end: '20:30', chair: '', paper_ids: [] },
    { session_id: 'D2-K2', title: 'Keynote address 2', kind: 'keynote', track: '', room: 'Main Auditorium', date: '2025-12-19', start: '09:00', end: '10:00', chair: 'Prof. Anand Kulkarni', paper_ids: [] },
    { session_id: 'D2-K3', title: 'Keynote address 3', kind: 'keynote', track: '', room: 'Main Auditorium', date: '2025-12-19', start: '10:00', end: '11:00', chair: 'Dr. Sunita Hegde', paper_ids: [] },
    { session_id: 'D2-TEA1', title: 'Tea', kind: 'break', track: '', room: '', date: '2025-12-19', start: '11:00', end: '11:30', chair: '', paper_ids: [] },
    { session_id: 'D2-P1', title: 'Wide band gap devices', kind: 'papers', track: 'Wide Band Gap Devices', room: 'Lecture Hall 1', date: '2025-12-19', start: '11:30', end: '13:00', chair: 'Prof. Ramesh Pillai', paper_ids: ['125', '126', '127', '128'] },
    { session_id: 'D2-P2', title: 'Lighting', kind: 'papers', track: 'Lighting and Illumination', room: 'Lecture Hall 2', date: '2025-12-19', start: '11:30', end: '13:00', chair: 'Dr. Farah Khan', paper_ids: ['129', '130', '131'] },
    { session_id: 'D2-LUNCH', title: 'Lunch', kind: 'break', track: '', room: '', date: '2025-12-19', start: '13:00', end: '14:00', chair: '', paper_ids: [] },
    { session_id: 'D2-T2', title: 'Tutorial 2', kind: 'tutorial', track: '', room: 'Main Auditorium', date: '2025-12-19', start: '14:00', end: '15:30', chair: 'Prof. Gopal Naik', paper_ids: [] },
    { session_id: 'D2-P3', title: 'Teaching power electronics', kind: 'papers', track: 'Power Electronic Education', room: 'Lecture Hall 1', date: '2025-12-19', start: '14:00', end: '15:30', chair: 'Dr. Leena Thomas', paper_ids: ['132', '133', '134'] },
    { session_id: 'D2-P4', title: 'Power systems and policy', kind: 'papers', track: 'Modern Power Systems, Energy Policies and Standards', room: 'Lecture Hall 2', date: '2025-12-19', start: '14:00', end: '15:30', chair: 'Prof. Mohan Bhat', paper_ids: ['135', '136', '137'] },
    { session_id: 'D2-TEA2', title: 'Tea', kind: 'break', track: '', room: '', date: '2025-12-19', start: '15:30', end: '16:00', chair: '', paper_ids: [] },
    { session_id: 'D2-IES', title: 'IES Students and Young Professionals session', kind: 'other', track: '', room: 'Main Auditorium', date: '2025-12-19', start: '16:00', end: '17:30', chair: 'Dr. Isha Verma', paper_ids: [] },
    { session_id: 'D2-GALA', title: 'Gala Dinner', kind: 'other', track: '', room: 'Campus Lawn', date: '2025-12-19', start: '19:30', end: '22:00', chair: '', paper_ids: [] },
    { session_id: 'D3-K4', title: 'Keynote address 4', kind: 'keynote', track: '', room: 'Main Auditorium', date: '2025-12-20', start: '09:00', end: '10:00', chair: 'Prof. Anand Kulkarni', paper_ids: [] },
    { session_id: 'D3-T3', title: 'Tutorial 3', kind: 'tutorial', track: '', room: 'Main Auditorium', date: '2025-12-20', start: '10:00', end: '11:30', chair: 'Dr. Sunita Hegde', paper_ids: [] },
    { session_id: 'D3-TEA1', title: 'Tea', kind: 'break', track: '', room: '', date: '2025-12-20', start: '11:30', end: '12:00', chair: '', paper_ids: [] },
    { session_id: 'D3-PANEL', title: 'Panel: electric mobility in Karnataka', kind: 'other', track: '', room: 'Main Auditorium', date: '2025-12-20', start: '12:00', end: '13:00', chair: 'Prof. Ramesh Pillai', paper_ids: [] },
    { session_id: 'D3-LUNCH', title: 'Lunch', kind: 'break', track: '', room: '', date: '2025-12-20', start: '13:00', end: '14:00', chair: '', paper_ids: [] },
    { session_id: 'D3-TOUR', title: 'Visit to the campus laboratories', kind: 'other', track: '', room: 'Campus', date: '2025-12-20', start: '14:00', end: '17:00', chair: '', paper_ids: [] },
    { session_id: 'D4-K5', title: 'Keynote address 5', kind: 'keynote', track: '', room: 'Main Auditorium', date: '2025-12-21', start: '09:00', end: '10:00', chair: 'Dr. Farah Khan', paper_ids: [] },
    { session_id: 'D4-T4', title: 'Tutorial 4', kind: 'tutorial', track: '', room: 'Main Auditorium', date: '2025-12-21', start: '10:00', end: '11:30', chair: 'Prof. Gopal Naik', paper_ids: [] },
    { session_id: 'D4-TEA', title: 'Tea', kind: 'break', track: '', room: '', date: '2025-12-21', start: '11:30', end: '12:00', chair: '', paper_ids: [] },
    { session_id: 'D4-AWARDS', title: 'Best paper awards and closing', kind: 'other', track: '', room: 'Main Auditorium', date: '2025-12-21', start: '12:00', end: '13:00', chair: '', paper_ids: [] },
    { session_id: 'D4-LUNCH', title: 'Lunch', kind: 'break', track: '', room: '', date: '2025-12-21', start: '13:00', end: '14:00', chair: '', paper_ids: [] },
  ],
};
