/**
 * The two engines Playwright cannot drive, behind one small interface (`Surface`: a browser
 * window a scenario steers), each through what the stock browser speaks:
 * - Firefox ESR: WebDriver BiDi through puppeteer-core (`browser: 'firefox'`, Debian's
 *   /usr/bin/firefox-esr; puppeteer-core never downloads a browser), fake camera and microphone
 *   through its media prefs; each window is its own browser context (own storage).
 * - WebKitGTK: classic W3C WebDriver through selenium-webdriver against Debian's WebKitWebDriver,
 *   which starts MiniBrowser (`--automation --enable-mock-capture-devices --full-screen`: full
 *   screen drops the toolbar, whose width would keep the window wider than 375 px) on an Xvfb
 *   display this module starts; each window is its own WebDriver session (own MiniBrowser).
 * Every lookup runs dom.ts's finder in the page, so both engines find elements alike.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname } from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import {
  Builder,
  type WebDriver,
  type WebElement,
  error as seleniumError,
} from 'selenium-webdriver';
import {
  actionableSource,
  clickSeenSource,
  describe,
  finderSource,
  watchClickSource,
  type ClickSeen,
  type Query,
} from './dom';

/** Where each engine's pieces are (Debian's packages). */
export const enginePaths = {
  firefox: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
  webkitDriver: process.env.WEBKIT_WEBDRIVER_PATH ?? '/usr/bin/WebKitWebDriver',
  miniBrowser:
    process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  xvfb: '/usr/bin/Xvfb',
} as const;

/** The engines of this run. */
export type EngineName = 'firefox' | 'webkit';

