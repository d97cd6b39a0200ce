/**
 * Keynote, tutorial and IES SYP keynote speakers (spec part 1 sections 2, 3).
 * SAMPLE: the spec shows no names or biographies, so every speaker is an invented placeholder
 * (`sample: true`). Portraits are 400 x 400 SVGs in public/images/speakers/.
 */
import type { Speaker } from './types';

/** The 4 keynote speakers, each with a portrait. */
export const keynoteSpeakers: Speaker[] = [
  {
    name: 'Prof. Ananya Placeholder',
    image: '/images/speakers/keynote-1.svg',
    title: 'Professor of Power Electronics, Sample Institute of Technology, India',
    bio: 'Prof. Placeholder leads a laboratory on high-efficiency power converters for renewable energy integration. Her group works on modular multilevel converters and their control for medium-voltage grids, and she has supervised many doctoral theses in the field. In this keynote she discusses how converter-dominated grids change the way power systems are planned and operated.',
    sample: true,
  },
  {
    name: 'Prof. Gregor Example',
    image: '/images/speakers/keynote-2.svg',
    title: 'Chair of Electrical Drives, Example Technical University, Germany',
    bio: 'Prof. Example works on electric machines and drives for transport, from traction motors to integrated on-board chargers. He has led several joint projects with vehicle manufacturers and serves as an associate editor of a journal on industrial electronics. His keynote looks at the next generation of electric-vehicle drive trains.',
    sample: true,
  },
  {
    name: 'Dr. Rukmini Demo',
    image: '/images/speakers/keynote-3.svg',
    title: 'Chief Technology Officer, Example Grid Solutions Ltd., India',
    bio: 'Dr. Demo heads research and development at a company building battery energy storage and grid-support products. Before moving to industry she worked on microgrid protection and control at a national laboratory. Her keynote presents lessons learnt from deploying large storage systems in distribution networks.',
    sample: true,
  },
  {
    name: 'Prof. Samuel Sampleton',
    image: '/images/speakers/keynote-4.svg',
    title: 'Distinguished Professor, Example State University, USA',
    bio: 'Prof. Sampleton studies wide-bandgap semiconductor devices and their use in compact, high-frequency converters. He has co-authored textbooks on power semiconductor devices and is active in standards work on device reliability. His keynote surveys what silicon carbide and gallium nitride devices make possible today and what remains to be solved.',
    sample: true,
  },
];

/** The 11 tutorial speakers; speakers 5 and 9 have no portrait (the page shows their initials). */
export const tutorialSpeakers: Speaker[] = [
  {
    name: 'Dr. Meera Placeholder',
    image: '/images/speakers/tutorial-01.svg',
    title: 'Associate Professor, Sample Institute of Technology, India',
    bio: 'Tutorial: model predictive control of grid-connected converters. Dr. Placeholder works on fast optimisation-based control for power converters and has taught courses on digital control of power electronics.',
    sample: true,
  },
  {
    name: 'Prof. Jonas Beispiel',
    image: '/images/speakers/tutorial-02.svg',
    title: 'Professor, Beispiel University of Applied Sciences, Germany',
    bio: 'Tutorial: design of high-frequency magnetic components. Prof. Beispiel has designed transformers and inductors for solid-state transformers and leads a laboratory on magnetics.',
    sample: true,
  },
  {
    name: 'Dr. Aisha Example',
    image: '/images/speakers/tutorial-03.svg',
    title: 'Senior Scientist, Example Energy Research Centre, United Arab Emirates',
    bio: 'Tutorial: forecasting and scheduling of solar generation in microgrids. Dr. Example works on data-driven energy management and has led field trials of solar and storage microgrids.',
    sample: true,
  },
  {
    name: 'Prof. Vikram Sampleraj',
    image: '/images/speakers/tutorial-04.svg',
    title: 'Professor, Demo National Institute of Technology, India',
    bio: 'Tutorial: sensorless control of permanent-magnet synchronous machines. Prof. Sampleraj has worked on electric drives for two- and three-wheeler electric vehicles for over a decade.',
    sample: true,
  },
  {
    name: 'Dr. Elena Ejemplo',
    title: 'Research Engineer, Ejemplo Power Systems, Spain',
    bio: 'Tutorial: grid codes and the certification of inverter-based resources. Dr. Ejemplo takes part in the testing of inverters against grid-connection requirements.',
    sample: true,
  },
  {
    name: 'Prof. Hiroshi Samplemoto',
    image: '/images/speakers/tutorial-06.svg',
    title: 'Professor, Example Institute of Science, Japan',
    bio: 'Tutorial: gallium nitride converters, from layout to thermal design. Prof. Samplemoto builds megahertz-range converters and studies their parasitics and cooling.',
    sample: true,
  },
  {
    name: 'Dr. Kiran Testwal',
    image: '/images/speakers/tutorial-07.svg',
    title: 'Assistant Professor, Sample Institute of Technology, India',
    bio: 'Tutorial: battery modelling and state estimation for electric vehicles. Dr. Testwal works on battery management systems and second-life use of traction batteries.',
    sample: true,
  },
  {
    name: 'Prof. Claire Exemple',
    image: '/images/speakers/tutorial-08.svg',
    title: 'Professor, Université Exemple, France',
    bio: 'Tutorial: power quality assessment and active filtering. Prof. Exemple has measured and mitigated harmonics in industrial and railway networks.',
    sample: true,
  },
  {
    name: 'Dr. Nikhil Demo',
    title: 'Principal Engineer, Demo Lighting Technologies, India',
    bio: 'Tutorial: LED drivers and smart lighting systems. Dr. Demo designs efficient drivers for street and building lighting and works on lighting control networks.',
    sample: true,
  },
  {
    name: 'Prof. Grace Sampleford',
    image: '/images/speakers/tutorial-10.svg',
    title: 'Professor, Sample College London, United Kingdom',
    bio: 'Tutorial: teaching power electronics with simulation and hardware-in-the-loop. Prof. Sampleford has developed open laboratory courses used by several universities.',
    sample: true,
  },
  {
    name: 'Dr. Farhan Placeholder',
    image: '/images/speakers/tutorial-11.svg',
    title: 'Energy Policy Analyst, Example Policy Institute, India',
    bio: 'Tutorial: energy policies and standards for a renewable-rich grid. Dr. Placeholder advises on tariff design, storage regulation and interconnection standards.',
    sample: true,
  },
];

/** The 1 keynote of the IES student and young professional (SYP) session. */
export const iesSypKeynotes: Speaker[] = [
  {
    name: 'Dr. Tara Youngprof',
    image: '/images/speakers/syp-1.svg',
    title: 'Young Professional Researcher, Example University, Canada',
    bio: 'Dr. Youngprof completed her doctorate on converter control for microgrids a few years ago and now leads a small research team. In this talk for students and young professionals she shares how to choose a research problem, publish well and build a network in the power electronics community.',
    sample: true,
  },
];
