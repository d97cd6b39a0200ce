/**
 * Generates every SVG image of the information site under public/ (logo, favicon, hero scenes,
 * campus illustration, posters, brochure cover, sponsor/organiser marks, speaker avatars).
 * All artwork is drawn here from scratch; nothing is copied from other sites and every mark is
 * invented. The posters, brochure cover and sponsor/organiser captions read the content modules
 * (src/content) so the images never disagree with the pages.
 *
 * Regenerate (output is deterministic and committed):
 *   npx tsx scripts/assets/generate-svgs.ts
 * After changing hero/campus images, re-render the video: sh scripts/assets/make-video.sh
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { conference } from '../../src/content/conference';
import { importantDates } from '../../src/content/dates';
import { specialSessionCall, specialSessionProposalDeadline } from '../../src/content/special-session';
import { iesSypKeynotes, keynoteSpeakers, tutorialSpeakers } from '../../src/content/speakers';
import { organiserMarks, organisers, sponsors } from '../../src/content/sponsors';
import { sponsorship } from '../../src/content/sponsorship';
import { studentsYp } from '../../src/content/students-yp';
import { tracks } from '../../src/content/tracks';
import {
  FONT,
  at,
  conferenceMark,
  fitSize,
  longDate,
  n,
  palette as P,
  sampleTag,
  seeded,
  svgDoc,
  text,
  wrap,
} from './svg-kit';

const dateRange = '18-21 December 2025';
const place = `${conference.instituteShortName}, ${conference.state}, ${conference.country}`;

// ---------------------------------------------------------------------------------------------
// Logo and favicon
// ---------------------------------------------------------------------------------------------

/** The site logo: conference mark plus "PESGRE 2025" wordmark (240 x 64, no SAMPLE tag). */
export function logoSvg(): string {
  const tagline = 'POWER · GRID · RENEWABLES';
  // Two texts (name left, year right-aligned) so any font of the stack keeps the gap between them.
  const size = fitSize('PESGRE 2025', 30, 160, true);
  const body =
    conferenceMark(0, 0, 1) +
    text(74, 35, size, 'PESGRE', `font-weight="800" fill="${P.blue}"`) +
    text(234, 35, size, '2025', `font-weight="800" fill="${P.teal}" text-anchor="end"`) +
    `<text x="75" y="53" font-family="${FONT}" font-size="${fitSize(tagline, 10, 158, true)}" font-weight="600" fill="${P.grey}" textLength="158" lengthAdjust="spacing">${tagline}</text>`;
  return svgDoc(240, 64, 'PESGRE 2025', body);
}

/** The favicon: the conference mark on a rounded blue tile. */
export function faviconSvg(): string {
  const body =
    `<rect width="64" height="64" rx="14" fill="${P.blue}"/>` +
    `<path d="M13 50C13 30 26 17 50 15C50 37 38 50 13 50Z" fill="${P.teal}"/>` +
    `<path d="M37 6L22 34H31L26 58L45 26H36L42 6Z" fill="${P.amber}" stroke="${P.blue}" stroke-width="2.5" stroke-linejoin="round"/>`;
  return svgDoc(32, 32, 'PESGRE 2025', body, { viewBox: '0 0 64 64' });
}

// ---------------------------------------------------------------------------------------------
// Hero scenes (1600 x 600)
// ---------------------------------------------------------------------------------------------

/** A sine-modulated PWM wave (the classic SPWM picture) between x0 and x1. */
function spwm(x0: number, x1: number, yHigh: number, yLow: number, period: number, wave: number): string {
  let d = `M${x0} ${yLow}`;
  for (let x = x0; x < x1; x += period) {
    const duty = 0.5 + 0.42 * Math.sin((2 * Math.PI * (x + period / 2)) / wave);
    d += `H${n(x + (period * (1 - duty)) / 2)}V${yHigh}H${n(x + (period * (1 + duty)) / 2)}V${yLow}`;
  }
  return d + `H${x1}`;
}

/** A sine polyline between x0 and x1. */
function sine(x0: number, x1: number, yMid: number, amp: number, wave: number, step = 10): string {
  const pts: string[] = [];
  for (let x = x0; x <= x1; x += step) pts.push(`${n(x)},${n(yMid - amp * Math.sin((2 * Math.PI * x) / wave))}`);
  return `M${pts.join('L')}`;
}

/** Hero 1: power electronics: a buck converter schematic over PCB traces and an SPWM wave. */
export function hero1Svg(): string {
  const rnd = seeded(11);
  const defs =
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${P.deep}"/><stop offset="1" stop-color="${P.blue}"/></linearGradient>` +
    `<pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M40 0H0V40" fill="none" stroke="#ffffff" stroke-opacity="0.05"/></pattern>` +
    `<radialGradient id="glow" cx="0.3" cy="0.45" r="0.5"><stop offset="0" stop-color="${P.teal}" stop-opacity="0.28"/><stop offset="1" stop-color="${P.teal}" stop-opacity="0"/></radialGradient>`;
  // PCB traces on the left two thirds: horizontal runs with one 45-degree jog and a pad at the end.
  let traces = '';
  let pads = '';
  for (let i = 0; i < 22; i += 1) {
    const y = 60 + Math.floor(rnd() * 11) * 40;
    const x = Math.floor(rnd() * 16) * 40;
    const run = 80 + Math.floor(rnd() * 5) * 40;
    const jog = (rnd() < 0.5 ? -1 : 1) * 40;
    const tail = 40 + Math.floor(rnd() * 4) * 40;
    const xEnd = Math.min(x + run + 40 + tail, 940);
    const amber = rnd() < 0.22;
    traces += `<path d="M${x} ${y}H${x + run}L${x + run + 40} ${y + jog}H${xEnd}" stroke="${amber ? P.amber : P.tealLight}" stroke-opacity="${n(0.25 + rnd() * 0.35)}"/>`;
    pads += `<circle cx="${xEnd}" cy="${y + jog}" r="5"/>`;
  }
  const w = `stroke="#ffffff" stroke-width="3.5" fill="none" stroke-linecap="round" stroke-linejoin="round"`;
  const schematic =
    `<g transform="translate(-20 20)">` +
    `<path ${w} d="M1040 180H1095H1110V160M1150 160V180H1215a15 15 0 0 1 30 0a15 15 0 0 1 30 0a15 15 0 0 1 30 0a15 15 0 0 1 30 0H1480V230l-12 8l24 16l-24 16l24 16l-24 16l24 16l-12 8V380H1040V306M1040 254V180M1190 180V266M1190 295V380M1390 180V272M1390 288V380"/>` +
    `<path ${w} d="M1106 160H1154M1110 146H1150M1130 146V128M1370 272H1410M1370 288H1410M1176 266H1204"/>` +
    `<path d="M1176 295H1204L1190 268Z" fill="#ffffff"/>` +
    `<circle cx="1040" cy="280" r="26" ${w}/>` +
    `<path ${w} d="M1040 264V276M1034 270H1046M1034 292H1046"/>` +
    `<path d="M1098 118h8v-18h12v18h8v-18h12v18h8v-18h12v18h8" fill="none" stroke="${P.amber}" stroke-width="3" stroke-linejoin="round"/>` +
    `<g fill="${P.amber}"><circle cx="1190" cy="180" r="6"/><circle cx="1190" cy="380" r="6"/><circle cx="1390" cy="180" r="6"/><circle cx="1390" cy="380" r="6"/></g>` +
    `<g font-family="${FONT}" font-size="18" font-weight="600" fill="${P.tealLight}">` +
    `<text x="968" y="286">Vin</text><text x="1122" y="200">S</text><text x="1212" y="326">D</text><text x="1266" y="150">L</text><text x="1420" y="286">C</text><text x="1508" y="286">R</text></g>` +
    `<text x="1260" y="440" font-family="${FONT}" font-size="15" font-weight="700" letter-spacing="4" fill="#ffffff" fill-opacity="0.6" text-anchor="middle">DC-DC BUCK CONVERTER</text>` +
    `</g>`;
  const waves =
    `<path d="${spwm(0, 1600, 500, 560, 20, 400)}" fill="none" stroke="${P.tealLight}" stroke-opacity="0.35" stroke-width="2"/>` +
    `<path d="${sine(0, 1600, 530, 26, 400)}" fill="none" stroke="${P.amber}" stroke-width="3.5" stroke-linecap="round"/>`;
  const body =
    `<rect width="1600" height="600" fill="url(#bg)"/><rect width="1600" height="600" fill="url(#grid)"/><rect width="1600" height="600" fill="url(#glow)"/>` +
    `<g fill="none" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">${traces}</g>` +
    `<g fill="${P.deep}" stroke="${P.tealLight}" stroke-opacity="0.6" stroke-width="2.5">${pads}</g>` +
    schematic +
    waves +
    sampleTag(1600, 600, { dark: true, scale: 1.2 });
  return svgDoc(1600, 600, 'Power electronics: a DC-DC converter schematic and PWM waveforms (sample illustration)', body, { defs });
}