/** One browser window a scenario steers. Every wait takes its limit in ms and throws past it. */
export interface Surface {
  /** Opens `path` of the server (absolute URLs as they are). */
  goto(path: string): Promise<void>;
  /** Sets the page's viewport (CSS px). */
  setViewport(width: number, height: number): Promise<void>;
  /** Waits until the query finds an element. */
  waitFor(q: Query, timeoutMs?: number): Promise<void>;
  /** Waits until the query finds nothing. */
  waitGone(q: Query, timeoutMs?: number): Promise<void>;
  /**
   * Waits for the element, until it is enabled and its box still, then clicks its middle (as a
   * user: scrolled into view); throws when the click did not reach it (see `checkedClick`).
   */
  click(q: Query, timeoutMs?: number): Promise<void>;
  /** Clicks the element at (`fx`, `fy`), fractions of its width and height from its top left. */
  clickAt(q: Query, fx: number, fy: number, timeoutMs?: number): Promise<void>;
  /**
   * Waits for the field, selects what it holds and types `text` over it with key events (as
   * Playwright's fill: a field the app filled in already, e.g. the email after registering, is
   * replaced, not added to).
   */
  fill(q: Query, text: string, timeoutMs?: number): Promise<void>;
  /**
   * Runs `fn` (a JavaScript function expression) in the page with `args` (JSON) and answers its
   * (awaited) result; `(el, …args)` first gets the element of `on` when given.
   */
  evaluate<T>(fn: string, args?: unknown[], on?: Query): Promise<T>;
  /** Evaluates until `accept(result)`, every 200 ms; past `timeoutMs` throws naming `what` and the last result. */
  poll<T>(
    fn: string,
    args: unknown[],
    accept: (value: T) => boolean,
    what: string,
    timeoutMs?: number,
    on?: Query,
  ): Promise<T>;
  /** The page's URL. */
  url(): Promise<string>;
  /** A PNG of the viewport into `file` (folders made). */
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

/** A started engine: opens windows; `version` as the browser tells it. */
export interface Engine {
  name: EngineName;
  /** e.g. 'firefox/153.8.0' or 'WebKitGTK MiniBrowser 2.50.6'. */
  version: string;
  /** Which client speaks to it, for the report. */
  driver: string;
  /** A fresh window (own storage) at `baseUrl`. */
  open(baseUrl: string): Promise<Surface>;
  close(): Promise<void>;
}

/** Default wait, ms. */
export const defaultWaitMs = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A free TCP port on localhost (asked of the system, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Whether the engine's binaries are installed; the missing one named otherwise. */
export function missingPieces(engine: EngineName): string[] {
  const needs =
    engine === 'firefox'
      ? [enginePaths.firefox]
      : [enginePaths.webkitDriver, enginePaths.miniBrowser, enginePaths.xvfb];
  return needs.filter((p) => !existsSync(p));
}

const call = (fn: string, args: unknown[]) =>
  `(${fn})(${args.map((a) => JSON.stringify(a)).join(', ')})`;
const findExpression = (q: Query) => `(${finderSource})(${JSON.stringify(q)})`;

function absolute(baseUrl: string, path: string): string {
  return new URL(path, baseUrl).toString();
}

function ensureFolder(file: string): void {
  mkdirSync(dirname(file), { recursive: true });
}

/**
 * In the page, `(el) => void`: selects a field's text, so typing replaces it (plain JavaScript in
 * a string, as dom.ts's sources).
 */
const selectTextSource = String.raw`(el) => { if (typeof el.select === 'function') el.select(); }`;
const selectText = new Function('el', `(${selectTextSource})(el);`) as (el: Element) => void;

/** How long a click's effect in the page is awaited after the driver answered, ms. */
const clickSeenWithinMs = 2_000;

/**
 * A click as a user makes it, for both engines: waits up to `timeoutMs` for `q`, then until it is
 * enabled (a driver's click on a disabled button does nothing, silently) and its box holds still;
 * watches the page's press and click, runs `press` (the driver's click), and checks that the click
 * reached the element. A driver presses and releases at a point computed before both: when the
 * element moves in between (a note above it came or went) the release lands elsewhere and the
 * browser sends no click; that throws here, naming where the press and the click went, instead of
 * a later step not finding what the click should have shown. A page loaded anew by the click has
 * no watch left and counts as reached.
 */
async function checkedClick(
  surface: Surface,
  q: Query,
  timeoutMs: number = defaultWaitMs,
  press: () => Promise<void>,
): Promise<void> {
  await surface.waitFor(q, timeoutMs);
  await surface.poll<{ enabled: boolean; stable: boolean }>(
    actionableSource,
    [],
    (v) => v.enabled && v.stable,
    `${describe(q)} enabled and still`,
    timeoutMs,
    q,
  );
  await surface.evaluate(watchClickSource, [q]);
  await press();
  const until = Date.now() + clickSeenWithinMs;
  let seen: ClickSeen | null;
  for (;;) {
    try {
      seen = await surface.evaluate<ClickSeen | null>(clickSeenSource);
    } catch {
      return; // the page is being replaced: the click did something
    }
    if (!seen || seen.clicked?.hit) return;
    if (Date.now() > until) break;
    await sleep(100);
  }
  const { pressed, clicked } = seen;
  throw new Error(
    `${describe(q)}: the click did not reach it (${pressed ? `pressed ${pressed.hit ? 'on it' : `on ${pressed.on}`}` : 'no press seen'}, ` +
      `${clicked ? `click on ${clicked.on}` : 'no click: the release landed off what was pressed, which moved'})`,
  );
}

// ---------------------------------------------------------------------------------------------
// Firefox ESR over WebDriver BiDi (puppeteer-core)

/**
 * Starts Firefox ESR headless with a fake camera and microphone that need no permission prompt.
 * Throws when it does not start (e.g. the binary is missing).
 */
export async function startFirefox(): Promise<Engine> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: enginePaths.firefox,
    headless: true,
    extraPrefsFirefox: {
      'media.navigator.streams.fake': true,
      'media.navigator.permission.disabled': true,
      // Playing a review video after a click is what users do; no other autoplay is needed.
      'media.autoplay.default': 0,
    },
  });
  const version = await browser.version();
  return {
    name: 'firefox',
    version,
    driver: 'puppeteer-core (WebDriver BiDi)',
    open: async (baseUrl) => {
      const context = await browser.createBrowserContext();
      // A window of its own, not a tab: the flows run side by side, and Firefox slows the timers
      // and rendering of a tab that is not the selected one.
      const page = await context.newPage({ type: 'window' });
      return firefoxSurface(page, baseUrl, () => context.close());
    },
    close: () => browser.close(),
  };
}

