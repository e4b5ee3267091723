/**
 * `folio import strapi` keeps a localized type's relations per locale, as Strapi 5 does: each
 * locale version of an article keeps the category it had, and a write in one locale leaves the
 * others' alone. The archive is the real Strapi export of test/fixtures/strapi/, given a third
 * locale (`de`, with no category) and a French article that points at another category than the
 * English one. The commands run in this process, from the source.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as tar from 'tar';
import { parse } from 'yaml';
import { createProgram, type CliIo } from '../../src/cli/index.js';
import { repoRoot, tempDir } from '../_helpers/index.js';
import { serveProject, type ApiServer } from '../_helpers/server.js';

const TAR = join(repoRoot, 'test/fixtures/strapi/strapi-export.tar');
const ARTICLE = 'q6n1jd5oi9cay0c2q44e50ir';
const NEWS = 'p1zzmtye90ncvjgpv91fdnc9';
const GUIDES = 'wr0nipmcn9f7n70dglbq1iqo';

/** Runs `folio …args` in this process; fails the test with what it printed when it fails. */
async function folio(...args: string[]): Promise<string> {
  let out = '';
  let err = '';
  const io: CliIo = { out: (text) => void (out += text), err: (text) => void (err += text), isTTY: false, env: {} };
  try {
    await createProgram(io).exitOverride().parseAsync(args, { from: 'user' });
  } catch (error) {
    assert.unreachable(`folio ${args.join(' ')}: ${String(error)}\n${err}`);
  }
  return out;
}

const readLines = async (file: string) =>
  (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
const writeLines = (file: string, lines: unknown[]) =>
  writeFile(file, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');

/**
 * The fixture export with a `de` locale whose article has no category, and the French article
 * (rows 3 and 4: draft and published) in Guides, while the English one (rows 1 and 2) is in News.
 */
async function archiveWithThreeLocales(dir: string): Promise<string> {
  const root = join(dir, 'unpacked');
  await mkdir(root, { recursive: true });
  await tar.x({ file: TAR, cwd: root });
  const entities = join(root, 'entities/entities_00001.jsonl');
  const lines = await readLines(entities);
  const french = lines.filter((line) => line.type === 'api::article.article' && line.data.locale === 'fr');
  const german = french.map((line, index) => ({
    ...line,
    id: 100 + index,
    data: { ...line.data, locale: 'de', title: 'Hallo von Strapi', slug: 'hallo-von-strapi' },
  }));
  const data = { documentId: 'delocale0000000000000000', name: 'German (de)', code: 'de', locale: null };
  const locale = { type: 'plugin::i18n.locale', id: 3, data };
  await writeLines(entities, [...lines, ...german, locale]);
  const links = join(root, 'links/links_00001.jsonl');
  const toGuides = (ref: number) => ({
    kind: 'relation.basic',
    relation: 'manyToOne',
    left: { type: 'api::article.article', field: 'category', ref },
    right: { type: 'api::category.category', field: 'articles', ref: 2, pos: 3 },
  });
  await writeLines(links, [...(await readLines(links)), toGuides(3), toGuides(4)]);
  const file = join(dir, 'three-locales.tar');
  await tar.c({ file, cwd: root }, await readdir(root));
  return file;
}

/** The article's category in `locale` and `status`: its documentId, or null. */
async function categoryOf(api: ApiServer, locale: string, status: 'draft' | 'published'): Promise<string | null> {
  const answer = await api.get(`/api/articles/${ARTICLE}?locale=${locale}&status=${status}&populate=category`);
  assert.is(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.data.category?.documentId ?? null;
}

/** The article's category in each locale, in `status`. */
async function categories(api: ApiServer, status: 'draft' | 'published'): Promise<Record<string, string | null>> {
  const locales = ['en', 'fr', 'de'];
  const found = await Promise.all(locales.map((locale) => categoryOf(api, locale, status)));
  return Object.fromEntries(locales.map((locale, index) => [locale, found[index] ?? null]));
}

const test = suite('folio import strapi: relations of a localized type');

let site: { path: string; cleanup: () => Promise<void> };
let dir: string;

test.before(async () => {
  site = await tempDir();
  dir = join(site.path, 'site');
  await folio('import', 'strapi', await archiveWithThreeLocales(site.path), '--dir', dir);
  await folio('permission', 'grant', 'public', 'api::article.article.update', '--dir', dir);
});
test.after(() => site.cleanup());

test('the generated content type should mark the relation localized, as the site had it per locale', async () => {
  const article = parse(await readFile(join(dir, 'content-types/article.yaml'), 'utf8'));
  assert.equal(article.attributes.category.pluginOptions, { i18n: { localized: true } });
  assert.is(article.attributes.cover.pluginOptions, undefined, 'media stays as Strapi declared it');
  const category = parse(await readFile(join(dir, 'content-types/category.yaml'), 'utf8'));
  assert.is(category.attributes.articles.pluginOptions, undefined, 'a type that is not localized has nothing to mark');
});

test("each locale should keep its own category: a write in one locale leaves the others' as they were", async () => {
  const api = await serveProject(dir);
  try {
    for (const status of ['draft', 'published'] as const) {
      assert.equal(await categories(api, status), { en: NEWS, fr: GUIDES, de: null }, `imported, ${status}`);
    }

    const english = await api.put(`/api/articles/${ARTICLE}?locale=en`, { data: { category: null } });
    assert.is(english.status, 200, JSON.stringify(english.body));
    for (const status of ['draft', 'published'] as const) {
      assert.equal(await categories(api, status), { en: null, fr: GUIDES, de: null }, status);
    }

    const german = await api.put(`/api/articles/${ARTICLE}?locale=de`, { data: { category: { connect: [NEWS] } } });
    assert.is(german.status, 200, JSON.stringify(german.body));
    for (const status of ['draft', 'published'] as const) {
      assert.equal(await categories(api, status), { en: null, fr: GUIDES, de: NEWS }, status);
    }
  } finally {
    await api.stop();
  }
});

test.run();
