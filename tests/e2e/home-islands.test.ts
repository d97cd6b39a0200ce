/**
 * The home page's islands (decision 020) in the production build: before React has
 * started (its entry script held back by the test), the countdowns show their figures, the hero
 * advances, the ticker scrolls and pauses, each from its own small script; when React then
 * starts, it takes the islands over where they are: no console error or warning, no second
 * timer, no jump back to the first slide, pauses kept. Also: reduced motion before React, the
 * page without JavaScript, and a prerendered time-dependent block that is out of date for the
 * visitor's clock (the app starts at once, or when the block's window ends), and what the first
 * load leaves to the islands (the other slides' pictures, the video's poster). Blocks that change
 * with the edition's phase (decision 031: the status line, the ticker's first item, the Registration
 * page's links) show the visitor's variant before React, from the bootstrap script.
 *
 * The site is built with its pages rendered at RENDERED_AT (PRERENDER_AT, scripts/prerender.ts),
 * before the conference, so the HTML has both countdowns; the browser's clock is pinned after it.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { previewFixture, watchedPage } from './production-preview';
import { conference } from '../../src/content/conference';
import { importantDates, formatDate } from '../../src/content/dates';
import { conferenceStart, upcomingEvents } from '../../src/shared/schedule';
import { registrationFees } from '../../src/content/registration';
import { registrationClosedMessage } from '../../src/shared/messages';
import { afterConference, at } from '../setup/edition-clock';

/** When the pages are rendered, and a visit in the same window of the Upcoming Events card (its next date is 30 September). */
const RENDERED_AT = '2025-09-01T00:00:00Z';
const VISIT = '2025-09-01T06:00:00Z';

const preview = previewFixture({ renderAt: RENDERED_AT });

/** A page at `time` whose console errors and warnings, and uncaught errors, land in `problems`; `holdApp` keeps the app's entry script from arriving until `release()`. */
async function homePage(context: BrowserContext, time: string, holdApp: boolean) {
  const { page, problems } = await watchedPage(context);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  if (holdApp) await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => (await released, route.continue()));
  await page.clock.install({ time: new Date(time) });
  await page.goto(preview.baseUrl + '/');
  await page.waitForLoadState('load');
  return { page, problems, release, requested };
}

/** Whether React has attached its fiber to the element `selector` picks. */
function hasFiber(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => Object.keys(document.querySelector(sel) ?? {}).some((k) => k.startsWith('__reactFiber')), selector);
}

const heroSlide = (page: Page) =>
  page.getByRole('region', { name: 'Conference highlights' }).locator('[aria-roledescription="slide"]:not([aria-hidden="true"])').getAttribute('aria-label');
const tickerOffset = (page: Page) => page.getByTestId('ticker-track').evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41);
const conferenceTimer = (page: Page) => page.getByRole('timer', { name: 'Time left until the conference starts' });
const figure = (page: Page, unit: string) => conferenceTimer(page).locator(`[data-unit="${unit}"] .countdown__value`).textContent();

