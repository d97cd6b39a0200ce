/**
 * The prerendered pages (decision 003; scripts/prerender.ts): builds the site
 * once (the client build runs the prerender) and serves it with `vite preview`, which answers as
 * netlify.toml does (scripts/prerender.ts, previewLikeNetlify), under the production CSP.
 * For every prerendered path: the raw HTML holds the page's h1 and main text, read by Chromium
 * with JavaScript off, and they are what the app itself shows once hydrated; hydrating logs no
 * warning or error, keeps the server's DOM (React replaces it when hydration fails) and shifts
 * nothing; the page then responds (a navigation menu opens). The information pages hydrate their
 * content on the first interaction: one test checks the wait (no page code before it, the
 * server's nodes adopted after it). The home page's hero is an island before React: it fetches
 * keen-slider when it first moves, with no layout shift, keeps still when paused or under reduced
 * motion, and the page hydrates on the first interaction (more in home-islands.test.ts). Also: reading with JavaScript off (headings, the
 * navigation as plain links, the footer), the clock taking over after hydration on the home
 * page, the wizard's shell hydrating into saved progress and into admin mode, and the SPA
 * fallback shell for the admin area.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { previewFixture, scriptsBeforeLoad, watchedPage } from './production-preview';
import { closeByBackdropThenFollowLink } from './drawer';
import { paths } from '../../src/shared/routes';
import { location as travelLocation } from '../../src/content/travel';
import { prerenderedPaths, staticPaths } from '../../src/shared/route-sets';
import { pricing } from '../../src/shared/pricing';
import { emptyRegistrationForm } from '../../src/shared/registration-form';
import { REGISTRATION_STORAGE_KEY } from '../../src/lib/persisted-form';
import { ADMIN_TOKEN_KEY } from '../../src/lib/admin-token';

const preview = previewFixture();

/** Each prerendered page's h1, as the content gives it (the test's own record, not read from the build). */
const headings: Record<string, string> = {
  [paths.home]: 'IEEE International Conference on Power Electronics, Smart Grid and Renewable Energy (PESGRE 2025)',
  [paths.organizingCommittee]: 'Conference Organizing Committee',
  [paths.chairs]: 'Chairs',
  [paths.callForPapers]: 'Call For Papers',
  [paths.callForSpecialSession]: 'Call For Special Session',
  [paths.submission]: 'Submission',
  [paths.keynoteSpeakers]: 'Keynote Speakers',
  [paths.tutorialSpeakers]: 'Tutorial Speakers',
  [paths.iesSypKeynotes]: 'IES SYP Keynotes',
  [paths.programme]: 'Programme',
  [paths.visaInfo]: 'Visa Information',
  [paths.accommodation]: 'Accommodation Details',
  [paths.tour]: 'Tour',
  [paths.food]: 'Food',
  [paths.location]: 'Location',
  [paths.studentsYp]: 'Students & YPs',
  [paths.industrySponsor]: 'Industry Sponsor',
  [paths.contact]: 'Contacts',
  [paths.registrationInfo]: 'Registration',
  [paths.registrationDetails]: 'Conference Registration',
  [paths.paymentSuccess]: 'Form Submitted Successfully!',
  [paths.error]: 'unknown-error',
  [paths.tierUpgrade]: 'Upgrade Registration Tier',
  [paths.ieeeChange]: 'Change IEEE Membership Status',
  [paths.nameChange]: 'Change Registered Name',
  [paths.nameTransfer]: 'Transfer Registration to Another Person',
  [paths.invoices]: 'Invoices',
  [paths.cancelRegistration]: 'Cancel Registration',
  [paths.certificates]: 'Certificates of attendance',
  [paths.certificatesVerify]: 'Certificate verification',
  [paths.registrationProof]: 'Proof of student status',
  [paths.visaLetter]: 'Visa invitation letter',
  [paths.visaLettersVerify]: 'Invitation letter verification',
};

/**
 * Pages whose HTML is a first view that the app replaces once it knows the query string: the
 * verify pages say 'Checking ...' until then (a visitor from a QR code never sees the note for a
 * bare address, which they show once hydrated without a query). And the programme, whose island
 * renders the timetable it fetches (decision 039; tests/e2e/programme.test.ts).
 */
const settlesAfterHydration: readonly string[] = [paths.certificatesVerify, paths.visaLettersVerify, paths.programme];


