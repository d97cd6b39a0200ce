/**
 * The programme in Chromium (decision 037, 039). On `npm start`'s stack: accepted papers and a
 * programme imported through the admin endpoints, then /program shows the timetable by day with
 * its rooms, tracks, papers and authors, filters by track, shows "now" and "next" by room on a
 * conference day (a pinned browser clock), opens a delegate's agenda by registration ID and
 * e-mail or by the e-mailed link, saves a star, and is axe clean at 320, 390 and 1366 px without
 * sideways scrolling; the admin page shows the timetable, the warnings and the papers in no
 * session. On the production build (vite preview under the production CSP, its functions on the
 * same store): the page is an information page (only the bootstrap's scripts before the load
 * event, at most 15 KB gzipped), the island renders before React, the first interaction hydrates
 * it keeping the island's nodes, and once visited the page opens offline (its service worker).
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { paths } from '../../src/shared/routes';
import { devDefaults } from '../../scripts/local-config';
import { standardPeriod } from '../setup/edition-clock';
import { validForm } from '../functions/helpers-form';
import { adminLogin, postJson, registerPaid } from './api-flow';
import { expectNoAxeViolations } from './axe';
import { scriptsBeforeLoad, startProductionPreview, watchedPage, type ProductionPreview } from './production-preview';
import { resolveChromium } from '../../scripts/chromium';
import { launchChromium, startStack, type Stack } from './stack';


const PAPERS = [
  'Paper ID,Title,Authors,Emails,Track,Status',
  '201,Grid-forming inverter control for weak rural feeders,Asha Rao; Vikram Shetty,asha.rao@example.org; vikram.shetty@example.org,Smart Grid and Microgrid,Accept',
  '202,Ageing of second-life batteries in telecom towers,Meera Iyer,meera.iyer@example.org,Energy Storage and Battery Charging Technologies,Accept',
  '203,A 10 kW silicon carbide converter,Asha Rao,asha.rao@example.org,Wide Band Gap Devices,Accept',
  '204,Harmonics of rural feeders,Ravi Kumar,ravi.kumar@example.org,"FACTS, Custom Power, Power Quality and EMI",Accept',
].join('\n');
const MAPPING = JSON.stringify({ paperId: 'Paper ID', title: 'Title', authorNames: 'Authors', authorEmails: 'Emails', track: 'Track', status: 'Status' });
const PROGRAMME = [
  'session_id,title,kind,track,room,date,start,end,chair,paper_ids',
  'OPEN,Opening and keynote,keynote,,Main Auditorium,2025-12-18,09:00,10:30,Prof. Lakshmi Nair,',
  'TEA,Tea,break,,,2025-12-18,10:30,11:00,,',
  'S1,Grid control,papers,Smart Grid and Microgrid,Hall A,2025-12-18,11:00,12:30,Dr. Kiran Patil,201',
  'S2,Storage and devices,papers,Energy Storage and Battery Charging Technologies,Hall B,2025-12-18,11:00,12:30,Dr. Nisha Menon,202;203',
  'D2,Renewable integration at a very long title that has to wrap on a narrow phone without pushing the page sideways,papers,"Renewable Energy Resources, Distributed Generation and Grid Interconnection",Lecture Hall with a long name,2025-12-19,09:30,11:00,Prof. Anantharamakrishnan Venkatasubramanian,',
].join('\n');

let stack: Stack;
let browser: Browser;
let token = '';
let meera = '';

const post = postJson;

async function upload(path: string, csv: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new Blob([csv]), 'file.csv');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${stack.appUrl}${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as Record<string, any>;
}


beforeAll(async () => {
  stack = await startStack({ APP_NOW: standardPeriod() });
  browser = await launchChromium();
  token = await adminLogin(stack.appUrl);
  expect((await upload('/api/admin/papers/import?format=csv', PAPERS, { mapping: MAPPING })).imported).toBe(4);
  meera = (await registerPaid(stack.appUrl, stack.doubleUrl, validForm({ firstName: 'Meera', lastName: 'Iyer', email: 'meera.iyer@example.org', verifyEmail: 'meera.iyer@example.org', paperId: '202' }))).regNo;
  expect((await upload('/api/admin/programme/import', PROGRAMME)).sessions).toBe(5);
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** A page whose console errors and uncaught errors are collected in `errors`. */
async function openPage(viewport: { width: number; height: number }, clock?: Date) {
  const context = await browser.newContext({ viewport });
  if (clock) await context.clock.setSystemTime(clock);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

const sessionTitles = (page: Page) => page.locator('.tt-session__title').allTextContents();

/** Whether the document is wider than the viewport (sideways scrolling). */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('/program on the local stack', () => {
  it('shows the timetable by day with rooms, tracks, papers and authors, filters by track, and is axe clean without sideways scrolling at 320, 390 and 1366 px', async () => {
    const { context, page, errors } = await openPage({ width: 1366, height: 900 }, new Date('2026-01-15T10:00:00+05:30'));
    await page.goto(`${stack.appUrl}${paths.programme}`);
    await page.getByRole('heading', { level: 1, name: 'Programme' }).waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { level: 2, name: 'Thursday, 18 December 2025' }).waitFor({ timeout: 30_000 });
    // The browser's clock is after the conference: the page says so.
    expect(await page.locator('.pg__phase').textContent()).toBe('The conference ended on 21 December 2025. This is its programme as last published.');
    expect(await page.getByRole('heading', { level: 2, name: 'Friday, 19 December 2025' }).isVisible()).toBe(true);
    expect(await sessionTitles(page)).toEqual(['Opening and keynote', 'Tea', 'Grid control', 'Storage and devices', expect.stringMatching(/^Renewable integration/)]);
    const s2 = page.locator('#session-S2');
    expect(await s2.locator('.tt-session__meta').textContent()).toBe('11:00–12:30 · Hall B · Paper session · Energy Storage and Battery Charging Technologies');
    await s2.getByText('2 papers').click();
    expect(await s2.getByText('Ageing of second-life batteries in telecom towers').isVisible()).toBe(true);
    expect(await s2.getByText('Meera Iyer').isVisible()).toBe(true);
    expect(await page.content()).not.toContain('@example.org');
    // Filter by track.
    await page.getByLabel('Track', { exact: true }).selectOption('Smart Grid and Microgrid');
    expect(await sessionTitles(page)).toEqual(['Grid control']);
    await page.getByLabel('Track', { exact: true }).selectOption('');
    await page.getByLabel('Day', { exact: true }).selectOption('2025-12-19');
    expect(await sessionTitles(page)).toEqual([expect.stringMatching(/^Renewable integration/)]);
    await page.getByLabel('Day', { exact: true }).selectOption('');
    // The Program menu leads here, and names this page as the current one.
    expect(await page.locator('nav[aria-label="Main"] a[href="/program"]').first().getAttribute('aria-current')).toBe('page');
    await expectNoAxeViolations(page, '/program');
    for (const width of [320, 390, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await scrollsSideways(page), `sideways at ${width} px`).toBe(false);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows "now" and "next" by room on a conference day (the browser clock pinned to 18 December, 11:15 IST)', async () => {
    const { context, page } = await openPage({ width: 390, height: 844 }, new Date('2025-12-18T11:15:00+05:30'));
    await page.goto(`${stack.appUrl}${paths.programme}`);
    const now = page.getByRole('region', { name: 'Now and next' });
    await now.waitFor({ timeout: 60_000 });
    expect((await now.locator('li').allTextContents()).map((t) => t.replace(/\s+/g, ' '))).toEqual([
      'Hall ANow: 11:00–12:30 Grid control',
      'Hall BNow: 11:00–12:30 Storage and devices',
    ]);
    await expectNoAxeViolations(page, '/program with now and next');
    await context.close();
  });

  it("opens a delegate's agenda by registration ID and e-mail: the own session marked, a star saved, the calendar links, only my agenda", async () => {
    // Before the conference (after it, the page offers no new agenda).
    const { context, page, errors } = await openPage({ width: 390, height: 844 }, new Date('2025-12-10T10:00:00+05:30'));
    await page.goto(`${stack.appUrl}${paths.programme}`);
    const agenda = page.getByRole('region', { name: 'My agenda' });
    await agenda.getByLabel('Registration ID').fill(meera);
    await agenda.getByLabel('E-mail you registered with').fill('someone.else@example.org');
    await agenda.getByRole('button', { name: 'Open my agenda' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/registration/i);
    await agenda.getByLabel('E-mail you registered with').fill('meera.iyer@example.org');
    await agenda.getByRole('button', { name: 'Open my agenda' }).click();
    await expect.poll(() => agenda.textContent(), { timeout: 20_000 }).toContain('1 session on your agenda, 1 of them with your papers');
    expect(await page.locator('#session-S2 .tt-session__own').isVisible()).toBe(true);
    const star = page.locator('#session-S1').getByRole('button', { name: /^My agenda/ });
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    expect(await star.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.locator('.pg__status').textContent()).toBe('Your agenda is saved.');
    expect(await stack.redis.hget(`${stack.keyPrefix}agenda:stars`, meera)).toEqual(['S1']);
    const webcal = await agenda.getByRole('link', { name: 'subscribe to my agenda' }).getAttribute('href');
    expect(webcal).toMatch(/^webcal:\/\/localhost:\d+\/api\/agenda\/[\w-]+\.[\w-]{22}\.ics$/);
    await page.getByLabel('Only my agenda').check();
    expect(await sessionTitles(page)).toEqual(['Grid control', 'Storage and devices']);
    await expectNoAxeViolations(page, '/program with an agenda');
    expect(await scrollsSideways(page)).toBe(false);
    // The link of the confirmation e-mail opens the same agenda on another device, and leaves the address bar.
    const link = await post(`${stack.appUrl}/api/agenda`, { regId: meera, email: 'meera.iyer@example.org' });
    const other = await openPage({ width: 1366, height: 900 }, new Date('2025-12-10T10:00:00+05:30'));
    await other.page.goto(link.json.pageUrl.replace(/^http:\/\/localhost:\d+/, stack.appUrl));
    await expect.poll(() => other.page.locator('#session-S1 .tt-star').getAttribute('aria-pressed'), { timeout: 60_000 }).toBe('true');
    expect(new URL(other.page.url()).hash).toBe('');
    await other.context.close();
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
    await context.close();
  });

  it('the admin page: the timetable as delegates will see it, the warnings and the papers in no session; axe clean', async () => {
    const { context, page, errors } = await openPage({ width: 1366, height: 900 });
    await page.goto(`${stack.appUrl}${paths.adminLogin}`);
    await page.evaluate((t) => localStorage.setItem('admin-token', t), token);
    await page.goto(`${stack.appUrl}${paths.adminProgramme}`);
    await page.getByRole('heading', { name: 'The published programme, as delegates see it' }).waitFor({ timeout: 60_000 });
    expect(await sessionTitles(page)).toHaveLength(5);
    const unplaced = page.getByRole('region', { name: 'Accepted papers not yet in a session' });
    expect(await unplaced.textContent()).toContain('204 Harmonics of rural feeders');
    expect(await page.getByRole('region', { name: 'Warnings' }).textContent()).toContain('1 accepted paper is in no session.');
    // A file with a refused row: the row and its reason, nothing published.
    await page.getByLabel('Programme CSV').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(`${PROGRAMME}\nX,Unknown,papers,,Hall C,2025-12-18,09:00,10:00,,999`) });
    await page.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Refused rows' }).textContent()).toBe('Row 7: Paper ID 999 is not an accepted paper.');
    // A good file, checked: its timetable is shown before anything is published.
    await page.getByLabel('Programme CSV').setInputFiles({ name: 'ok.csv', mimeType: 'text/csv', buffer: Buffer.from(PROGRAMME.replace('Grid control', 'Control of grid-forming inverters')) });
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('heading', { name: 'The checked file, as delegates will see it' }).waitFor();
    expect(await sessionTitles(page)).toContain('Control of grid-forming inverters');
    await expectNoAxeViolations(page, '/admin/programme');
    expect(errors.filter((e) => !/400/.test(e))).toEqual([]);
    await context.close();
  });
});