/** A wind turbine with its hub at (x, y) on a tower of height h, blades turned by `angle` degrees. */
function turbine(x: number, y: number, h: number, angle: number, color: string, opacity = 1): string {
  const s = h / 200;
  const blade = `M0 0C${n(7 * s)} ${n(-22 * s)} ${n(6 * s)} ${n(-90 * s)} 0 ${n(-120 * s)}C${n(-5 * s)} ${n(-90 * s)} ${n(-6 * s)} ${n(-22 * s)} 0 0Z`;
  const blades = [0, 120, 240].map((a) => `<path d="${blade}" transform="rotate(${angle + a})"/>`).join('');
  return (
    `<g fill="${color}" fill-opacity="${opacity}"><path d="M${n(x - 6 * s)} ${n(y + h)}L${n(x - 2.5 * s)} ${y}H${n(x + 2.5 * s)}L${n(x + 6 * s)} ${n(y + h)}Z"/>` +
    `<g transform="translate(${n(x)} ${n(y)})">${blades}<circle r="${n(6 * s)}"/></g></g>`
  );
}

/** A lattice transmission tower standing on (x, groundY), `h` tall; returns the drawing and its three conductor points. */
function pylon(x: number, groundY: number, h: number, color: string): { svg: string; tips: [number, number][] } {
  const top = groundY - h;
  const w = h * 0.22;
  const arm = h * 0.26;
  const legs = `M${n(x - w)} ${groundY}L${n(x - w * 0.18)} ${n(top)}H${n(x + w * 0.18)}L${n(x + w)} ${groundY}`;
  let braces = '';
  for (let k = 1; k <= 4; k += 1) {
    const yA = groundY - (h * (k - 1)) / 4.4;
    const yB = groundY - (h * k) / 4.4;
    const wa = w - ((w * 0.82) * (k - 1)) / 4.4;
    const wb = w - ((w * 0.82) * k) / 4.4;
    braces += `M${n(x - wa)} ${n(yA)}L${n(x + wb)} ${n(yB)}M${n(x + wa)} ${n(yA)}L${n(x - wb)} ${n(yB)}`;
  }
  const armY1 = top + h * 0.12;
  const armY2 = top + h * 0.3;
  const arms = `M${n(x - arm)} ${n(armY1)}H${n(x + arm)}M${n(x - arm * 0.75)} ${n(armY2)}H${n(x + arm * 0.75)}`;
  return {
    svg: `<path d="${legs}${braces}${arms}" fill="none" stroke="${color}" stroke-width="${n(Math.max(1.5, h / 90))}" stroke-linejoin="round"/>`,
    tips: [
      [x - arm, armY1],
      [x + arm, armY1],
      [x - arm * 0.75, armY2],
    ],
  };
}

/** A row of tilted solar panels starting at (x, y). */
function solarRow(x: number, y: number, count: number, w: number, h: number): string {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const px = x + i * (w + 10);
    out +=
      `<path d="M${n(px + h * 0.45)} ${y}h${w}l${n(-h * 0.45)} ${h}h${-w}Z" fill="#123f8c" stroke="#7fb6ea" stroke-width="1.5"/>` +
      `<path d="M${n(px + h * 0.225 + 0)} ${n(y + h / 2)}h${w}M${n(px + h * 0.45 + w / 3)} ${y}l${n(-h * 0.45)} ${h}M${n(px + h * 0.45 + (2 * w) / 3)} ${y}l${n(-h * 0.45)} ${h}" stroke="#7fb6ea" stroke-opacity="0.7" stroke-width="1"/>` +
      `<path d="M${n(px + w * 0.3)} ${y + h}v14M${n(px + w * 0.75)} ${y + h}v14" stroke="${P.deep}" stroke-width="3"/>`;
  }
  return out;
}

