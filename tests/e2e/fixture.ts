/**
 * The end-to-end files' common frame, registered as vitest hooks by one call: npm start's stack
 * (startStack) with a temporary e-mail outbox and, when `now` is given, the server clock pinned
 * (APP_NOW); one Chromium for the file; a fresh browser context and page per test, its clock
 * pinned to `now` too (the wizard judges the registration window by it), downloads allowed, its
 * console errors collected; a full-page screenshot under test-results/ when a test fails. Everything is stopped and removed
 * after the file.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchChromium, startStack, type Stack } from './stack';

export interface E2eFixture {
  /** The running stack (after beforeAll). */
  readonly stack: Stack;
  readonly browser: Browser;
  /** This test's context and page (after beforeEach). */
  readonly context: BrowserContext;
  readonly page: Page;
  /** The directory the stack writes its e-mails to (.eml files). */
  readonly outbox: string;
  /** The console errors of this test's page, in order (emptied before each test). */
  readonly consoleErrors: string[];
}

/**
 * Registers the hooks and returns the fixture's live view. `name` prefixes the outbox directory
 * and the screenshots; `now` is an ISO instant; `env` adds variables for the stack; `setup` runs
 * once the stack and browser are up (inside beforeAll, whose timeout is 400 s: the dev server
 * bundles each function on first use, slow on a busy machine).
 */
export function e2eFixture(
  name: string,
  opts: {
    now?: string;
    /** false: only the server clock is pinned to `now`; the browser keeps the real one. */
    pinBrowserClock?: boolean;
    viewport?: { width: number; height: number };
    env?: Record<string, string>;
    setup?: (f: E2eFixture) => Promise<void>;
  } = {},
): E2eFixture {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let outbox = '';
  const consoleErrors: string[] = [];
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`e2eFixture(${name}): ${what} is not ready (used outside a test?)`);
    return value;
  };
  const fixture: E2eFixture = {
    get stack() {
      return need(stack, 'the stack');
    },
    get browser() {
      return need(browser, 'the browser');
    },
    get context() {
      return need(context, 'the browser context');
    },
    get page() {
      return need(page, 'the page');
    },
    get outbox() {
      return outbox;
    },
    consoleErrors,
  };
  beforeAll(async () => {
    outbox = await mkdtemp(path.join(tmpdir(), `pesgre-${name}-outbox-`));
    stack = await startStack({ MAIL_OUTBOX_DIR: outbox, ...(opts.now ? { APP_NOW: opts.now } : {}), ...opts.env });
    browser = await launchChromium();
    await opts.setup?.(fixture);
  }, 400_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    if (outbox) await rm(outbox, { recursive: true, force: true });
  });
  beforeEach(async () => {
    context = await need(browser, 'the browser').newContext({ acceptDownloads: true, ...(opts.viewport ? { viewport: opts.viewport } : {}) });
    if (opts.now && opts.pinBrowserClock !== false) await context.clock.setSystemTime(new Date(opts.now));
    page = await context.newPage();
    consoleErrors.length = 0;
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page && !page.isClosed()) {
      await mkdir('test-results', { recursive: true });
      await page.screenshot({ path: `test-results/${name}-${ctx.task.name.replace(/\W+/g, '-').slice(0, 60)}.png`, fullPage: true });
    }
    await context?.close();
  });
  return fixture;
}

/**
 * Resolves once `page` has rendered two more frames: what its scripts changed before the call
 * (a state set after a response, a timer that fired) is on screen by then. The wait for an event
 * instead of a fixed sleep (docs/testing.md).
 */
export function nextFrames(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
