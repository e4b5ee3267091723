// `npm run bench -- --admin`: the editors' page on the sample project, in headless chromium (Debian's,
// as the browser tests use it): what its first load transfers, and how long until it can be used,
// against the targets (under 150 KB, a usable sign-in form under 500 ms). The first load is what the
// sign-in form needs; the signed-in page's modules load as the editor signs in, and count in the
// time to the list. Then the rich-text editor of blocks fields, which loads apart (vendor/rich-text.js)
// when an entry with a blocks field is first opened: its size, and the time from opening such an
// entry to the editor being ready. Each run is a fresh browser profile (nothing cached); the median
// of `rounds` runs is reported.
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { findProgram } from '../scripts/programs.mjs';
import { root, startProcess } from './project.mjs';

const PASSWORD = 'bench-editor-password-1';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One cold visit: bytes over the wire, ms to the sign-in form, ms from signing in to the list of
 * articles, and ms from opening an article (its body is a blocks field) to its rich-text editor.
 */
async function visit(browser, url) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('the page threw:', String(error)));
  const client = await page.createCDPSession();
  await client.send('Network.enable');
  await client.send('Network.setCacheDisabled', { cacheDisabled: true });
  let bytes = 0;
  client.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength));
  const started = performance.now();
  await page.goto(`${url}/admin/`);
  await page.waitForSelector('[data-test="signin-identifier"]', { visible: true });
  const signInMs = performance.now() - started;
  const firstLoadBytes = bytes;
  await page.type('[data-test="signin-identifier"]', 'editor');
  await page.type('[data-test="signin-password"]', PASSWORD);
  const signingIn = performance.now();
  await page.click('[data-test="signin-submit"]');
  await (await page.waitForSelector('[data-test="type-article"]', { visible: true })).click();
  await page.waitForSelector('[data-test^="row-"]', { visible: true });
  const listMs = performance.now() - signingIn;
  const totalBytes = bytes;
  const opening = performance.now();
  await (await page.waitForSelector('::-p-xpath(//a[normalize-space()="Hello, foliocms"])', { visible: true })).click();
  await page.waitForSelector('[data-test="rich-text-body"]', { visible: true });
  const editorMs = performance.now() - opening;
  await context.close();
  return { firstLoadBytes, signInMs, listMs, totalBytes, editorMs };
}

/** The rich-text editor's bundle as the server answers it: its bytes, and gzipped. */
async function editorBundle(url) {
  const answer = await fetch(`${url}/admin/vendor/rich-text.js`, { headers: { 'accept-encoding': 'identity' } });
  if (!answer.ok) throw new Error(`GET /admin/vendor/rich-text.js answered ${answer.status}: build the editors first`);
  const raw = Buffer.from(await answer.arrayBuffer());
  return { raw: raw.length, gzip: gzipSync(raw).length };
}

export async function adminBench({ rounds }) {
  const dir = await mkdtemp(join(tmpdir(), 'folio-bench-'));
  for (const part of ['config', 'content-types', 'data/content', 'data/roles.json', 'data/permissions.json', 'data/files.json', 'public']) {
    await cp(join(root, part), join(dir, part), { recursive: true });
  }
  // One sign-in a visit, more than the login rate limit lets one address make in five minutes.
  execFileSync(process.execPath, [join(root, 'bin/folio.js'), '--dir', dir, 'config', 'set', 'users-permissions.ratelimit.enabled', 'false'], { stdio: 'ignore' });
  execFileSync(process.execPath, [join(root, 'bin/folio.js'), '--dir', dir, 'user', 'create', '--username', 'editor', '--email', 'editor@example.com', '--password', PASSWORD, '--role', 'editor'], { stdio: 'ignore' });
  const server = await startProcess(process.execPath, [join(root, 'bin/folio.js'), '--dir', dir, 'serve', '--port', '0'], /^foliocms listening on (http:\/\/\S+)$/, { NODE_ENV: 'production' }, { logFile: join(dir, 'folio.log') });
  const browser = await puppeteer.launch({ executablePath: findProgram('chromium'), headless: true, args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), '--disable-dev-shm-usage'] });
  const runs = [];
  let bundle;
  try {
    bundle = await editorBundle(server.url);
    await visit(browser, server.url); // the server reads the page's files once
    for (let round = 0; round < rounds; round++) runs.push(await visit(browser, server.url));
  } finally {
    await browser.close();
    await new Promise((resolve) => server.child.once('exit', resolve).kill('SIGTERM'));
    await rm(dir, { recursive: true, force: true });
  }
  const kb = (value) => `${(value / 1024).toFixed(1)} KB`;
  const ms = (value) => `${Math.round(value)} ms`;
  const firstLoad = median(runs.map((run) => run.firstLoadBytes));
  const signIn = median(runs.map((run) => run.signInMs));
  console.log(`\nthe editors' page on the sample project, ${rounds} cold visits in headless chromium (median)\n`);
  console.log('| figure | measured | target |');
  console.log('|---|---|---|');
  console.log(`| first load, bytes over the wire (page, its modules, the UI library, compressed) | ${kb(firstLoad)} | under 150 KB: ${firstLoad < 150 * 1024 ? 'met' : 'missed'} |`);
  console.log(`| first load to a usable sign-in form | ${ms(signIn)} | under 500 ms: ${signIn < 500 ? 'met' : 'missed'} |`);
  console.log(`| sign-in to the list of articles (the signed-in page's modules, schemas, permissions, locales, the list) | ${ms(median(runs.map((run) => run.listMs)))} | |`);
  console.log(`| everything transferred by then | ${kb(median(runs.map((run) => run.totalBytes)))} | |`);
  console.log(`| the rich-text editor (vendor/rich-text.js, loaded apart), raw / gzip | ${kb(bundle.raw)} / ${kb(bundle.gzip)} | not in the first load |`);
  console.log(`| opening an article (a blocks field) to its editor ready (the bundle, the entry) | ${ms(median(runs.map((run) => run.editorMs)))} | |`);
}