/** Hero 2: renewable generation and the grid at dusk: turbines, solar arrays and transmission lines. */
export function hero2Svg(): string {
  const defs =
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${P.blue}"/><stop offset="0.55" stop-color="#2a78b4"/><stop offset="0.85" stop-color="#f3c778"/></linearGradient>` +
    `<radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${P.amberLight}" stop-opacity="0.9"/><stop offset="1" stop-color="${P.amberLight}" stop-opacity="0"/></radialGradient>`;
  const towers = [pylon(980, 500, 190, '#d7e6f5'), pylon(1260, 468, 140, '#c9dcee'), pylon(1470, 446, 100, '#bcd2e8')];
  let lines = '';
  for (let i = 0; i + 1 < towers.length; i += 1) {
    const a = at(towers, i).tips;
    const b = at(towers, i + 1).tips;
    for (let k = 0; k < 3; k += 1) {
      const [ax, ay] = at(a, k);
      const [bx, by] = at(b, k);
      lines += `M${n(ax)} ${n(ay)}Q${n((ax + bx) / 2)} ${n((ay + by) / 2 + 26)} ${n(bx)} ${n(by)}`;
    }
  }
  // The near tower feeds a substation on the ground to its left.
  at(towers, 0).tips.forEach(([tx, ty], k) => {
    lines += `M${n(tx)} ${n(ty)}Q${n(tx - 70)} ${n(ty + 50)} ${790 + k * 22} 470`;
  });
  const substation =
    `<rect x="770" y="470" width="90" height="34" rx="3" fill="#0e3b73" stroke="#bcd2e8" stroke-width="1.5"/>` +
    `<g fill="none" stroke="#bcd2e8" stroke-width="2"><circle cx="794" cy="487" r="9"/><circle cx="806" cy="487" r="9"/><path d="M828 478V496M840 478V496M852 478V496"/></g>`;
  const body =
    `<rect width="1600" height="600" fill="url(#sky)"/>` +
    `<circle cx="1180" cy="420" r="170" fill="url(#sun)"/><circle cx="1180" cy="420" r="62" fill="${P.amberLight}"/>` +
    `<path d="M0 440C180 395 360 400 520 425S860 390 1040 420S1380 395 1600 430V600H0Z" fill="#1d5f8a"/>` +
    turbine(180, 300, 125, 12, '#e6f0fa', 0.85) +
    turbine(330, 330, 95, 47, '#e6f0fa', 0.8) +
    turbine(470, 312, 110, 80, '#e6f0fa', 0.8) +
    turbine(640, 236, 200, 25, '#f4f8fc') +
    `<path d="M0 500C260 470 520 478 760 498S1240 470 1600 488V600H0Z" fill="${P.navy}"/>` +
    `<path d="M0 540C300 528 700 536 1000 548S1400 530 1600 536V600H0Z" fill="${P.deep}"/>` +
    solarRow(60, 470, 6, 70, 36) +
    substation +
    towers.map((t) => t.svg).join('') +
    `<path d="${lines}" fill="none" stroke="#e3eef8" stroke-opacity="0.75" stroke-width="1.6"/>` +
    sampleTag(1600, 600, { dark: true, scale: 1.2 });
  return svgDoc(1600, 600, 'Wind turbines, solar panels and transmission lines at dusk (sample illustration)', body, { defs });
}

