/**
 * A real browser for the editors' page: Debian's chromium (`/usr/bin/chromium`, or `CHROMIUM_PATH`)
 * or Firefox ESR (`/usr/bin/firefox-esr`, or `FIREFOX_PATH`), driven headless by puppeteer-core
 * (Firefox over WebDriver BiDi), since browsers cannot be downloaded here.
 */
import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export type BrowserName = 'chromium' | 'firefox';

/**
 * Starts a headless browser. As root (CI) chromium's sandbox cannot start: it runs without it there.
 * @example const browser = await startBrowser('firefox'); const page = await openPage(browser, url); … await browser.close();
 */
export async function startBrowser(name: BrowserName = 'chromium'): Promise<Browser> {
  const executablePath = name === 'firefox' ? FIREFOX : CHROMIUM;
  const debianPackage = name === 'firefox' ? 'firefox-esr' : 'chromium';
  if (!existsSync(executablePath)) throw new Error(`no ${name} at ${executablePath}: install Debian's ${debianPackage} package (apt-get install ${debianPackage}) or set ${name === 'firefox' ? 'FIREFOX_PATH' : 'CHROMIUM_PATH'}`);
  if (name === 'firefox') return puppeteer.launch({ browser: 'firefox', executablePath, headless: true });
  return puppeteer.launch({
    executablePath,
    headless: true,
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run', '--lang=en-US'],
  });
}

/** A new tab at `url`, `width` wide, failing the test on any error the page's scripts throw. */
export async function openPage(browser: Browser, url: string, { width = 1200, height = 800 } = {}): Promise<Page & { errors: string[] }> {
  const page = (await browser.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) page.errors.push(message.text());
  });
  await page.setViewport({ width, height });
  await page.goto(url, { waitUntil: 'networkidle0' });
  return page;
}

/** Waits for `selector` and answers its text. */
export async function textOf(page: Page, selector: string): Promise<string> {
  const element = await page.waitForSelector(selector, { visible: true });
  return (await element!.evaluate((node) => (node as unknown as { innerText: string }).innerText)).trim();
}

/** Replaces the value of the input or textarea at `selector` with `value`, as typing would. */
export async function fill(page: Page, selector: string, value: string): Promise<void> {
  const element = await page.waitForSelector(selector, { visible: true });
  await element!.click({ count: 3 });
  await page.keyboard.press('Backspace');
  if (value !== '') await element!.type(value);
}

/**
 * The versioned parts of the sample project (its documents, media library, roles with the Editor
 * role, uploads) copied into the test project at `dir`, as `npm start` serves them: `testProject()`
 * copies only config and content types.
 */
export async function copySampleData(dir: string): Promise<void> {
  const root = new URL('../../', import.meta.url).pathname;
  for (const part of ['data/content', 'data/roles.json', 'data/permissions.json', 'data/files.json', 'public']) {
    await cp(join(root, part), join(dir, part), { recursive: true });
  }
}

/** Signs in on the page's form (it must be showing). */
export async function signIn(page: Page, identifier: string, password: string): Promise<void> {
  await fill(page, '[data-test="signin-identifier"]', identifier);
  await fill(page, '[data-test="signin-password"]', password);
  await page.click('[data-test="signin-submit"]');
}