/** The page's h1 and the text of its main area (the countdown's figures left out: they tick). */
function readPage(page: Page): Promise<{ h1: string; main: string }> {
  return page.evaluate(() => {
    const main = document.querySelector('main')!.cloneNode(true) as HTMLElement;
    main.querySelectorAll('[role="timer"]').forEach((t) => t.remove());
    // With scripting on, a <noscript>'s content is text, not shown (the Location page's map).
    main.querySelectorAll('noscript').forEach((n) => n.remove());
    return {
      h1: document.querySelector('h1')?.textContent ?? '',
      main: (main.textContent ?? '').replace(/\s+/g, ' ').trim(),
    };
  });
}

/** The paths of the scripts `page` requests from now on, in order. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => {
    const file = new URL(r.url()).pathname;
    if (file.endsWith('.js')) scripts.push(file);
  });
  return scripts;
}

/** Whether React has attached its fiber to the element `selector` picks (it is hydrated). */
function hasFiber(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => Object.keys(document.querySelector(sel) ?? {}).some((k) => k.startsWith('__reactFiber')), selector);
}

describe('prerendered pages', () => {
  it('lists every page with a heading record', () => {
    expect([...prerenderedPaths].sort()).toEqual(Object.keys(headings).sort());
  });

  it.each(prerenderedPaths.map((p) => [p]))('%s: HTML holds its h1 and main text, hydrates without a warning', async (route) => {
    // The HTML as a crawler gets it.
    const response = await fetch(preview.baseUrl + route);
    expect(response.status).toBe(200);
    const html = await response.text();
    const h1 = headings[route]!;
    const isStatic = staticPaths.includes(route);
    expect(html).toMatch(
      isStatic
        ? /<div id="root" data-rendered-at="\d+" data-app="\/assets\/index-[\w-]+\.js" data-app-start="interaction" data-app-chunks="[\w\-/. ]+"><div class="site">/
        : /<div id="root" data-rendered-at="\d+" data-app="\/assets\/index-[\w-]+\.js" data-app-start="0" data-app-chunks="[\w\-/. ]+"><div class="site">/,
    );
    expect(html).toContain(`>${h1.replace(/&/g, '&amp;')}</h1>`);
    // The home page tells search engines about the conference (schema.org Event, decision 039).
    if (route === paths.home) expect(html).toMatch(/<script type="application\/ld\+json">\{"@context":"https:\/\/schema\.org","@type":"Event",/);
    if (isStatic) {
      // An information page's only script is the bootstrap (decision 019); the app comes later. (The
      // home page's schema.org data is a JSON-LD block, not a script that runs.)
      expect(html.match(/<script\b(?![^>]*application\/ld\+json)[^>]*>/g)).toEqual([expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/boot-[\w-]+\.js">$/)]);
      // Preloaded: only what the bootstrap imports (the frame's behaviour, the app starter, the paths,
      // Vite's helper for its dynamic imports).
      expect(html.match(/<link rel="modulepreload"[^>]*>/g)?.filter((l) => !/\/assets\/(frame-behaviour|app-start|routes|rolldown-runtime|preload-helper)-/.test(l)) ?? []).toEqual([]);
    } else {
      // The page paints from its HTML and CSS before any of the app is fetched: its only script
      // starts the app after the first paint (src/start.ts), and nothing is preloaded beside it.
      expect(html.match(/<script\b[^>]*>/g)).toEqual([expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/start-[\w-]+\.js">$/)]);
      expect(html.match(/<link rel="modulepreload"[^>]*>/g)?.filter((l) => !/app-start-/.test(l)) ?? []).toEqual([]);
    }

    // Read without JavaScript.
    const offContext = await preview.browser.newContext({ javaScriptEnabled: false });
    const off = await offContext.newPage();
    await off.goto(preview.baseUrl + route);
    const staticView = await readPage(off);
    await offContext.close();
    expect(staticView.h1).toBe(h1);
    expect(staticView.main).toContain(h1);

    // With JavaScript: the same DOM is adopted (hydrated, not replaced) and shows the same text.
    const context = await preview.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, problems } = await watchedPage(context);
    // The wizard asks for pricing once hydrated; left unanswered here, so it keeps the server's
    // text ('Loading pricing...') for the comparison. The wizard's own test below answers it.
    await page.route('**/api/pricing', () => undefined);
    // The programme's island reads the programme (decision 039); the preview has no store behind it.
    await page.route('**/api/programme', (r) => r.fulfill({ json: { updatedAt: null, sessions: [] } }));
    await page.addInitScript(() => {
      const w = window as unknown as { serverH1: Element | null; shifts: { value: number; at: number; what: string[] }[]; flushShifts: () => void };
      w.shifts = [];
      // Every layout shift with its time and the elements that moved (for the failure message).
      const record = (entries: PerformanceEntryList) => {
        for (const e of entries as unknown as { value: number; startTime: number; sources?: { node?: Node }[] }[]) {
          w.shifts.push({ value: e.value, at: e.startTime, what: (e.sources ?? []).map((x) => (x.node instanceof Element ? `${x.node.tagName.toLowerCase()}.${x.node.className}` : String(x.node?.nodeName))) });
        }
      };
      const observer = new PerformanceObserver((list) => record(list.getEntries()));
      observer.observe({ type: 'layout-shift', buffered: true });
      // The shifts recorded but not reported yet.
      w.flushShifts = () => record(observer.takeRecords());
      document.addEventListener('DOMContentLoaded', () => {
        w.serverH1 = document.querySelector('h1');
      });
    });
    await page.goto(preview.baseUrl + route);
    // Before the load event an information page fetched its bootstrap script alone (decision 019).
    if (isStatic) {
      const beforeLoad = await scriptsBeforeLoad(page);
      expect(beforeLoad.some((f) => /\/assets\/boot-[\w-]+\.js$/.test(f)), JSON.stringify(beforeLoad)).toBe(true);
      expect(beforeLoad.filter((f) => !/\/assets\/(boot|app-start|routes|frame-behaviour|rolldown-runtime|preload-helper)-[\w-]+\.js$/.test(f)), JSON.stringify(beforeLoad)).toEqual([]);
    }
    // A first interaction: the information pages load the app and hydrate only then
    // (src/boot.ts); the test below checks the wait itself.
    // The bootstrap switches the whole stylesheets on once they have loaded (decision 019).
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('link[data-beasties-media]').length), { timeout: 20_000 }).toBe(0);
    const takeOver = await page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now())))));
    await page.mouse.move(1, 1);
    // Hydrated: React has attached its fiber to the server's h1 (hydration adopts the node; a
    // failed hydration would have replaced it).
    await expect
      .poll(() => page.evaluate(() => {
        const h1 = (window as unknown as { serverH1: Element | null }).serverH1;
        return h1 === document.querySelector('h1') && Object.keys(h1 ?? {}).some((k) => k.startsWith('__reactFiber'));
      }), { timeout: 20_000 })
      .toBe(true);
    if (settlesAfterHydration.includes(route)) expect((await readPage(page)).h1).toBe(h1);
    else expect(await readPage(page)).toEqual(staticView);
    // Nothing moved when the script took over (the page's CSS came with the HTML; carousels,
    // countdowns and the clock keep their boxes). A shift is recorded in the frame that moved
    // things but reported to the observer later: once the fonts are in, a running countdown has
    // ticked under React (its text changed) and two more frames are drawn, every shift so far is
    // either reported or waiting in the observer's queue (takeRecords). Before that, while the
    // critical CSS alone styled the page and
    // when the whole stylesheets came on, the page may move a little, as the CLS of Web Vitals
    // allows a "good" page (under 0.1); nothing may move once the app takes over.
    const shifts = await page.evaluate(async () => {
      const w = window as unknown as { shifts: { value: number; at: number; what: string[] }[]; flushShifts: () => void };
      await document.fonts.ready;
      const timer = [...document.querySelectorAll('[role="timer"]')].find((t) => /\d/.test(t.querySelector('.countdown__value')?.textContent ?? ''));
      if (timer) {
        const before = timer.textContent;
        await new Promise<void>((r) => {
          const watch = new MutationObserver(() => {
            if (timer.textContent === before) return;
            watch.disconnect();
            r();
          });
          watch.observe(timer, { subtree: true, childList: true, characterData: true });
        });
      }
      await new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
      w.flushShifts();
      return w.shifts;
    });
    expect(shifts.filter((x) => x.at >= takeOver), JSON.stringify(shifts)).toEqual([]);
    expect(shifts.reduce((sum, x) => sum + x.value, 0), JSON.stringify(shifts)).toBeLessThan(0.1);
    // And it responds: a dropdown of the header opens.
    const authors = page.getByRole('button', { name: 'Authors' });
    await authors.click();
    await expect.poll(() => authors.getAttribute('aria-expanded')).toBe('true');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an information page loads no framework until the first interaction, then hydrates, and its links route in the page', async () => {
    const context = await preview.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, problems } = await watchedPage(context);
    const scripts = recordScripts(page);
    await page.goto(preview.baseUrl + paths.registrationInfo);
    // Only the bootstrap script: no React, no page code, nothing hydrated (decision 019).
    await page.waitForLoadState('networkidle');
    expect(await hasFiber(page, 'header .desktop-nav button')).toBe(false);
    expect(await hasFiber(page, 'h1')).toBe(false);
    expect(scripts.filter((f) => !/\/assets\/(boot|app-start|routes|frame-behaviour|rolldown-runtime|preload-helper)-[\w-]+\.js$/.test(f)), JSON.stringify(scripts)).toEqual([]);
    // Reading needs no script: the content's links are plain links meanwhile.
    const cancelLink = page.getByRole('link', { name: 'request a cancellation' });
    expect(await cancelLink.getAttribute('href')).toBe(paths.cancelRegistration);
    // A key press (here Tab, which focuses the skip link) is an interaction: the app and the
    // page's chunk load, and React adopts the server's nodes.
    await page.keyboard.press('Tab');
    await expect.poll(() => hasFiber(page, 'h1'), { timeout: 20_000 }).toBe(true);
    expect(await hasFiber(page, 'header .desktop-nav button')).toBe(true);
    expect(scripts.some((f) => /\/assets\/index-[\w-]+\.js$/.test(f))).toBe(true);
    expect(scripts.some((f) => f.includes('/assets/InfoPage-'))).toBe(true);
    // Hydrated, a content link navigates inside the page (no new document).
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await cancelLink.click();
    await expect.poll(() => page.evaluate(() => location.pathname)).toBe(paths.cancelRegistration);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // And back: the information page renders at once from the loaded chunk.
    await page.goBack();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Registration' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a page the app renders paints before any of the app is fetched, then hydrates by itself; the keyboard model comes with the first interaction', async () => {
    const context = await preview.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, problems } = await watchedPage(context);
    const scripts = recordScripts(page);
    await page.goto(preview.baseUrl + paths.tierUpgrade, { waitUntil: 'load' });
    // Up to the load event: src/start.ts and what it imports, nothing of the app (decision 019).
    expect(scripts.filter((f) => !/\/assets\/(start|app-start)-[\w-]+\.js$/.test(f)), JSON.stringify(scripts)).toEqual([]);
    // After the first paint the app and the page's code load and hydrate without any interaction.
    await expect.poll(() => hasFiber(page, 'h1'), { timeout: 20_000 }).toBe(true);
    expect(scripts.some((f) => /\/assets\/index-[\w-]+\.js$/.test(f))).toBe(true);
    expect(scripts.some((f) => f.includes('/assets/TierUpgradePage-'))).toBe(true);
    expect(scripts.some((f) => f.includes('/assets/frame-behaviour-'))).toBe(false);
    // Focus on a dropdown and Enter at once: the keyboard model arrives with that interaction and
    // still handles the key pressed while it loaded (src/main.tsx).
    const program = page.getByRole('navigation').first().getByRole('button', { name: 'Program' });
    await program.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => program.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Keynote Speakers');
    expect(scripts.some((f) => f.includes('/assets/frame-behaviour-'))).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('home: before React the hero is an island that fetches keen-slider when it first moves; the first interaction hydrates the page in place', async () => {
    const context = await preview.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, problems } = await watchedPage(context);
    const scripts = recordScripts(page);
    // Layout shifts, summed as they are reported (an observer's callback is no timer: the
    // installed fake clock does not hold it back).
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number; shifts: string[] };
      w.layoutShift = 0;
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; startTime: number; sources?: { node?: Node }[] }[]) {
          w.layoutShift += e.value;
          w.shifts.push(`${e.value} at ${e.startTime}: ${(e.sources ?? []).map((x) => (x.node instanceof Element ? `${x.node.tagName.toLowerCase()}.${x.node.getAttribute('class')}` : String(x.node?.nodeName))).join(', ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.clock.install();
    await page.goto(preview.baseUrl + '/');
    const hero = page.getByRole('region', { name: 'Conference highlights' });
    const currentSlide = () => hero.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])').getAttribute('aria-label');
    const shifts = () => page.evaluate(() => (window as unknown as { shifts: string[] }).shifts.join('; '));
    // No React before an interaction (decision 020), nothing has moved yet: no
    // keen-slider, no static sections' code; the sections are there from the HTML.
    await page.waitForLoadState('networkidle');
    expect(await hasFiber(page, '.hero__pause')).toBe(false);
    expect(scripts.filter((f) => /keen-slider|static-sections|\/assets\/index-/.test(f))).toEqual([]);
    // Below the first screens, rendered once scrolled near (content-visibility, home.css).
    await page.getByRole('heading', { name: 'Sponsors' }).scrollIntoViewIfNeeded();
    expect(await page.getByRole('heading', { name: 'Sponsors' }).isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await currentSlide()).toMatch(/^1 of /);
    // The first automatic advance (4 s) fetches keen-slider and moves to slide 2, shifting nothing.
    // (Counted from here: the whole stylesheets switched on after the load may move the page a
    // little, as the test of every page allows.)
    await page.evaluate(() => ((window as unknown as { layoutShift: number; shifts: string[] }).layoutShift = 0));
    await page.evaluate(() => ((window as unknown as { shifts: string[] }).shifts = []));
    await page.clock.runFor(4_000);
    await expect.poll(currentSlide, { timeout: 20_000 }).toMatch(/^2 of /);
    expect(scripts.some((f) => f.includes('keen-slider'))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift), await shifts()).toBe(0);
    expect(scripts.filter((f) => /static-sections|\/assets\/index-/.test(f))).toEqual([]);
    // A first interaction starts the app: the page, the static sections included, hydrates in place.
    await page.mouse.move(10, 10);
    await expect.poll(() => hasFiber(page, '#sponsors-heading'), { timeout: 20_000 }).toBe(true);
    expect(await hasFiber(page, '.hero__pause')).toBe(true);
    expect(await hasFiber(page, '.home-media video')).toBe(true);
    // Paused, it stays where it is.
    // Read once paused: the installed clock also flows in real time, so on a loaded machine an
    // automatic advance can fall between a reading taken before the click and the click itself.
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    const shown = await currentSlide();
    await page.clock.runFor(9_000);
    expect(await currentSlide()).toBe(shown);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('home with reduced motion: the hero starts paused and keen-slider is not fetched until it is played', async () => {
    const context = await preview.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const { page, problems } = await watchedPage(context);
    const scripts = recordScripts(page);
    await page.clock.install();
    await page.goto(preview.baseUrl + '/');
    const play = page.getByRole('button', { name: 'Play slideshow' });
    await play.waitFor({ timeout: 20_000 });
    await page.clock.runFor(9_000);
    const hero = page.getByRole('region', { name: 'Conference highlights' });
    const currentSlide = () => hero.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])').getAttribute('aria-label');
    expect(await currentSlide()).toMatch(/^1 of /);
    expect(scripts.filter((f) => f.includes('keen-slider'))).toEqual([]);
    // Played, it moves (the pointer leaves the hero first: hovering pauses it).
    await play.click();
    await page.mouse.move(10, 890);
    await page.clock.runFor(4_000);
    await expect.poll(currentSlide, { timeout: 20_000 }).toMatch(/^2 of /);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads without JavaScript: headings, the navigation as plain links with the current route marked, dropdowns on hover and focus, the footer', async () => {
    const context = await preview.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(preview.baseUrl + paths.visaInfo);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Visa Information' }).isVisible()).toBe(true);
    expect(await page.getByText('This site needs JavaScript').count()).toBe(0);
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Every entry and sub-entry is a link with its address.
    expect(await nav.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe(paths.contact);
    const cfp = nav.getByRole('link', { name: 'Call for Papers', includeHidden: true });
    expect(await cfp.getAttribute('href')).toBe(paths.callForPapers);
    // The current route is highlighted: its entry and its group.
    expect(await nav.getByRole('link', { name: 'Visa Information', includeHidden: true }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('button', { name: 'Travel' }).getAttribute('class')).toMatch(/\bis-active\b/);
    // Keyboard focus inside a group opens its dropdown (CSS), and leaving closes it.
    await page.keyboard.press('Tab'); // the skip link
    await page.keyboard.press('Tab'); // the logo
    await page.keyboard.press('Tab'); // Home
    await page.keyboard.press('Tab'); // About
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('About');
    await expect.poll(() => nav.getByRole('link', { name: 'Organizing Committee' }).isVisible()).toBe(true);
    await page.keyboard.press('Tab'); // into About's menu
    expect(await nav.getByRole('link', { name: 'Organizing Committee' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab'); // Authors
    await expect.poll(() => nav.getByRole('link', { name: 'Organizing Committee' }).isVisible()).toBe(false);
    expect(await cfp.isVisible()).toBe(true);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    // A dropdown opens on hover, and the link then leads to its page.
    await nav.getByRole('button', { name: 'Authors' }).hover();
    await expect.poll(() => cfp.isVisible()).toBe(true);
    await cfp.click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Call For Papers' }).isVisible()).toBe(true);
    const footer = page.locator('#footer');
    expect(await footer.isVisible()).toBe(true);
    expect(await footer.getByRole('link').first().getAttribute('href')).toMatch(/^mailto:/);
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} `);
    await context.close();
  });

  it('the mobile drawer without JavaScript: opens over a backdrop, one section at a time, the current one open, closes by Escape or a click outside, links lead on', async () => {
    const context = await preview.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(preview.baseUrl + paths.visaInfo);
    const open = page.getByRole('button', { name: 'Open menu' });
    const drawer = page.getByRole('dialog', { name: 'Site menu' });
    expect(await drawer.isVisible()).toBe(false);
    await open.click();
    await expect.poll(() => drawer.isVisible()).toBe(true);
    const section = (name: string) => drawer.locator('details', { has: page.locator('summary', { hasText: name }) });
    // The section of the current page starts open, and shows the current page marked.
    expect(await section('Travel').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await drawer.getByRole('link', { name: 'Visa Information' }).getAttribute('aria-current')).toBe('page');
    // Opening another closes it.
    await drawer.locator('summary', { hasText: 'About' }).click();
    expect(await section('About').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await section('Travel').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await closeByBackdropThenFollowLink(page, open, drawer);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Students & YPs' }).isVisible()).toBe(true);
    expect(await drawer.isVisible()).toBe(false);
    await context.close();
  });

  it('from an information page into the wizard and back: a link approached starts the app, the wizard opens in the same document, Back returns', async () => {
    const context = await preview.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.clock.setSystemTime(new Date('2025-11-10T10:00:00+05:30'));
    const { page, problems } = await watchedPage(context);
    await page.route('**/api/pricing', (r) => r.fulfill({ json: pricing }));
    const scripts = recordScripts(page);
    await page.goto(preview.baseUrl + paths.registrationInfo);
    await page.waitForLoadState('networkidle');
    const register = page.getByRole('link', { name: 'Register (Indian Affiliations)' });
    // Heading for the link fetches the app and the wizard's code before the click.
    await register.hover();
    await expect.poll(() => scripts.some((f) => f.includes('/assets/RegistrationWizard-')), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => hasFiber(page, 'header .desktop-nav button'), { timeout: 20_000 }).toBe(true);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await register.click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Conference Registration' }).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe(paths.registrationDetails);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.goBack();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Registration' }).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the map on the Location page gets its address after the load event (LCP, decision 019), and shows from <noscript> without JavaScript', async () => {
    const context = await preview.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, problems } = await watchedPage(context);
    // Google is not reached from the tests: the embed's document is answered here.
    await page.route('https://www.google.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>map</title><p>map</p>' }));
    // Registered before the page's own scripts, so it runs before the bootstrap script's load listener.
    await page.addInitScript(() => {
      addEventListener('load', () => {
        (window as unknown as { srcAtLoad: string | null }).srcAtLoad = document.querySelector('.ip-map iframe')?.getAttribute('src') ?? null;
      }, { once: true });
    });
    await page.goto(preview.baseUrl + paths.location);
    const frame = page.locator('.ip-map iframe[data-deferred-src]');
    await expect.poll(() => frame.getAttribute('src')).toBe(travelLocation.mapEmbedUrl);
    expect(await page.evaluate(() => (window as unknown as { srcAtLoad: string | null }).srcAtLoad)).toBeNull();
    await expect.poll(() => page.frames().some((f) => f.url() === travelLocation.mapEmbedUrl)).toBe(true);
    expect(await frame.isVisible()).toBe(true);
    // The first interaction hydrates the page: the embed is adopted, not loaded again.
    await page.mouse.move(10, 10);
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('app-rendered').length)).toBe(1);
    expect(await page.locator('.ip-map iframe').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();

    // A client-side navigation to the page (the router renders it): the map loads at once.
    const navContext = await preview.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const nav = await navContext.newPage();
    await nav.route('https://www.google.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>map</p>' }));
    await nav.goto(preview.baseUrl + paths.contact);
    await nav.mouse.move(10, 10);
    await expect.poll(() => nav.evaluate(() => performance.getEntriesByName('app-rendered').length)).toBe(1);
    await nav.evaluate((to) => {
      const link = document.createElement('a');
      link.href = to;
      link.textContent = 'to location';
      document.querySelector('main')?.append(link);
    }, paths.location);
    await nav.getByRole('link', { name: 'to location' }).click();
    await nav.getByRole('heading', { level: 1, name: 'Location' }).waitFor();
    await expect.poll(() => nav.locator('.ip-map iframe[data-deferred-src]').getAttribute('src')).toBe(travelLocation.mapEmbedUrl);
    await navContext.close();

    // Without JavaScript: the <noscript> copy is the map; the deferred one is hidden.
    const offContext = await preview.browser.newContext({ javaScriptEnabled: false });
    const off = await offContext.newPage();
    await off.route('https://www.google.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>map</p>' }));
    await off.goto(preview.baseUrl + paths.location);
    expect(await off.locator('.ip-map iframe[data-deferred-src]').isVisible()).toBe(false);
    expect(await off.locator(`.ip-map iframe[src="${travelLocation.mapEmbedUrl}"]`).isVisible()).toBe(true);
    await offContext.close();
  });

  it('home: the countdown is "--" in the HTML and takes the clock after hydration', async () => {
    const html = await (await fetch(preview.baseUrl + '/')).text();
    const context = await preview.browser.newContext();
    const { page, problems } = await watchedPage(context);
    // A visit before the conference: the HTML (rendered now, after it) says it has ended, out of
    // date for this visitor: the app starts after the load (src/boot.ts) and shows the visitor's time.
    await page.clock.install({ time: new Date('2025-12-10T06:30:00Z') });
    await page.goto(preview.baseUrl + '/');
    const timer = page.getByRole('timer', { name: 'Time left until the conference starts' });
    await expect.poll(() => timer.locator('[data-unit="days"] .countdown__value').textContent(), { timeout: 20_000 }).toBe('7');
    expect(problems).toEqual([]);
    await context.close();
    // Rendered after the conference's start: the stable server state has no figures in it.
    expect(html).not.toMatch(/countdown__value">\d/);
  });

  it('a query string: the page renders its query state without a hydration error', async () => {
    const context = await preview.browser.newContext();
    const { page, problems } = await watchedPage(context);
    await page.goto(`${preview.baseUrl}${paths.error}?msg=international-payments-error`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('international-payments-error');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('payment success with its query: the island renders it before the app, which then hydrates it unchanged (decision 023)', async () => {
    const variants: { query: string; heading: string; lines: string[]; title: string; links?: [string, string][] }[] = [
      { query: '?reg_no=PESGRE-0001&payment_id=pay_123', heading: 'Payment Successful!', lines: ['Payment ID: pay_123', 'Registration Number: PESGRE-0001'], title: 'Payment successful | PESGRE 2025' },
      { query: '?reg_no=PESGRE-0002&payment_id=NoPayment&kind=free-registration', heading: 'Registration confirmed', lines: ['Registration Number: PESGRE-0002'], title: 'Registration confirmed | PESGRE 2025' },
      { query: '?reg_no=PESGRE-0003&payment_id=pay_456&kind=tier-upgrade', heading: 'Payment Successful!', lines: ['Payment ID: pay_456', 'Registration Number: PESGRE-0003'], title: 'Payment successful | PESGRE 2025' },
      // The query is the visitor's input: shown as text, never run.
      { query: `?reg_no=${encodeURIComponent('<img src=x onerror="window.ran=1">')}&payment_id=pay_7`, heading: 'Payment Successful!', lines: ['Payment ID: pay_7', 'Registration Number: <img src=x onerror="window.ran=1">'], title: 'Payment successful | PESGRE 2025' },
      // A student awaiting the proof from abroad (decision 031): received, not confirmed; the island writes the two links too.
      {
        query: '?reg_no=PESGRE-0004&payment_id=pay_789&proof=awaiting&visa=letter',
        heading: 'Payment Successful!',
        lines: ['Payment ID: pay_789', 'Registration Number: PESGRE-0004'],
        title: 'Payment received | PESGRE 2025',
        links: [
          ['Upload your proof of student status', '/registration/proof?reg_no=PESGRE-0004'],
          ['Request a visa invitation letter', '/registration/visa-letter?reg_no=PESGRE-0004'],
        ],
      },
    ];
    for (const variant of variants) {
      const context = await preview.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const { page, problems } = await watchedPage(context);
      const scripts = recordScripts(page);
      await page.goto(`${preview.baseUrl}${paths.paymentSuccess}${variant.query}`);
      const card = page.locator('section.payment-success');
      // Before any interaction: the island, no framework.
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(variant.heading);
      expect(await card.locator('.payment-success__details p').allTextContents()).toEqual(variant.lines);
      expect(await page.title()).toBe(variant.title);
      const links = await card.locator('.payment-success__links a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
      expect(links).toEqual(variant.links ?? []);
      await page.waitForLoadState('networkidle');
      expect(scripts.filter((f) => !/\/assets\/(boot|app-start|routes|frame-behaviour|rolldown-runtime|payment-success-island)-[\w-]+\.js$/.test(f)), JSON.stringify(scripts)).toEqual([]);
      const before = await card.evaluate((el) => {
        (window as unknown as { islandCard: Element }).islandCard = el;
        return el.outerHTML;
      });
      // The first interaction starts the app, which hydrates the island's markup: the same nodes, the same HTML.
      await page.mouse.move(5, 5);
      await expect.poll(() => hasFiber(page, 'section.payment-success h1'), { timeout: 20_000 }).toBe(true);
      expect(await card.evaluate((el) => el === (window as unknown as { islandCard: Element }).islandCard)).toBe(true);
      expect(await card.evaluate((el) => el.outerHTML)).toBe(before);
      expect(await page.evaluate(() => (window as unknown as { ran?: number }).ran)).toBeUndefined();
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('the wizard shell hydrates into the saved step and values, and ?foreign=allowed starts admin mode', async () => {
    const context = await preview.browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Inside the registration window (it closes on 15 Nov 2025, decision 013), as the wizard reads the browser's clock.
    await context.clock.setSystemTime(new Date('2025-11-10T10:00:00+05:30'));
    const { page, problems } = await watchedPage(context);
    await page.route('**/api/pricing', (r) => r.fulfill({ json: pricing }));
    await page.route('**/api/admin-auth/verify', (r) => r.fulfill({ json: { ok: true, expiresAt: new Date(Date.now() + 3_600_000).toISOString() } }));
    const saved = JSON.stringify({ step: 2, data: { ...emptyRegistrationForm, title: 'Dr', firstName: 'Asha', lastName: 'Kulkarni' } });
    await page.addInitScript(([key, value]) => {
      localStorage.setItem(key!, value!);
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { serverH1: Element | null }).serverH1 = document.querySelector('h1');
      });
    }, [REGISTRATION_STORAGE_KEY, saved]);

    // Saved progress: the server's heading is adopted, then the saved step and values appear.
    await page.goto(preview.baseUrl + paths.registrationDetails);
    await expect.poll(() => page.getByRole('heading', { name: 'Select Your Registration Tier' }).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(
      await page.evaluate(() => {
        const h1 = (window as unknown as { serverH1: Element | null }).serverH1;
        return h1 === document.querySelector('h1') && Object.keys(h1 ?? {}).some((k) => k.startsWith('__reactFiber'));
      }),
    ).toBe(true);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Asha');
    expect(await page.getByLabel('Last Name').inputValue()).toBe('Kulkarni');

    // Admin mode: the query makes main.tsx render afresh; the stored token is verified.
    await page.evaluate((key) => localStorage.setItem(key, 'a-token'), ADMIN_TOKEN_KEY);
    await page.goto(`${preview.baseUrl}${paths.registrationDetails}?foreign=allowed`);
    await expect.poll(() => page.getByText('Admin mode: all countries and the Foreign (USD) tiers are available.').isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByLabel('Country', { exact: true }).selectOption('Japan');
    expect(await page.getByLabel('First Name').inputValue()).toBe('Asha');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('/admin/login gets the SPA fallback shell and works', async () => {
    const html = await (await fetch(preview.baseUrl + paths.adminLogin)).text();
    expect(html).toContain('<div id="root"></div>');
    const context = await preview.browser.newContext();
    const { page, problems } = await watchedPage(context);
    await page.route('**/api/**', (r) => r.fulfill({ status: 503, json: { error: 'not served by vite preview' } }));
    await page.goto(preview.baseUrl + paths.adminLogin);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor({ timeout: 20_000 });
    expect(await heading.textContent()).toBe('Admin Login');
    expect(await page.locator('#footer').isVisible()).toBe(true);
    expect(problems.filter((p) => !/503|Failed to load resource/.test(p))).toEqual([]);
    await context.close();
  });
});