/** Hero 3: a campus skyline at night under a smart-grid constellation. */
export function hero3Svg(): string {
  const rnd = seeded(33);
  const defs =
    `<linearGradient id="night" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${P.deep}"/><stop offset="0.6" stop-color="${P.blue}"/><stop offset="0.92" stop-color="#1b8a98"/><stop offset="1" stop-color="#e9b45a"/></linearGradient>`;
  let stars = '';
  for (let i = 0; i < 70; i += 1) {
    stars += `<circle cx="${n(rnd() * 1600)}" cy="${n(rnd() * 330)}" r="${n(0.8 + rnd() * 1.4)}" fill-opacity="${n(0.3 + rnd() * 0.6)}"/>`;
  }
  const nodes: [number, number][] = [
    [140, 90], [300, 150], [460, 80], [620, 170], [780, 110], [930, 190], [1080, 95], [1230, 160], [1400, 230], [1520, 120], [520, 250], [860, 280],
  ];
  const links = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 8], [7, 9], [1, 10], [10, 3], [5, 11], [11, 3], [4, 6]] as const;
  const net =
    `<path d="${links.map(([a, b]) => `M${at(nodes, a).join(' ')}L${at(nodes, b).join(' ')}`).join('')}" stroke="${P.tealLight}" stroke-opacity="0.35" stroke-width="1.5"/>` +
    nodes.map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="${i % 3 === 0 ? 5 : 3.5}" fill="${i % 3 === 0 ? P.amber : P.tealLight}"/>`).join('');
  // Skyline: [x, width, height] of blocks standing on y = 520.
  const blocks: [number, number, number][] = [
    [0, 120, 110], [110, 90, 150], [200, 150, 120], [350, 70, 190], [420, 210, 150], [630, 60, 230], [690, 230, 170],
    [920, 80, 120], [1000, 180, 200], [1180, 110, 140], [1290, 160, 175], [1450, 150, 125],
  ];
  let shapes = '';
  let windows = '';
  for (const [x, w, h] of blocks) {
    shapes += `<rect x="${x}" y="${520 - h}" width="${w}" height="${h + 80}"/>`;
    for (let wy = 520 - h + 20; wy < 505; wy += 24) {
      for (let wx = x + 12; wx + 10 < x + w - 6; wx += 22) {
        if (rnd() < 0.28) windows += `<rect x="${wx}" y="${wy}" width="10" height="12"/>`;
      }
    }
  }
  // Clock tower with a dome over the central block, and a few trees.
  shapes += `<rect x="636" y="240" width="48" height="60"/><path d="M630 242Q660 196 690 242Z"/><rect x="657" y="180" width="6" height="26"/>`;
  let trees = '';
  for (const [x, r] of [[60, 34], [265, 28], [575, 30], [960, 36], [1230, 30], [1560, 40]] as const) {
    trees += `<rect x="${x - 4}" y="${520 - r}" width="8" height="${r}"/><circle cx="${x}" cy="${520 - r - r * 0.6}" r="${r}"/>`;
  }
  const body =
    `<rect width="1600" height="600" fill="url(#night)"/>` +
    `<g fill="#ffffff">${stars}</g>` +
    `<circle cx="1380" cy="90" r="34" fill="${P.amberLight}"/><circle cx="1396" cy="80" r="30" fill="#0a3275"/>` +
    net +
    `<g fill="#04163a">${shapes}</g>` +
    `<circle cx="660" cy="270" r="14" fill="${P.amberLight}" fill-opacity="0.9"/><path d="M660 262V270H666" stroke="#04163a" stroke-width="2.5" fill="none"/>` +
    `<g fill="${P.amber}" fill-opacity="0.85">${windows}</g>` +
    `<g fill="#021030">${trees}</g>` +
    `<rect y="520" width="1600" height="80" fill="#021030"/>` +
    `<path d="M0 560H1600" stroke="${P.amber}" stroke-opacity="0.5" stroke-width="2" stroke-dasharray="26 18"/>` +
    sampleTag(1600, 600, { dark: true, scale: 1.2 });
  return svgDoc(1600, 600, 'Campus skyline at night under a smart-grid constellation (sample illustration)', body, { defs });
}

// ---------------------------------------------------------------------------------------------
// Campus illustration (1200 x 800)
// ---------------------------------------------------------------------------------------------

/** A round tree with its trunk base at (x, y). */
function tree(x: number, y: number, r: number, dark: string, light: string): string {
  return (
    `<rect x="${n(x - r * 0.12)}" y="${n(y - r * 1.1)}" width="${n(r * 0.24)}" height="${n(r * 1.1)}" fill="#7a5a3a"/>` +
    `<circle cx="${n(x)}" cy="${n(y - r * 1.6)}" r="${n(r)}" fill="${dark}"/>` +
    `<circle cx="${n(x - r * 0.3)}" cy="${n(y - r * 1.85)}" r="${n(r * 0.55)}" fill="${light}"/>`
  );
}

/** A grid of windows in a facade. */
function windowGrid(x: number, y: number, cols: number, rows: number, w: number, h: number, gx: number, gy: number, fill: string): string {
  let d = '';
  for (let r = 0; r < rows; r += 1) for (let c = 0; c < cols; c += 1) d += `M${x + c * (w + gx)} ${y + r * (h + gy)}h${w}v${h}h${-w}Z`;
  return `<path d="${d}" fill="${fill}"/>`;
}

/** Stylised campus illustration: an academic block with clock tower, wings with rooftop solar, lawns and trees. */
export function campusSvg(): string {
  const defs =
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#bcdcf5"/><stop offset="1" stop-color="#eef6fb"/></linearGradient>` +
    `<linearGradient id="lawn" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fcf86"/><stop offset="1" stop-color="#5fae6a"/></linearGradient>`;
  const cloud = (x: number, y: number, s: number): string =>
    `<g fill="#ffffff" fill-opacity="0.9"><circle cx="${x}" cy="${y}" r="${28 * s}"/><circle cx="${x + 34 * s}" cy="${y - 14 * s}" r="${36 * s}"/><circle cx="${x + 74 * s}" cy="${y}" r="${26 * s}"/><rect x="${x}" y="${y}" width="${74 * s}" height="${26 * s}"/></g>`;
  const stone = '#f3eee3';
  const stoneDark = '#e2d9c6';
  const glass = '#8fb6e3';
  const building =
    // wings
    `<rect x="130" y="390" width="250" height="190" fill="${stoneDark}"/><rect x="820" y="390" width="250" height="190" fill="${stoneDark}"/>` +
    `<rect x="124" y="378" width="262" height="16" fill="${P.teal}"/><rect x="814" y="378" width="262" height="16" fill="${P.teal}"/>` +
    windowGrid(152, 414, 6, 4, 26, 26, 12, 14, glass) +
    windowGrid(842, 414, 6, 4, 26, 26, 12, 14, glass) +
    // rooftop solar on the wings
    solarRow(150, 344, 3, 52, 26) +
    solarRow(840, 344, 3, 52, 26) +
    // central block
    `<rect x="380" y="300" width="440" height="280" fill="${stone}"/>` +
    `<rect x="370" y="286" width="460" height="20" fill="${P.blue}"/>` +
    windowGrid(404, 330, 9, 4, 30, 34, 16, 18, glass) +
    // portico
    `<path d="M520 430H680L660 404H540Z" fill="${P.blue}"/>` +
    `<rect x="520" y="430" width="160" height="150" fill="#d8cfbb"/>` +
    `<path d="M540 440v140M572 440v140M628 440v140M660 440v140" stroke="${stone}" stroke-width="12"/>` +
    `<rect x="584" y="500" width="32" height="80" fill="${P.navy}"/>` +
    // clock tower
    `<rect x="565" y="170" width="70" height="120" fill="${stone}"/><path d="M555 172L600 118L645 172Z" fill="${P.blue}"/>` +
    `<circle cx="600" cy="214" r="22" fill="#ffffff" stroke="${P.blue}" stroke-width="5"/><path d="M600 200V214H611" stroke="${P.ink}" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    `<rect x="586" y="246" width="28" height="34" fill="${glass}"/>`;
  const trees =
    tree(70, 600, 46, '#2f8f5b', '#4fb073') + tree(1130, 600, 50, '#2f8f5b', '#4fb073') +
    tree(440, 610, 30, '#3a9a63', '#5cc07f') + tree(760, 610, 30, '#3a9a63', '#5cc07f') +
    tree(250, 700, 40, '#267a4c', '#43a366') + tree(960, 710, 44, '#267a4c', '#43a366') +
    tree(1060, 770, 34, '#267a4c', '#43a366') + tree(130, 780, 36, '#267a4c', '#43a366');
  const label =
    `<rect x="32" y="32" width="300" height="56" rx="10" fill="#ffffff" fill-opacity="0.92"/>` +
    conferenceMark(44, 42, 0.56) +
    text(88, 66, 19, 'Campus illustration', `font-weight="700" fill="${P.blue}"`);
  const body =
    `<rect width="1200" height="800" fill="url(#sky)"/>` +
    `<circle cx="1020" cy="130" r="58" fill="${P.amberLight}"/><circle cx="1020" cy="130" r="84" fill="${P.amberLight}" fill-opacity="0.25"/>` +
    cloud(160, 150, 1) + cloud(560, 96, 0.8) + cloud(820, 220, 0.7) +
    `<path d="M0 470C160 400 330 420 470 450S800 410 960 430S1120 400 1200 420V600H0Z" fill="#a8dccd"/>` +
    turbine(1010, 300, 150, 20, '#ffffff', 0.95) + turbine(1120, 340, 110, 70, '#ffffff', 0.9) +
    `<path d="M0 520C200 490 420 500 600 515S1000 495 1200 510V800H0Z" fill="#86c9b4"/>` +
    building +
    `<rect y="580" width="1200" height="220" fill="url(#lawn)"/>` +
    `<path d="M560 580H640C690 650 760 720 860 800H340C440 720 510 650 560 580Z" fill="#eadfc8"/>` +
    `<path d="M600 600V800" stroke="#ffffff" stroke-opacity="0.6" stroke-width="4" stroke-dasharray="18 16"/>` +
    `<g fill="${P.amber}"><ellipse cx="470" cy="640" rx="48" ry="10"/><ellipse cx="730" cy="640" rx="48" ry="10"/></g><g fill="#e46f5a"><circle cx="450" cy="636" r="5"/><circle cx="472" cy="633" r="5"/><circle cx="494" cy="637" r="5"/><circle cx="708" cy="637" r="5"/><circle cx="730" cy="633" r="5"/><circle cx="752" cy="636" r="5"/></g>` +
    trees +
    label +
    sampleTag(1200, 800, { scale: 1.3 });
  return svgDoc(1200, 800, 'Stylised campus illustration with academic block, clock tower and rooftop solar (sample)', body, { defs });
}

// ---------------------------------------------------------------------------------------------
// Posters and brochure cover (800 x 1100)
// ---------------------------------------------------------------------------------------------

/** Builds a poster body top-down with a y cursor; throws if content runs into the footer. */
class PosterLayout {
  y: number;
  parts: string[] = [];
  constructor(
    startY: number,
    private readonly left = 60,
    private readonly width = 680,
    private readonly bottom = 1010,
  ) {
    this.y = startY;
  }

  /** A section heading with an amber rule. */
  heading(label: string): this {
    this.y += 34;
    this.parts.push(`<rect x="${this.left}" y="${this.y - 22}" width="6" height="26" rx="2" fill="${P.amber}"/>`);
    this.parts.push(text(this.left + 18, this.y, 24, label, `font-weight="800" fill="${P.blue}"`));
    this.y += 14;
    return this;
  }

  /** A wrapped paragraph. */
  paragraph(content: string, size = 18, color: string = P.ink): this {
    for (const line of wrap(content, size, this.width)) {
      this.y += size * 1.4;
      this.parts.push(text(this.left, this.y, size, line, `fill="${color}"`));
    }
    this.y += 6;
    return this;
  }

  /** A bullet list (or numbered list with `numbered`). */
  bullets(items: readonly string[], options: { size?: number; numbered?: boolean } = {}): this {
    const size = options.size ?? 17;
    items.forEach((item, i) => {
      const lines = wrap(item, size, this.width - 34);
      lines.forEach((line, k) => {
        this.y += size * 1.38;
        if (k === 0) {
          this.parts.push(
            options.numbered
              ? `<circle cx="${this.left + 11}" cy="${n(this.y - size * 0.34)}" r="11" fill="${P.teal}"/>` +
                  text(this.left + 11, this.y - size * 0.34 + 4.5, 12.5, String(i + 1), `font-weight="700" fill="#ffffff" text-anchor="middle"`)
              : `<circle cx="${this.left + 8}" cy="${n(this.y - size * 0.34)}" r="4.5" fill="${P.teal}"/>`,
          );
        }
        this.parts.push(text(this.left + 32, this.y, size, line, `fill="${P.ink}"`));
      });
      this.y += 5;
    });
    return this;
  }

  /** Date rows: bold date on the left, event on the right. */
  dates(rows: readonly { date: string; title: string }[], size = 17): this {
    for (const row of rows) {
      this.y += size * 1.6;
      this.parts.push(`<rect x="${this.left}" y="${n(this.y - size * 1.15)}" width="${this.width}" height="${n(size * 1.5)}" rx="6" fill="${P.sky}"/>`);
      this.parts.push(text(this.left + 14, this.y, size, shortDate(row.date), `font-weight="700" fill="${P.blue}"`));
      this.parts.push(text(this.left + 160, this.y, fitSize(row.title, size, this.width - 175), row.title, `fill="${P.ink}"`));
    }
    this.y += 8;
    return this;
  }

  /** A highlighted call-out box with big text. */
  callout(big: string, small: string): this {
    this.y += 22;
    this.parts.push(`<rect x="${this.left}" y="${this.y}" width="${this.width}" height="96" rx="14" fill="${P.amber}"/>`);
    this.parts.push(text(this.left + this.width / 2, this.y + 44, fitSize(big, 30, this.width - 40, true), big, `font-weight="800" fill="${P.deep}" text-anchor="middle"`));
    this.parts.push(text(this.left + this.width / 2, this.y + 76, fitSize(small, 17, this.width - 40), small, `font-weight="600" fill="${P.deep}" text-anchor="middle"`));
    this.y += 100;
    return this;
  }

  /** A row of stat tiles: [big, small][]. */
  stats(tiles: readonly [string, string][]): this {
    this.y += 22;
    const gap = 16;
    const w = (this.width - gap * (tiles.length - 1)) / tiles.length;
    tiles.forEach(([big, small], i) => {
      const x = this.left + i * (w + gap);
      this.parts.push(`<rect x="${n(x)}" y="${this.y}" width="${n(w)}" height="104" rx="12" fill="#ffffff" stroke="${P.line}" stroke-width="2"/>`);
      this.parts.push(text(x + w / 2, this.y + 52, 38, big, `font-weight="800" fill="${P.teal}" text-anchor="middle"`));
      this.parts.push(text(x + w / 2, this.y + 82, fitSize(small, 15, w - 16), small, `font-weight="600" fill="${P.grey}" text-anchor="middle"`));
    });
    this.y += 108;
    return this;
  }

  /** The drawn content; throws when it overflows the bottom margin. */
  done(name: string): string {
    if (this.y > this.bottom) throw new Error(`${name}: content overflows (${Math.round(this.y)} > ${this.bottom})`);
    return this.parts.join('');
  }
}

/** '2025-06-15' → '15 Jun 2025'. */
function shortDate(iso: string): string {
  return longDate(iso).replace(/^(\d+) (\w{3})\w* /, '$1 $2 ');
}

/** The poster header band (mark, conference name, poster title, date and venue) and its height. */
function posterHeader(title: string): { svg: string; height: number } {
  const nameLines = wrap(conference.fullName.replace(/ \(PESGRE 2025\)$/, ''), 16, 640);
  const titleLines = wrap(title, 56, 680, true);
  let y = 146 + (nameLines.length - 1) * 22 + 16;
  let titles = '';
  for (const line of titleLines) {
    y += 62;
    titles += text(60, y, fitSize(line, 56, 680, true), line, `font-weight="800" fill="${P.amber}"`);
  }
  y += 40;
  const when = `${dateRange}  ·  ${place}`;
  const height = y + 56;
  const rnd = seeded(title.length * 7 + 1);
  let deco = '';
  for (let i = 0; i < 7; i += 1) deco += `<circle cx="${n(520 + rnd() * 320)}" cy="${n(rnd() * height)}" r="${n(40 + rnd() * 110)}"/>`;
  const svg =
    `<rect width="800" height="${height}" fill="url(#band)"/>` +
    `<g fill="none" stroke="#ffffff" stroke-opacity="0.08" stroke-width="2">${deco}</g>` +
    `<path d="${spwm(0, 800, height - 30, height - 6, 16, 320)}" fill="none" stroke="${P.tealLight}" stroke-opacity="0.3" stroke-width="1.5"/>` +
    conferenceMark(60, 48, 1, P.navy) +
    text(140, 84, 32, 'PESGRE 2025', `font-weight="800" fill="#ffffff" letter-spacing="1"`) +
    nameLines.map((line, i) => text(60, 146 + i * 22, 16, line, `fill="#dbe7f7"`)).join('') +
    titles +
    text(60, y, fitSize(when, 20, 680), when, `font-weight="600" fill="#ffffff"`);
  return { svg, height };
}

/** A light landscape strip (hills, turbines, pylons, solar) drawn between y0 and the footer. */
function sceneStrip(y0: number): string {
  const h = 1030 - y0;
  const t1 = pylon(520, y0 + h - 20, 92, '#8aa4c4');
  const t2 = pylon(690, y0 + h - 34, 66, '#9fb4cf');
  let wires = '';
  for (let k = 0; k < 3; k += 1) {
    const [ax, ay] = at(t1.tips, k);
    const [bx, by] = at(t2.tips, k);
    wires += `M${n(ax)} ${n(ay)}Q${n((ax + bx) / 2)} ${n((ay + by) / 2 + 12)} ${n(bx)} ${n(by)}M${n(bx)} ${n(by)}Q${n(bx + 60)} ${n(by + 10)} 800 ${n(by - 6)}`;
  }
  return (
    `<path d="M0 ${n(y0 + h * 0.55)}C160 ${n(y0 + h * 0.3)} 330 ${n(y0 + h * 0.4)} 470 ${n(y0 + h * 0.5)}S720 ${n(y0 + h * 0.3)} 800 ${n(y0 + h * 0.42)}V1030H0Z" fill="#d4efe9"/>` +
    turbine(90, y0 + 26, 78, 18, P.teal, 0.75) +
    turbine(170, y0 + 42, 60, 64, P.teal, 0.6) +
    turbine(250, y0 + 34, 68, 95, P.teal, 0.65) +
    `<path d="M0 ${n(y0 + h * 0.78)}C200 ${n(y0 + h * 0.66)} 420 ${n(y0 + h * 0.72)} 600 ${n(y0 + h * 0.8)}S760 ${n(y0 + h * 0.7)} 800 ${n(y0 + h * 0.74)}V1030H0Z" fill="#bfe5dc"/>` +
    t1.svg +
    t2.svg +
    `<path d="${wires}" fill="none" stroke="#8aa4c4" stroke-width="1.2"/>` +
    `<g transform="translate(300 ${y0 + h - 46}) scale(0.6)">${solarRow(0, 0, 3, 70, 36)}</g>`
  );
}

/** The poster footer band with the contact e-mail and the SAMPLE tag. */
function posterFooter(): string {
  return (
    `<rect y="1030" width="800" height="70" fill="${P.deep}"/>` +
    text(60, 1072, 17, `Contact: ${conference.contactEmail}`, `font-weight="600" fill="#ffffff"`) +
    sampleTag(800, 1100, { dark: true })
  );
}

const posterDefs = `<linearGradient id="band" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${P.blue}"/><stop offset="1" stop-color="${P.deep}"/></linearGradient>`;

