/**
 * A real browser for the editors' page: Debian's chromium or Firefox ESR (found on PATH, or at
 * `CHROMIUM_PATH` / `FIREFOX_PATH`: see scripts/programs.mjs, where the test runner finds them too),
 * driven headless by puppeteer-core (Firefox over WebDriver BiDi), since browsers cannot be
 * downloaded here.
 */
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { findProgram } from '../../scripts/programs.mjs';
import { folio, request, type JsonResponse } from './index.js';
import { serve, testProject, type ProjectOptions, type ServeProcess } from './server.js';

export type BrowserName = 'chromium' | 'firefox';

/**
 * Starts a headless browser. As root (CI) chromium's sandbox cannot start: it runs without it there.
 * @example const browser = await startBrowser('firefox'); const page = await openPage(browser, url); … await browser.close();
 */
export async function startBrowser(name: BrowserName = 'chromium'): Promise<Browser> {
  const executablePath = findProgram(name === 'firefox' ? 'firefox-esr' : 'chromium');
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

/**
 * Replaces the value of the input or textarea at `selector` with `value`, as typing would. The
 * whole value is selected with Ctrl+A and the element's own `select()`: a triple click is three clicks to the browser,
 * which on a loaded machine may read them as a double click, selecting one word of it only.
 */
export async function fill(page: Page, selector: string, value: string): Promise<void> {
  const element = await page.waitForSelector(selector, { visible: true });
  await element!.click();
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await element!.evaluate((node) => (node as unknown as { select?(): void }).select?.());
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

/** The password of the editor account `startEditorsSite` makes (`edith`, role Editor). */
export const EDITOR_PASSWORD = 'correct-horse-battery-1';

export interface EditorsSite {
  dir: string;
  server: ServeProcess;
  browser: Browser;
  /** Closes the browser, stops the server and removes the project. */
  close(): Promise<void>;
}

/**
 * The sample project whole, as `npm start` serves it (its articles, media and Editor role), with
 * `project`'s files and config, an editor account `edith` (accounts are never versioned: there are
 * none to copy), whatever `prepare` adds with the CLI, served by a real `folio serve`, and a browser.
 * @example const site = await startEditorsSite({ prepare: (dir) => cli(['role', 'create', 'Author', '--dir', dir]) });
 */
export async function startEditorsSite(options: { project?: ProjectOptions; prepare?: (dir: string) => Promise<void> } = {}): Promise<EditorsSite> {
  const site = await testProject(options.project);
  await copySampleData(site.dir);
  await cli(['user', 'create', '--username', 'edith', '--email', 'edith@example.com', '--password', EDITOR_PASSWORD, '--role', 'editor', '--dir', site.dir]);
  await options.prepare?.(site.dir);
  const server = await serve(site.dir);
  const browser = await startBrowser();
  return {
    dir: site.dir,
    server,
    browser,
    async close() {
      await browser.close();
      await server.stop();
      await site.cleanup();
    },
  };
}

/** Runs a `folio` command; a failure throws with what it printed. */
export async function cli(args: string[]): Promise<void> {
  const result = await folio(args);
  if (result.code !== 0) throw new Error(`folio ${args.join(' ')} exited with ${result.code}: ${result.stderr}`);
}

/**
 * The API as the user signed in on `page` calls it, at `baseUrl` (the page keeps its token in
 * sessionStorage; this asserts it is there).
 */
export async function apiAs(page: Page, baseUrl: string): Promise<(path: string, method?: string) => Promise<JsonResponse>> {
  const token = await page.evaluate(() => {
    const storage = (globalThis as unknown as { sessionStorage: { length: number; key(i: number): string; getItem(k: string): string } }).sessionStorage;
    for (let i = 0; i < storage.length; i++) {
      const jwt = /"?(eyJ[\w-]+\.[\w-]+\.[\w-]+)"?/.exec(storage.getItem(storage.key(i)))?.[1];
      if (jwt) return jwt;
    }
    return null;
  });
  if (!token) throw new Error('the page keeps no token');
  return (path, method = 'GET') => request(`${baseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
}

/** Signs in on the page's form (it must be showing). */
export async function signIn(page: Page, identifier: string, password: string): Promise<void> {
  await fill(page, '[data-test="signin-identifier"]', identifier);
  await fill(page, '[data-test="signin-password"]', password);
  await page.click('[data-test="signin-submit"]');
}
