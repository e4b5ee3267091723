/**
 * The editors' page (`server.admin`): static files shipped with foliocms in `admin/`, and the UI
 * library it imports (Preact with htm, one ES module from npm), served by `folio serve` itself.
 * No build step: what is in `admin/` is what the browser runs. The page is a client of the Content
 * API like any other: it holds no power of its own.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context, Next } from 'koa';
import { NotFoundError } from '../errors.js';

/** `admin/` of the installed package. */
const PAGE_DIR = fileURLToPath(new URL('../../admin/', import.meta.url));
/** The one module of the UI library the page imports, as `vendor/preact-htm.js`. */
const VENDOR_FILE = fileURLToPath(import.meta.resolve('htm/preact/standalone'));
const VENDOR_PATH = 'vendor/preact-htm.js';
/**
 * The editors a field loads when it is first shown (`vendor/rich-text.js`), bundled with their
 * libraries by `npm run build` into dist/admin/ (scripts/bundle.mjs).
 */
const EDITORS_DIR = fileURLToPath(new URL('../../dist/admin/', import.meta.url));
const EDITOR_PATH = /^vendor\/([a-z-]+\.js)$/;

/**
 * The page talks to its own server only: no framing by another site, nothing from elsewhere. Its
 * scripts are the ones it names with this answer's nonce, and the modules they import (which carry
 * it on): `'self'` would also let a script under `/uploads/` run as one of the page's, should any
 * markup ever name one.
 */
const pagePolicy = (scripts: string) =>
  `default-src 'self'; script-src ${scripts}; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; frame-ancestors 'self'; base-uri 'self'; form-action 'self'; object-src 'none'`;
/** The page's one script tag, which each answer gives its nonce. */
const SCRIPT_TAG = '<script type="module" src="app.js">';

/**
 * A file of the page, in its folders (`screens/content/entry-view.js`): plain names, no dot files,
 * and no `.` or `..` segment, so that nothing outside admin/ is ever named.
 */
const PAGE_FILE = /^(?:[a-z0-9-]+\/)*[a-z0-9-]+\.(js|css|svg|png|html)$/;

interface PageFile {
  bytes: Buffer;
  etag: string;
  modified: Date;
  /** What the file was when read: read again once it changes (a new release, someone editing the page). */
  stamp: string;
}

/**
 * The page's files, kept in memory once read (they are small and few), so that they are answered as
 * bodies Koa knows: compressed like every other answer, with an ETag for conditional requests.
 */
const pageFiles = new Map<string, PageFile>();

async function pageFile(path: string): Promise<PageFile> {
  let stats;
  try {
    stats = await stat(path);
  } catch {
    throw new NotFoundError('Not Found');
  }
  if (!stats.isFile()) throw new NotFoundError('Not Found');
  const stamp = `${stats.size}-${stats.mtimeMs}`;
  const known = pageFiles.get(path);
  if (known?.stamp === stamp) return known;
  const bytes = await readFile(path);
  const file = { bytes, etag: createHash('sha256').update(bytes).digest('base64url').slice(0, 27), modified: stats.mtime, stamp };
  pageFiles.set(path, file);
  return file;
}

/** Where the page's file `name` is: the UI library, an editor's bundle, or a file of admin/. */
function fileOf(name: string): string {
  if (name === VENDOR_PATH) return VENDOR_FILE;
  const editor = EDITOR_PATH.exec(name);
  if (editor) return join(EDITORS_DIR, editor[1]!);
  if (!PAGE_FILE.test(name)) throw new NotFoundError('Not Found');
  return join(PAGE_DIR, name);
}

/**
 * @example app.use(adminPage(() => project.config.server.admin));
 */
export function adminPage(settings: () => { enabled: boolean; path: string }) {
  return async function serveAdminPage(ctx: Context, next: Next): Promise<void> {
    const { enabled, path } = settings();
    if (!enabled || (ctx.path !== path && !ctx.path.startsWith(`${path}/`))) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    // `/admin` → `/admin/`, so that the page's relative URLs (`app.js`) resolve under it.
    if (ctx.path === path) {
      ctx.status = 301;
      ctx.redirect(`${path}/${ctx.querystring ? `?${ctx.querystring}` : ''}`);
      return;
    }
    const name = ctx.path.slice(path.length + 1) || 'index.html';
    const file = await pageFile(fileOf(name));
    ctx.type = extname(name);
    if (name === 'index.html') {
      // A new nonce each time: the answer is never reused, so it is never answered 304 either.
      const nonce = randomBytes(18).toString('base64');
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Content-Security-Policy', pagePolicy(`'nonce-${nonce}'`));
      ctx.status = 200;
      ctx.body = file.bytes.toString('utf8').replace(SCRIPT_TAG, `${SCRIPT_TAG.slice(0, -1)} nonce="${nonce}">`);
      return;
    }
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.set('Content-Security-Policy', pagePolicy("'none'"));
    ctx.etag = file.etag;
    ctx.lastModified = file.modified;
    ctx.status = 200; // Koa starts at 404, and checks freshness only for a 2xx
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = file.bytes;
  };
}
