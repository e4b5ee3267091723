/**
 * A real browser for the editors' page: Debian's chromium (`/usr/bin/chromium`, or `CHROMIUM_PATH`)
 * driven headless by puppeteer-core, since browsers cannot be downloaded here.
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Starts headless chromium. As root (CI) its sandbox cannot start: it runs without it there.
 * @example const browser = await startBrowser(); const page = await openPage(browser, url); … await browser.close();
 */
export async function startBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no chromium at ${CHROMIUM}: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH`);
  return puppeteer.launch({
    executablePath: CHROMIUM,
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