describe('/program in the production build', () => {
  let site: ProductionPreview;
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    // The preview's functions read the same store as the stack above.
    const env = { UPSTASH_REDIS_REST_URL: stack.bridgeUrl, UPSTASH_REDIS_REST_TOKEN: devDefaults.UPSTASH_REDIS_REST_TOKEN, KEY_PREFIX: stack.keyPrefix, RAZORPAY_KEY_ID: devDefaults.RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET: devDefaults.RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: devDefaults.RAZORPAY_WEBHOOK_SECRET };
    for (const [k, v] of Object.entries(env)) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    site = await startProductionPreview();
  }, 400_000);
  afterAll(async () => {
    await site?.close();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it('loads only the bootstrap before the load event (at most 15 KB gzipped), renders the timetable before React, and hydrates keeping the island', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const { page, problems } = await watchedPage(context);
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(`${site.baseUrl}${paths.programme}`, { waitUntil: 'load' });
    // The scripts whose fetch started before the load event, as the page itself timed them: a copy
    // of the requests seen when goto returns may already hold the island, which starts just after.
    const beforeLoad = await scriptsBeforeLoad(page);
    expect(beforeLoad.some((f) => /\/assets\/boot-[\w-]+\.js$/.test(f)), JSON.stringify(beforeLoad)).toBe(true);
    expect(beforeLoad.filter((f) => !/\/assets\/(boot|app-start|routes|frame-behaviour|rolldown-runtime|preload-helper)-[\w-]+\.js$/.test(f)), JSON.stringify(beforeLoad)).toEqual([]);
    let gzipped = 0;
    for (const file of new Set(beforeLoad)) gzipped += gzipSync(Buffer.from(await (await fetch(`${site.baseUrl}${file}`)).arrayBuffer()), { level: 9 }).length;
    expect(gzipped).toBeLessThanOrEqual(15_000);
    // The island renders the timetable without React.
    await page.locator('#session-S2').waitFor({ timeout: 30_000 });
    expect(scripts.some((f) => /\/assets\/index-/.test(f))).toBe(false);
    const hasFiber = (selector: string) => page.evaluate((sel) => Object.keys(document.querySelector(sel) ?? {}).some((k) => k.startsWith('__reactFiber')), selector);
    expect(await hasFiber('h1')).toBe(false);
    await page.evaluate(() => ((window as unknown as { island: Element | null }).island = document.querySelector('#session-S2')));
    // The first interaction hydrates the page; the island's nodes stay.
    await page.mouse.move(5, 5);
    await expect.poll(() => hasFiber('h1'), { timeout: 30_000 }).toBe(true);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { island: Element | null }).island === document.querySelector('#session-S2'))).toBe(true);
    expect(await page.locator('.tt-session').count()).toBe(5);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('once visited, opens offline: the page from its service worker, the programme from the device', async (ctx) => {
    // The package Chromium (a headless shell, used only where Debian's is missing) lets the service
    // worker's fetches through while the context is offline: the programme then arrives fresh and
    // the offline path is never taken. CI runs Debian's Chromium, where this test runs.
    if ((await resolveChromium()).source === 'package') return ctx.skip("the package Chromium does not take its service worker offline");
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const { page, problems } = await watchedPage(context);
    await page.goto(`${site.baseUrl}${paths.programme}`);
    await page.locator('#session-S2').waitFor({ timeout: 30_000 });
    // The worker installs after the first render and takes control of the page.
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/program'))?.active?.state ?? null), { timeout: 30_000 }).toBe('activated');
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Programme' }).waitFor({ timeout: 30_000 });
    await page.locator('#session-S2').waitFor({ timeout: 30_000 });
    // The device's copy is shown first; the status says offline once the fetch has failed.
    await expect.poll(() => page.locator('.pg__status').textContent(), { timeout: 30_000 }).toMatch(/^You are offline or the site did not answer: this is the programme as published on /);
    expect(await sessionTitles(page)).toHaveLength(5);
    await context.setOffline(false);
    // Offline, the failed fetches are logged by the browser; nothing else may be.
    expect(problems.filter((p) => !/net::ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/.test(p))).toEqual([]);
    await context.close();
  });
});