/** A full poster document: header band, body built by `fill`, landscape strip, footer. */
function poster(title: string, docTitle: string, fill: (layout: PosterLayout) => PosterLayout): string {
  const header = posterHeader(title);
  const layout = fill(new PosterLayout(header.height + 6, 60, 680, 1016));
  // The landscape strip fills the space under the content when at least 70 px are left.
  const stripTop = Math.max(900, Math.ceil(layout.y) + 24);
  const strip = stripTop <= 960 ? sceneStrip(stripTop) : '';
  const body = `<rect width="800" height="1100" fill="#f7f9fc"/>` + header.svg + layout.done(docTitle) + strip + posterFooter();
  return svgDoc(800, 1100, docTitle, body, { defs: posterDefs });
}

const dateOf = (title: string): string => {
  const row = importantDates.find((d) => d.title === title);
  if (!row) throw new Error(`No important date titled "${title}"`);
  return row.date;
};

/** The Call for Papers poster: the ten tracks and the Important Dates (src/content). */
export function cfpPosterSvg(): string {
  return poster(
    'Call for Papers',
    `${conference.name} Call for Papers: ${tracks.length} technical tracks and important dates (sample poster)`,
    (l) =>
      l
        .heading('Technical tracks')
        .bullets(tracks, { size: 16, numbered: true })
        .heading('Important dates')
        .dates(importantDates.map((d) => ({ date: d.date, title: d.title })), 15),
  );
}