function firefoxSurface(page: Page, baseUrl: string, closeContext: () => Promise<void>): Surface {
  const element = async (q: Query, timeoutMs = defaultWaitMs): Promise<ElementHandle<Element>> => {
    try {
      const handle = await page.waitForFunction(findExpression(q), {
        timeout: timeoutMs,
        polling: 100,
      });
      const el = handle.asElement() as ElementHandle<Element> | null;
      if (!el) throw new Error('not an element');
      return el;
    } catch (error) {
      throw new Error(`${describe(q)} not found within ${timeoutMs} ms (${String(error)})`);
    }
  };
  const surface: Surface = {
    goto: async (path) => {
      await page.goto(absolute(baseUrl, path), { waitUntil: 'load' });
    },
    setViewport: (width, height) => page.setViewport({ width, height }),
    waitFor: async (q, timeoutMs) => {
      await (await element(q, timeoutMs)).dispose();
    },
    waitGone: async (q, timeoutMs = defaultWaitMs) => {
      await page
        .waitForFunction(`!${findExpression(q)}`, { timeout: timeoutMs, polling: 100 })
        .catch(() => {
          throw new Error(`${describe(q)} still there after ${timeoutMs} ms`);
        });
    },
    click: (q, timeoutMs) =>
      checkedClick(surface, q, timeoutMs, async () => {
        const el = await element(q, timeoutMs);
        await el.click();
        await el.dispose();
      }),
    clickAt: async (q, fx, fy, timeoutMs) => {
      const el = await element(q, timeoutMs);
      await el.scrollIntoView();
      const box = await el.boundingBox();
      if (!box) throw new Error(`${describe(q)} has no box`);
      await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
      await el.dispose();
    },
    fill: async (q, text, timeoutMs) => {
      const el = await element(q, timeoutMs);
      await el.click();
      await el.evaluate(selectText);
      await el.type(text);
      await el.dispose();
    },
    evaluate: async <T>(fn: string, args: unknown[] = [], on?: Query) => {
      if (!on) return (await page.evaluate(call(fn, args))) as T;
      const el = await element(on);
      const run = new Function('el', 'args', `return (${fn})(el, ...args);`) as (
        el: Element,
        args: unknown[],
      ) => T;
      const value = (await el.evaluate(run, args)) as T;
      await el.dispose();
      return value;
    },
    poll: (fn, args, accept, what, timeoutMs, on) =>
      pollSurface(surface, fn, args, accept, what, timeoutMs, on),
    url: async () => page.url(),
    screenshot: async (file) => {
      ensureFolder(file);
      await page.screenshot({ path: file as `${string}.png` });
    },
    close: closeContext,
  };
  return surface;
}

async function pollSurface<T>(
  surface: Surface,
  fn: string,
  args: unknown[],
  accept: (value: T) => boolean,
  what: string,
  timeoutMs = defaultWaitMs,
  on?: Query,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      last = await surface.evaluate<T>(fn, args, on);
      if (accept(last)) return last;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > until)
      throw new Error(
        `${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(last)}${lastError ? `, ${String(lastError)}` : ''})`,
      );
    await sleep(200);
  }
}

// ---------------------------------------------------------------------------------------------
// WebKitGTK over classic WebDriver (selenium-webdriver → WebKitWebDriver → MiniBrowser)

/** A child process this module started, stopped by its own id. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts Xvfb on a display it picks (-displayfd); answers ':N' and the process. */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const child = spawn(
    enginePaths.xvfb,
    ['-displayfd', '3', '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const display = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('Xvfb gave no display within 10 s')), 10_000);
    child.stdio[3]!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(`:${out.trim()}`);
      }
    });
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
  return { display, process: child };
}

/** Waits until the WebDriver server at `url` answers /status ready. */
async function waitForDriver(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const answer = await fetch(`${url}/status`);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`WebKitWebDriver did not answer at ${url}`);
    await sleep(100);
  }
}

/**
 * Starts Xvfb; each window is a MiniBrowser with mock capture devices under its own
 * WebKitWebDriver (which serves one session at a time). `env` goes to the drivers, hence
 * MiniBrowser and its web process (e.g. GST_PLUGIN_PATH). Throws when MiniBrowser does not start.
 */
export async function startWebKit(env: Record<string, string> = {}): Promise<Engine> {
  const xvfb = await startXvfb();
  const open = new Set<{ quit: () => Promise<void> }>();

  /** A WebKitWebDriver and its one session: a MiniBrowser, full screen (no toolbar). */
  const session = async (): Promise<{ driver: WebDriver; quit: () => Promise<void> }> => {
    const port = await freePort();
    const driverProcess = spawn(enginePaths.webkitDriver, [`--port=${port}`], {
      env: { ...process.env, ...env, DISPLAY: xvfb.display },
      stdio: ['ignore', 'ignore', process.env.ENGINES_DEBUG ? 'inherit' : 'ignore'],
    });
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitForDriver(url, 15_000);
      const driver = await new Builder()
        .usingServer(url)
        .withCapabilities({
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': {
            binary: enginePaths.miniBrowser,
            args: [
              '--automation',
              '--enable-mock-capture-devices=true',
              '--enable-media-stream=true',
              '--full-screen',
            ],
          },
        })
        .build();
      const entry = {
        quit: async () => {
          open.delete(entry);
          await driver.quit().catch(() => undefined);
          await stopChild(driverProcess);
        },
      };
      open.add(entry);
      return { driver, quit: entry.quit };
    } catch (error) {
      await stopChild(driverProcess);
      throw error;
    }
  };
  const close = async () => {
    for (const entry of [...open]) await entry.quit();
    await stopChild(xvfb.process);
  };
  // A first session proves MiniBrowser starts, and tells its version.
  let version: string;
  try {
    const probe = await session();
    version = String((await probe.driver.getCapabilities()).get('browserVersion') ?? '?');
    await probe.quit();
  } catch (error) {
    await close();
    throw error;
  }
  return {
    name: 'webkit',
    version: `MiniBrowser (WebKitGTK ${version})`,
    driver: 'selenium-webdriver (WebDriver classic, one WebKitWebDriver per window)',
    open: async (baseUrl) => {
      const { driver, quit } = await session();
      await driver.manage().setTimeouts({ script: 60_000, pageLoad: 60_000 });
      return webkitSurface(driver, baseUrl, quit);
    },
    close,
  };
}

