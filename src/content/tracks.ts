/**
 * The ten technical tracks of this edition (docs/rules.md#the-information-pages: 10 technical tracks), in the
 * order the Call For Papers page lists them.
 */

/** Track titles, in order; the count equals conference.numberOfTracks. */
export const tracks: readonly string[] = [
  'Power Electronic Converters and Control Systems',
  'Electric Machines, Drives and Electric Vehicles',
  'Smart Grid and Microgrid',
  'Renewable Energy Resources, Distributed Generation and Grid Interconnection',
  'Energy Storage and Battery Charging Technologies',
  'FACTS, Custom Power, Power Quality and EMI',
  'Wide Band Gap Devices',
  'Lighting and Illumination',
  'Power Electronic Education',
  'Modern Power Systems, Energy Policies and Standards',
] as const;