/** Announcement poster 1: Call for Papers highlights. */
export function announcement1Svg(): string {
  return poster('Call for Papers', `${conference.name} announcement: Call for Papers (sample poster)`, (l) =>
    l
      .paragraph(
        `Authors are invited to submit original papers on the theory, design, implementation and applications of power electronics, smart grids and renewable energy, in ${conference.numberOfTracks} technical tracks and in special sessions.`,
        18,
      )
      .stats([
        [String(conference.numberOfTracks), 'technical tracks'],
        [String(conference.pageLimit), 'pages max., with references'],
        [`${conference.minReviewsPerPaper}+`, 'reviews per paper'],
      ])
      .heading('Key deadlines')
      .dates(
        ['Paper submission deadline', 'Final extended submission deadline', 'Acceptance notification', 'Camera-ready'].map((title) => ({
          title,
          date: dateOf(title),
        })),
      )
      .callout('Submit your paper', 'Original, unpublished work in English, as a PDF'),
  );
}

/** Announcement poster 2: Call for Special Sessions (src/content/special-session.ts). */
export function announcement2Svg(): string {
  return poster('Call for Special Sessions', `${conference.name} announcement: Call for Special Sessions (sample poster)`, (l) =>
    l
      .callout(`Proposals due ${longDate(specialSessionProposalDeadline)}`, `Proposal format: ${conference.specialSession.proposalFormats.join(', ')}`)
      .heading('A proposal contains')
      .bullets(specialSessionCall.guidelines.slice(1, 4), { size: 17 })
      .heading('Organising a session')
      .bullets(specialSessionCall.organisationRules.slice(0, 3), { size: 17 }),
  );
}

/** Announcement poster 3: Student & YP Paper Assistance (src/content/students-yp.ts). */
export function announcement3Svg(): string {
  return poster('Student & YP Paper Assistance', `${conference.name} announcement: Student and Young Professional Paper Assistance (sample poster)`, (l) => {
    l.paragraph(`The ${conference.society} supports students and young professionals who present a paper at ${conference.name}.`, 18);
    l.heading('Timeline');
    l.dates(studentsYp.timeline);
    l.heading('How to apply');
    return l.bullets(
      [
        'Be an IEEE and IES member with an accepted, fully registered paper that you present yourself.',
        'Submit a video of exactly 3 minutes presenting your paper.',
        'Apply through the form on the Students & YPs page.',
      ],
      { size: 17 },
    );
  });
}