describe('home islands before and after React', () => {
  it('before React: the countdowns show figures, the hero advances, the ticker scrolls and pauses; React then takes over where they are', async () => {
    const context = await preview.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, problems, release, requested } = await homePage(context, VISIT, true);

    // The hero advances at its first interval, fetching keen-slider then.
    expect(await heroSlide(page)).toMatch(/^1 of /);
    expect(requested.filter((f) => f.includes('keen-slider'))).toEqual([]);
    await page.clock.runFor(4_000);
    await expect.poll(() => heroSlide(page), { timeout: 10_000 }).toMatch(/^2 of /);
    expect(requested.some((f) => f.includes('keen-slider'))).toBe(true);

    // The countdowns: the visitor's figures, from the pinned clock, ticking.
    const days = Math.floor((conferenceStart(conference).getTime() - new Date(VISIT).getTime()) / 86_400_000);
    expect(await figure(page, 'days')).toBe(String(days));
    const upcoming = upcomingEvents(importantDates, new Date(VISIT))!;
    const upcomingTimer = page.getByRole('timer', { name: `Time left until the end of ${formatDate(upcoming.date)}` });
    expect(await upcomingTimer.locator('[data-unit="days"] .countdown__value').textContent()).toMatch(/^\d+$/);
    const seconds = await figure(page, 'seconds');
    await page.clock.runFor(2_000);
    await expect.poll(() => figure(page, 'seconds')).not.toBe(seconds);
    // The ticker scrolls.
    const start = await tickerOffset(page);
    await page.clock.runFor(600);
    await expect.poll(() => tickerOffset(page)).toBeLessThan(start);

    // Each Pause button stops its island (the first press is also the first interaction: it asks
    // for the app, which the test holds back).
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.getByRole('button', { name: 'Pause ticker' }).click();
    await page.getByRole('button', { name: 'Pause countdown: Time left until the conference starts' }).click();
    await page.mouse.move(640, 890);
    await page.clock.runFor(1_000); // a slide change under way settles
    const slide = await heroSlide(page);
    const held = await tickerOffset(page);
    const heldSeconds = await figure(page, 'seconds');
    await page.clock.runFor(5_000);
    expect(await heroSlide(page)).toBe(slide);
    expect(await tickerOffset(page)).toBe(held);
    expect(await figure(page, 'seconds')).toBe(heldSeconds);
    // All of that without React.
    expect(await hasFiber(page, '.hero__pause')).toBe(false);
    expect(await hasFiber(page, 'h1')).toBe(false);

    // React arrives and hydrates: everything stays where it was.
    release();
    await expect.poll(() => hasFiber(page, '.hero__pause'), { timeout: 20_000 }).toBe(true);
    await page.clock.runFor(5_000);
    expect(await heroSlide(page)).toBe(slide);
    expect(await tickerOffset(page)).toBe(held);
    expect(await figure(page, 'seconds')).toBe(heldSeconds);
    for (const name of ['Play slideshow', 'Play ticker', 'Resume countdown: Time left until the conference starts']) {
      expect(await page.getByRole('button', { name }).isVisible(), name).toBe(true);
    }
    // Played under React, each moves again, the hero one slide per interval (one timer, not two).
    await page.getByRole('button', { name: 'Play slideshow' }).click();
    await page.getByRole('button', { name: 'Play ticker' }).click();
    await page.getByRole('button', { name: 'Resume countdown: Time left until the conference starts' }).click();
    await page.mouse.move(640, 890);
    const index = Number(/^(\d+) of (\d+)$/.exec(slide!)![1]);
    const count = Number(/^(\d+) of (\d+)$/.exec(slide!)![2]);
    await page.clock.runFor(4_000);
    await expect.poll(() => heroSlide(page), { timeout: 10_000 }).toBe(`${(index % count) + 1} of ${count}`);
    await page.clock.runFor(1_000);
    expect(await heroSlide(page)).toBe(`${(index % count) + 1} of ${count}`);
    expect(await tickerOffset(page)).toBeLessThan(held);
    expect(await figure(page, 'seconds')).not.toBe(heldSeconds);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('before React, with reduced motion: the hero, the ticker and the countdowns start paused with their figures, and Play starts them', async () => {
    const context = await preview.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const { page, problems, requested } = await homePage(context, VISIT, true);
    const play = page.getByRole('button', { name: 'Play slideshow' });
    await play.waitFor({ timeout: 10_000 });
    expect(await page.getByRole('button', { name: 'Play ticker' }).isVisible()).toBe(true);
    // The countdown's section is rendered once it nears the view (content-visibility, home.css).
    const resume = page.getByRole('button', { name: 'Resume countdown: Time left until the conference starts' });
    await resume.scrollIntoViewIfNeeded();
    expect(await resume.isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => figure(page, 'days')).toMatch(/^\d+$/);
    const seconds = await figure(page, 'seconds');
    const offset = await tickerOffset(page);
    await page.clock.runFor(9_000);
    expect(await heroSlide(page)).toMatch(/^1 of /);
    expect(await tickerOffset(page)).toBe(offset);
    expect(await figure(page, 'seconds')).toBe(seconds);
    expect(requested.filter((f) => f.includes('keen-slider'))).toEqual([]);
    // Played (the pointer then leaves the hero: hovering pauses it), it moves, React or not.
    await play.click();
    await page.mouse.move(640, 890);
    await page.clock.runFor(4_000);
    await expect.poll(() => heroSlide(page), { timeout: 10_000 }).toMatch(/^2 of /);
    expect(await hasFiber(page, '.hero__pause')).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the page loads only what its first view needs: the other slides come with their carousel, the video\'s poster when the video nears the view, the logos when their sections do', async () => {
    const context = await preview.browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const { page, problems, requested } = await homePage(context, VISIT, true);
    const later = ['/images/hero/hero-2.svg', '/images/posters/announcement-2.svg', '/media/campus-tour-poster.jpg'];
    expect(requested.filter((f) => later.includes(f))).toEqual([]);
    // The sections below the first screens are not rendered until they near the view
    // (content-visibility, home.css), so their lazy images are not fetched with the first view.
    const belowFold = (f: string) => /^\/images\/(sponsors|organisers)\/|^\/images\/home\/campus/.test(f);
    await page.waitForLoadState('networkidle');
    expect(requested.filter(belowFold)).toEqual([]);
    // The hero is in view: its island installs after the load and fetches its other slides.
    await expect.poll(() => requested.includes('/images/hero/hero-2.svg'), { timeout: 10_000 }).toBe(true);
    const video = page.locator('video.home-media__video');
    expect(await video.getAttribute('poster')).toBeNull();
    expect(requested).not.toContain('/media/campus-tour-poster.jpg');
    // The posters' carousel in view: its other posters follow.
    await page.getByRole('heading', { name: 'Announcements' }).scrollIntoViewIfNeeded();
    await expect.poll(() => requested.includes('/images/posters/announcement-2.svg'), { timeout: 10_000 }).toBe(true);
    await video.scrollIntoViewIfNeeded();
    await expect.poll(() => video.getAttribute('poster'), { timeout: 10_000 }).toBe('/media/campus-tour-poster.jpg');
    await expect.poll(() => requested.includes('/media/campus-tour-poster.jpg')).toBe(true);
    expect(requested).toContain('/images/home/campus.svg');
    // Scrolled to, the logos render and load, every one of them (organisers and sponsors).
    for (const heading of ['Sponsors', 'Organisers']) {
      const section = page.locator('section', { has: page.getByRole('heading', { name: heading, exact: true }) });
      await section.scrollIntoViewIfNeeded();
      const images = section.locator('img');
      expect(await images.count()).toBeGreaterThan(0);
      for (const image of await images.all()) {
        await image.scrollIntoViewIfNeeded();
        await expect.poll(() => image.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
      }
    }
    expect(requested.filter((f) => f.startsWith('/images/sponsors/')).length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('without JavaScript: the hero on its first slide, the ticker as links, the countdowns as "--" with their labels', async () => {
    const context = await preview.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(preview.baseUrl + '/');
    expect(await heroSlide(page)).toMatch(/^1 of /);
    const ticker = page.getByRole('region', { name: 'News ticker' });
    expect(await ticker.getByRole('link').count()).toBeGreaterThan(0);
    for (const link of await ticker.getByRole('link').all()) expect(await link.getAttribute('href')).toMatch(/^\//);
    expect(await figure(page, 'days')).toBe('--');
    expect(await page.getByRole('button', { name: 'Pause slideshow' }).isVisible()).toBe(true);
    await context.close();
  });

  it('HTML out of date for the visitor (a date has passed since the build): the app starts after the load, with no interaction, and shows the visitor\'s next date', async () => {
    const context = await preview.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const later = '2025-10-05T06:00:00Z';
    const { page, problems } = await homePage(context, later, false);
    await expect.poll(() => hasFiber(page, 'h1'), { timeout: 20_000 }).toBe(true);
    const next = upcomingEvents(importantDates, new Date(later))!;
    await expect.poll(() => page.locator('.upcoming__date time').getAttribute('datetime')).toBe(next.date);
    expect(await page.getByRole('timer', { name: `Time left until the end of ${formatDate(next.date)}` }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a date ends while the page is open: the app starts then and the card moves on', async () => {
    const context = await preview.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const upcoming = upcomingEvents(importantDates, new Date(VISIT))!;
    const before = new Date(upcoming.target.getTime() - 60_000).toISOString();
    const { page, problems } = await homePage(context, before, false);
    await expect.poll(() => figure(page, 'days'), { timeout: 10_000 }).toMatch(/^\d+$/);
    expect(await hasFiber(page, 'h1')).toBe(false);
    await page.clock.runFor(61_000);
    await expect.poll(() => hasFiber(page, 'h1'), { timeout: 20_000 }).toBe(true);
    const next = upcomingEvents(importantDates, new Date(upcoming.target.getTime() + 1_000))!;
    await expect.poll(() => page.locator('.upcoming__date time').getAttribute('datetime')).toBe(next.date);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the edition\'s phase on pages built before it (decision 031)', () => {
  /** `path` at `time` with the app's entry held back until `release()`. */
  async function pageAt(context: BrowserContext, path: string, time: string) {
    const { page, problems } = await watchedPage(context);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => (await released, route.continue()));
    await page.clock.install({ time: new Date(time) });
    await page.goto(preview.baseUrl + path);
    await page.waitForLoadState('load');
    return { page, problems, release };
  }
  const statusLine = (page: Page) => page.getByTestId('edition-status').locator('p:not([hidden])');

  it('after the conference, the home built in September says it has ended on its first screen before React, and React agrees', async () => {
    const context = await preview.browser.newContext({ viewport: { width: 390, height: 844 } });
    const { page, problems, release } = await pageAt(context, '/', afterConference());
    await expect.poll(() => statusLine(page).innerText(), { timeout: 10_000 }).toMatch(/has ended/);
    expect(await statusLine(page).count()).toBe(1);
    const link = statusLine(page).getByRole('link', { name: 'Download your certificate of attendance' });
    expect(await link.getAttribute('href')).toBe('/certificates');
    const box = (await link.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.getByRole('region', { name: 'News ticker' }).innerText()).toMatch(/took place/);
    expect(await page.getByRole('region', { name: 'News ticker' }).innerText()).not.toMatch(/takes place/);
    expect(await hasFiber(page, 'h1')).toBe(false);
    // The HTML is out of date (its dated blocks): React starts after the load and keeps the same variant.
    release();
    await expect.poll(() => hasFiber(page, 'h1'), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: `${conference.name} has ended` }).count()).toBe(1);
    expect(await statusLine(page).innerText()).toMatch(/has ended/);
    expect(await statusLine(page).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the status line moves on when registration opens while the page is open, without React', async () => {
    const context = await preview.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, problems } = await pageAt(context, '/', at(registrationFees.registrationOpens.date, -1, '23:59:00'));
    await expect.poll(() => statusLine(page).innerText(), { timeout: 10_000 }).toMatch(/Online registration opens on/);
    await page.clock.runFor(61_000);
    await expect.poll(() => statusLine(page).innerText()).toMatch(/Registration is open until/);
    expect(await hasFiber(page, 'h1')).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('after the Standard deadline, the Registration page built in September shows no register link and says why, before React', async () => {
    const context = await preview.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, problems, release } = await pageAt(context, '/authors/registration', at(registrationFees.standardDeadline, 1));
    const notice = page.getByTestId('registration-not-open').filter({ visible: true });
    await expect.poll(() => notice.count(), { timeout: 10_000 }).toBe(1);
    expect(await notice.innerText()).toBe(registrationClosedMessage('registration-closed'));
    expect(await page.getByRole('link', { name: 'Register (Indian Affiliations)' }).count()).toBe(0);
    expect(await hasFiber(page, 'h1')).toBe(false);
    // The first interaction hydrates the page: the same variant stays.
    release();
    await page.mouse.move(5, 5);
    await expect.poll(() => hasFiber(page, 'h1'), { timeout: 20_000 }).toBe(true);
    expect(await notice.count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Register (Indian Affiliations)' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