function webkitSurface(driver: WebDriver, baseUrl: string, quit: () => Promise<void>): Surface {
  const tryFind = async (q: Query) =>
    (await driver.executeScript(`return ${findExpression(q)};`)) as WebElement | null;
  const element = async (q: Query, timeoutMs = defaultWaitMs): Promise<WebElement> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const el = await tryFind(q);
      if (el) return el;
      if (Date.now() > until) throw new Error(`${describe(q)} not found within ${timeoutMs} ms`);
      await sleep(100);
    }
  };
  /** Retries `act` while another element covers the target (a closing overlay). */
  const interacting = async (
    q: Query,
    timeoutMs: number | undefined,
    act: (el: WebElement) => Promise<void>,
  ) => {
    const until = Date.now() + (timeoutMs ?? defaultWaitMs);
    for (;;) {
      const el = await element(q, timeoutMs);
      try {
        await act(el);
        return;
      } catch (error) {
        const retry =
          error instanceof seleniumError.ElementClickInterceptedError ||
          error instanceof seleniumError.StaleElementReferenceError ||
          error instanceof seleniumError.ElementNotInteractableError;
        if (!retry || Date.now() > until) throw error;
        await sleep(150);
      }
    }
  };
  const surface: Surface = {
    goto: async (path) => {
      await driver.get(absolute(baseUrl, path));
    },
    setViewport: async (width, height) => {
      // Full screen: the window is the viewport.
      await driver.manage().window().setRect({ width, height });
    },
    waitFor: async (q, timeoutMs) => {
      await element(q, timeoutMs);
    },
    waitGone: async (q, timeoutMs = defaultWaitMs) => {
      const until = Date.now() + timeoutMs;
      while (await tryFind(q)) {
        if (Date.now() > until) throw new Error(`${describe(q)} still there after ${timeoutMs} ms`);
        await sleep(100);
      }
    },
    click: (q, timeoutMs) =>
      checkedClick(surface, q, timeoutMs, () => interacting(q, timeoutMs, (el) => el.click())),
    clickAt: (q, fx, fy, timeoutMs) =>
      interacting(q, timeoutMs, async (el) => {
        await driver.executeScript('arguments[0].scrollIntoView({block: "center"})', el);
        const rect = await el.getRect();
        // Pointer offsets start at the element's centre.
        await driver
          .actions()
          .move({
            origin: el,
            x: Math.round(rect.width * (fx - 0.5)),
            y: Math.round(rect.height * (fy - 0.5)),
          })
          .click()
          .perform();
      }),
    fill: (q, text, timeoutMs) =>
      interacting(q, timeoutMs, async (el) => {
        await el.click();
        await driver.executeScript(`(${selectTextSource})(arguments[0]);`, el);
        await el.sendKeys(text);
      }),
    evaluate: async <T>(fn: string, args: unknown[] = [], on?: Query) => {
      const target = on ? await element(on) : null;
      const answer = (await driver.executeAsyncScript(
        `const done = arguments[arguments.length - 1];
         const target = arguments[0];
         const args = ${JSON.stringify(args)};
         Promise.resolve()
           .then(() => (target ? (${fn})(target, ...args) : (${fn})(...args)))
           .then((value) => done({ value }), (e) => done({ error: String(e && e.stack || e) }));`,
        target,
      )) as { value?: T; error?: string };
      if (answer.error !== undefined) throw new Error(answer.error);
      return answer.value as T;
    },
    poll: (fn, args, accept, what, timeoutMs, on) =>
      pollSurface(surface, fn, args, accept, what, timeoutMs, on),
    url: () => driver.getCurrentUrl(),
    screenshot: async (file) => {
      ensureFolder(file);
      writeFileSync(file, Buffer.from(await driver.takeScreenshot(), 'base64'));
    },
    close: quit,
  };
  return surface;
}