/** Indian digit grouping for rupee amounts (5,00,000). */
function inr(amount: number): string {
  const s = String(Math.round(amount));
  if (s.length <= 3) return s;
  const head = s.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${s.slice(-3)}`;
}

/** The sponsorship brochure cover (src/content/sponsorship.ts). */
export function brochureSvg(): string {
  const defs =
    posterDefs +
    `<linearGradient id="cover" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${P.deep}"/><stop offset="1" stop-color="${P.blue}"/></linearGradient>`;
  const rnd = seeded(99);
  let rings = '';
  for (let i = 0; i < 6; i += 1) rings += `<circle cx="${n(560 + rnd() * 260)}" cy="${n(380 + rnd() * 260)}" r="${n(60 + rnd() * 140)}"/>`;
  const tierColors = ['#d9e4f2', P.amber, '#c7d0db', '#d08a4e'];
  const tiers = sponsorship.packages
    .map((p, i) => {
      const y = 690 + i * 66;
      return (
        `<rect x="60" y="${y}" width="680" height="54" rx="10" fill="#ffffff" fill-opacity="0.08" stroke="#ffffff" stroke-opacity="0.25"/>` +
        `<circle cx="92" cy="${y + 27}" r="14" fill="${at(tierColors, i)}"/>` +
        text(120, y + 34, 21, p.name, `font-weight="700" fill="#ffffff"`) +
        text(716, y + 34, 21, `INR ${inr(p.amountINR)}`, `font-weight="700" fill="${P.amberLight}" text-anchor="end"`)
      );
    })
    .join('');
  const lastY = 690 + sponsorship.packages.length * 66;
  if (lastY > 1000) throw new Error('brochure: too many packages for the cover');
  const body =
    `<rect width="800" height="1100" fill="url(#cover)"/>` +
    `<g fill="none" stroke="${P.tealLight}" stroke-opacity="0.14" stroke-width="3">${rings}</g>` +
    `<path d="${sine(0, 800, 560, 40, 320, 8)}" fill="none" stroke="${P.amber}" stroke-opacity="0.55" stroke-width="4"/>` +
    `<path d="${spwm(0, 800, 530, 590, 16, 320)}" fill="none" stroke="${P.tealLight}" stroke-opacity="0.25" stroke-width="2"/>` +
    conferenceMark(60, 60, 1.3, P.navy) +
    text(160, 112, 40, 'PESGRE 2025', `font-weight="800" fill="#ffffff" letter-spacing="1"`) +
    wrap(conference.fullName.replace(/ \(PESGRE 2025\)$/, ''), 17, 660)
      .map((line, i) => text(60, 190 + i * 24, 17, line, `fill="#dbe7f7"`))
      .join('') +
    text(60, 320, 30, 'SPONSORSHIP', `font-weight="700" fill="${P.tealLight}" letter-spacing="8"`) +
    text(60, 392, 68, 'Opportunities', `font-weight="800" fill="#ffffff"`) +
    text(60, 440, fitSize(`${dateRange}  ·  ${place}`, 22, 680), `${dateRange}  ·  ${place}`, `font-weight="600" fill="${P.amberLight}"`) +
    text(60, 660, 22, 'Sponsorship packages', `font-weight="800" fill="#ffffff"`) +
    tiers +
    text(60, 1040, 17, `Contact: ${conference.contactEmail}`, `font-weight="600" fill="#ffffff"`) +
    sampleTag(800, 1100, { dark: true });
  return svgDoc(800, 1100, `${conference.name} sponsorship brochure cover with sample packages`, body, { defs });
}

// ---------------------------------------------------------------------------------------------
// Sponsor and organiser marks (320 x 160)
// ---------------------------------------------------------------------------------------------

const sponsorColors: [string, string][] = [
  ['#0b3d91', '#f5a524'], ['#0e9f9a', '#0b3d91'], ['#c2410c', '#f59e0b'], ['#15803d', '#84cc16'], ['#6d28d9', '#22d3ee'],
  ['#be123c', '#fb7185'], ['#0369a1', '#38bdf8'], ['#334155', '#f5a524'], ['#b45309', '#facc15'], ['#0f766e', '#5eead4'],
  ['#1d4ed8', '#93c5fd'], ['#9d174d', '#f472b6'], ['#166534', '#fbbf24'], ['#0b3d91', '#0e9f9a'], ['#7c3aed', '#f5a524'],
  ['#0e7490', '#a3e635'], ['#475569', '#38bdf8'],
];

/** Initials of a name for a lettermark: the capitals of its first two words ('Typhoon HIL' -> 'TH'). */
function lettermark(name: string): string {
  const words = name.split(/[\s/]+/).filter((w) => /^[A-Za-z]/.test(w));
  if (words.length === 1) return (words[0] ?? '').slice(0, 4).toUpperCase();
  return words.slice(0, 2).map((w) => w[0]).join('').toUpperCase();
}

/**
 * A plain lettermark (320 x 160, no frame: the page's card is the frame): the initials in a
 * coloured rounded square beside the name. It stands in for a logo, which is never copied.
 */
function lettermarkSvg(mark: string, name: string, [p, a]: [string, string], title: string, sample: boolean): string {
  const lines = wrap(name, 22, 170, true).slice(0, 3);
  const top = 80 - (lines.length * 26) / 2 + 18;
  let body =
    `<rect x="16" y="36" width="88" height="88" rx="18" fill="${p}"/>` +
    `<rect x="16" y="112" width="88" height="12" rx="0" fill="${a}" fill-opacity="0.9"/>` +
    text(60, 92, fitSize(mark, 34, 76, true), mark, `font-weight="800" fill="#ffffff" text-anchor="middle"`);
  lines.forEach((line, k) => {
    body += text(120, top + k * 26, fitSize(line, 22, 190, true), line, `font-weight="800" fill="${p}"`);
  });
  if (sample) body += sampleTag(320, 160, { corner: 'br' });
  return svgDoc(320, 160, title, body);
}

/** Sponsor card NN (1-based): the sponsor's lettermark, or an open-slot mark tagged SAMPLE. */
export function sponsorSvg(number: number): string {
  const card = at(sponsors, number - 1);
  const colors = at(sponsorColors, number - 1);
  if (card.sample) return lettermarkSvg('+', 'Your logo here', ['#6b7a90', '#94a3b8'], `${card.alt} (sample)`, true);
  return lettermarkSvg(lettermark(card.alt), card.alt, colors, `${card.alt} (lettermark, not the sponsor's own logo)`, false);
}

const organiserColors: [string, string][] = [
  [P.blue, P.amber], ['#00629b', P.tealLight], ['#1e3a5f', P.amber], ['#0b3d91', P.teal],
  ['#0e7490', P.amber], ['#7c2d12', P.amber], ['#334155', P.tealLight], ['#166534', P.amber],
];

/** Organiser card N (1-based): the organiser's lettermark from src/content/sponsors.ts. */
export function organiserSvg(number: number): string {
  const card = at(organisers, number - 1);
  const mark = organiserMarks.get(card.alt) ?? lettermark(card.alt);
  return lettermarkSvg(mark, card.alt, at(organiserColors, number - 1), `${card.alt} (lettermark, not the organiser's own logo)`, false);
}

// ---------------------------------------------------------------------------------------------
// Speaker avatars (400 x 400)
// ---------------------------------------------------------------------------------------------

const skins = ['#f1c9a5', '#c68a5e', '#e0ac84', '#8d5a3b', '#f5d6bd', '#a8714c', '#6f4a32'];
const hairs = ['#2b1d14', '#0f0f14', '#7a5230', '#4a3123', '#b9b9c2', '#3b2a20', '#1c1c24'];
const clothes = [P.blue, P.teal, '#334155', '#7c2d12', '#4c1d95', '#0f766e', '#1e3a8a', '#9f1239', '#365314'];
const backgrounds = ['#e3edf9', '#def5f1', '#fdf0d8', '#ece7f8', '#e6f0e3', '#f8e4e4', '#e2eef2'];

/** An abstract head-and-shoulders portrait; `seed` varies colours, hair and glasses. */
export function avatarSvg(seed: number, title: string): string {
  const rnd = seeded(seed * 97 + 5);
  const pick = <T,>(list: readonly T[]): T => at(list, Math.floor(rnd() * list.length));
  const bg = at(backgrounds, seed);
  const skin = pick(skins);
  const hair = pick(hairs);
  const cloth = at(clothes, seed * 2);
  const style = seed % 5;
  const glasses = rnd() < 0.4;
  const shade = 'rgba(0,0,0,0.12)';
  let back = '';
  let front = '';
  if (style === 0) front = `<path d="M136 186C128 112 166 90 202 90C242 90 274 114 264 186C256 152 236 134 200 132C168 132 146 150 136 186Z" fill="${hair}"/>`;
  if (style === 1) {
    back = `<path d="M126 196C116 108 160 82 200 82C244 82 286 108 274 198L290 312H110Z" fill="${hair}"/>`;
    front = `<path d="M138 170C140 116 170 98 204 98C238 98 262 118 264 170C240 142 190 130 138 170Z" fill="${hair}"/>`;
  }
  if (style === 2) front = `<circle cx="200" cy="92" r="28" fill="${hair}"/><path d="M138 176C136 120 166 102 200 102C236 102 264 120 262 176C246 146 228 136 200 136C172 136 152 146 138 176Z" fill="${hair}"/>`;
  if (style === 3) front = `<path d="M142 160C150 118 176 104 200 104C226 104 252 118 258 160C240 138 220 132 200 132C180 132 160 138 142 160Z" fill="${hair}" fill-opacity="0.55"/>`;
  if (style === 4) {
    const curls = [[150, 134], [170, 110], [200, 100], [230, 110], [250, 134], [140, 162], [260, 162], [186, 118], [216, 118]]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="22"/>`)
      .join('');
    front = `<g fill="${hair}">${curls}</g>`;
  }
  const specs = glasses
    ? `<g fill="none" stroke="${P.ink}" stroke-width="4"><rect x="156" y="170" width="36" height="26" rx="9"/><rect x="208" y="170" width="36" height="26" rx="9"/><path d="M192 180H208"/></g>`
    : '';
  const body =
    `<rect width="400" height="400" fill="${bg}"/>` +
    `<circle cx="200" cy="210" r="170" fill="#ffffff" fill-opacity="0.55"/>` +
    back +
    `<path d="M62 400C66 320 124 284 200 284C276 284 334 320 338 400Z" fill="${cloth}"/>` +
    `<rect x="174" y="230" width="52" height="66" rx="20" fill="${skin}"/><rect x="174" y="230" width="52" height="66" rx="20" fill="${shade}"/>` +
    `<path d="M168 286L200 334L232 286" fill="#ffffff" fill-opacity="0.9"/>` +
    `<ellipse cx="138" cy="188" rx="11" ry="17" fill="${skin}"/><ellipse cx="262" cy="188" rx="11" ry="17" fill="${skin}"/>` +
    `<ellipse cx="200" cy="180" rx="62" ry="74" fill="${skin}"/>` +
    front +
    specs +
    sampleTag(400, 400, { corner: 'bc', scale: 1.1, dark: true });
  return svgDoc(400, 400, title, body);
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

/** Every generated SVG: public path (relative to public/) → document. */
export function allSvgs(): Map<string, string> {
  const files = new Map<string, string>();
  files.set('images/logo.svg', logoSvg());
  files.set('favicon.svg', faviconSvg());
  files.set('images/hero/hero-1.svg', hero1Svg());
  files.set('images/hero/hero-2.svg', hero2Svg());
  files.set('images/hero/hero-3.svg', hero3Svg());
  files.set('images/home/campus.svg', campusSvg());
  files.set('images/posters/announcement-1.svg', announcement1Svg());
  files.set('images/posters/announcement-2.svg', announcement2Svg());
  files.set('images/posters/announcement-3.svg', announcement3Svg());
  files.set('images/cfp-poster.svg', cfpPosterSvg());
  files.set('images/sponsorship-brochure.svg', brochureSvg());
  sponsors.forEach((card, index) => files.set(card.src.replace(/^\//, ''), sponsorSvg(index + 1)));
  organisers.forEach((card, index) => files.set(card.src.replace(/^\//, ''), organiserSvg(index + 1)));
  // Only speakers whose content names an image get one; real speakers show initials instead.
  const portraits = [...keynoteSpeakers, ...tutorialSpeakers, ...iesSypKeynotes].flatMap((s) => (s.image ? [s.image] : []));
  portraits.forEach((path, index) => {
    const file = path.replace(/^\//, '');
    const label = file.replace(/^.*\//, '').replace('.svg', '');
    files.set(file, avatarSvg(index, `Abstract portrait placeholder (${label}, sample)`));
  });
  return files;
}

/** Writes every SVG under public/. */
function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../public');
  let total = 0;
  for (const [file, svg] of allSvgs()) {
    const path = join(root, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, svg);
    total += Buffer.byteLength(svg);
    console.log(`${file.padEnd(44)} ${(Buffer.byteLength(svg) / 1024).toFixed(1)} KB`);
  }
  console.log(`total ${(total / 1024).toFixed(1)} KB`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
