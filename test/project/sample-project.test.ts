/**
 * The repository's sample project ships content (docs/content-in-git.md: articles in `en`
 * and `fr`, categories, the homepage, readable by Public): served from a copy of its config/,
 * content-types/ and versioned data/, never from the repository itself, so the run leaves the
 * repository's data/ as it found it. And `folio serve` suggests a first request after its ready line.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cp, mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stableStringify } from '../../src/storage/index.js';
import { copySampleProject, eventually, folio, initProject, repoRoot, request } from '../_helpers/index.js';
import { serve, serveProject, type ApiServer, type ServeProcess } from '../_helpers/server.js';

/**
 * A temporary copy of the repository's project with what git versions of its data/ (documents,
 * roles, permissions, the media library's records) and its uploaded files, and none of the accounts or secrets a local `npm start` may have left there.
 */
async function copyRepositoryProject(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const copy = await copySampleProject();
  await mkdir(join(copy.dir, 'data'), { recursive: true });
  await cp(join(repoRoot, 'data/content'), join(copy.dir, 'data/content'), { recursive: true });
  for (const table of ['roles.json', 'permissions.json', 'files.json']) await cp(join(repoRoot, 'data', table), join(copy.dir, 'data', table));
  await cp(join(repoRoot, 'public/uploads'), join(copy.dir, 'public/uploads'), { recursive: true });
  return copy;
}

interface Article {
  documentId: string;
  title: string;
  locale: string;
  publishedAt: string | null;
  body: Array<{ type: string; children: unknown[] }> | null;
  sections: Array<{ heading: string | null; body: string | null }>;
  category: { documentId: string; name: string } | null;
  cover: { url: string; alternativeText: string; width: number; formats: Record<string, { url: string }> } | null;
}

/** Every node type in a blocks value, inline nodes (text, link, list-item) included. */
function nodeTypes(nodes: unknown): Set<string> {
  const types = new Set<string>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value && typeof value === 'object') {
      const node = value as { type?: unknown; children?: unknown };
      if (typeof node.type === 'string') types.add(node.type);
      walk(node.children);
    }
  };
  walk(nodes);
  return types;
}

const documentIds = (list: Array<{ documentId: string }>) => list.map((entry) => entry.documentId);

// =============================================================================================

let api: ApiServer;
const served = suite('the repository’s sample project, served to Public');
served.before(async () => {
  const copy = await copyRepositoryProject();
  api = await serveProject(copy.dir, copy.cleanup);
});
served.after(() => api.close());

served('when Public lists articles with populate=* then it gets at least three, each with its category, sections and body blocks', async () => {
  const response = await api.get('/api/articles?populate=*');
  assert.is(response.status, 200, response.text);
  const articles: Article[] = response.body.data;
  assert.ok(articles.length >= 3, `${articles.length} articles`);
  assert.is(response.body.meta.pagination.total, articles.length);
  for (const article of articles) {
    assert.is(article.locale, 'en');
    assert.type(article.publishedAt, 'string', `${article.title} is published`);
    assert.type(article.category?.name, 'string', `${article.title} has its category`);
    assert.ok(Array.isArray(article.sections) && article.sections.length > 0, `${article.title} has sections`);
    assert.type(article.sections[0]!.heading, 'string');
    assert.ok(Array.isArray(article.body) && article.body.length > 0, `${article.title} has a body`);
  }
  // Each has a cover image, served under /uploads/ with its responsive formats.
  for (const article of articles) {
    assert.ok(article.cover, `${article.title} has a cover`);
    assert.match(article.cover.alternativeText, /^Cover of /);
    const served = await fetch(`${api.url}${article.cover.url}`);
    assert.equal([served.status, served.headers.get('content-type')], [200, 'image/jpeg'], article.cover.url);
    assert.is((await fetch(`${api.url}${article.cover.formats.small!.url}`)).status, 200);
  }
  const types = nodeTypes(articles.map((article) => article.body));
  for (const type of ['paragraph', 'heading', 'list', 'list-item', 'link', 'text']) assert.ok(types.has(type), `the bodies hold a ${type}`);
});

served('when Public asks for locale=fr then it gets French versions of some of the articles, under the same documentIds', async () => {
  const en: Article[] = (await api.get('/api/articles?populate=*')).body.data;
  const response = await api.get('/api/articles?locale=fr&populate=*');
  assert.is(response.status, 200, response.text);
  const fr: Article[] = response.body.data;
  assert.ok(fr.length >= 1 && fr.length < en.length, `${fr.length} of ${en.length} articles in fr`);
  for (const article of fr) {
    assert.is(article.locale, 'fr');
    const original = en.find((candidate) => candidate.documentId === article.documentId);
    assert.ok(original, `${article.title} is a version of an en article`);
    assert.is.not(article.title, original!.title, 'its title is translated');
    assert.is(article.category?.documentId, original!.category?.documentId, 'the category is shared by the locales');
    assert.ok(article.sections.length > 0 && (article.body?.length ?? 0) > 0, `${article.title} has sections and a body`);
  }
});

served('when Public lists categories with their articles then there are two and each links published articles', async () => {
  const response = await api.get('/api/categories?populate=articles');
  assert.is(response.status, 200, response.text);
  const categories: Array<{ name: string; articles: Array<{ documentId: string }> }> = response.body.data;
  assert.is(categories.length, 2);
  const published = documentIds((await api.get('/api/articles')).body.data);
  for (const category of categories) {
    assert.ok(category.articles.length > 0, `${category.name} links articles`);
    for (const documentId of documentIds(category.articles)) assert.ok(published.includes(documentId), `${category.name} links a published article`);
  }
});

served('when Public asks for the homepage in en and in fr then each has its own title and the dynamic zone with a section and a quote', async () => {
  const en = await api.get('/api/homepage?populate=*');
  const fr = await api.get('/api/homepage?locale=fr&populate=*');
  assert.is(en.status, 200, en.text);
  assert.is(fr.status, 200, fr.text);
  assert.is(en.body.data.locale, 'en');
  assert.is(fr.body.data.locale, 'fr');
  assert.is(fr.body.data.documentId, en.body.data.documentId);
  assert.type(en.body.data.title, 'string');
  assert.is.not(fr.body.data.title, en.body.data.title);
  for (const homepage of [en.body.data, fr.body.data]) {
    const zone: Array<{ __component: string }> = homepage.blocks;
    assert.ok(zone.some((block) => block.__component === 'shared.section'), `${homepage.locale}: a shared.section`);
    assert.ok(zone.some((block) => block.__component === 'shared.quote'), `${homepage.locale}: a shared.quote`);
  }
});

served('when an article exists only as a draft then Public sees it with status=draft and not without', async () => {
  const published: Article[] = (await api.get('/api/articles')).body.data;
  const drafts: Article[] = (await api.get('/api/articles?status=draft&populate=*')).body.data;
  const draftOnly = drafts.filter((draft) => !documentIds(published).includes(draft.documentId));
  assert.ok(draftOnly.length >= 1, 'at least one article is only a draft');
  const [draft] = draftOnly;
  assert.is(draft!.publishedAt, null);
  assert.is((await api.get(`/api/articles/${draft!.documentId}`)).status, 404);
  const asDraft = await api.get(`/api/articles/${draft!.documentId}?status=draft`);
  assert.is(asDraft.status, 200, asDraft.text);
  assert.is(asDraft.body.data.title, draft!.title);
});

served('when an article’s draft is ahead of its published version then status=draft answers the draft and the default the published one', async () => {
  const published: Article[] = (await api.get('/api/articles?populate=sections')).body.data;
  const drafts: Article[] = (await api.get('/api/articles?status=draft&populate=sections')).body.data;
  const ahead = published.filter((version) => {
    const draft = drafts.find((candidate) => candidate.documentId === version.documentId)!;
    return draft.title !== version.title || JSON.stringify(draft.sections) !== JSON.stringify(version.sections);
  });
  assert.ok(ahead.length >= 1, 'at least one article has a draft that differs from what is published');
  const one = await api.get(`/api/articles/${ahead[0]!.documentId}`);
  assert.is(one.body.data.title, ahead[0]!.title);
});

served('when Public tries to write then it is refused: the versioned permissions grant reading only', async () => {
  assert.is((await api.post('/api/articles', { data: { title: 'Not allowed' } })).status, 403);
  assert.is((await api.put('/api/homepage', { data: { title: 'Not allowed' } })).status, 403);
});

served.run();

// =============================================================================================

const files = suite('the repository’s data/content/ files');

files('when each document file is read then it is as the server writes it: sorted keys, pretty-printed, with ids and timestamps', async () => {
  const content = join(repoRoot, 'data/content');
  const names = (await readdir(content, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  assert.ok(names.length >= 10, `${names.length} files`);
  for (const entry of names) {
    const path = join(entry.parentPath, entry.name);
    const text = await readFile(path, 'utf8');
    const document = JSON.parse(text);
    assert.is(text, stableStringify(document), `${entry.name} of ${document.documentId} is written as the store writes it`);
    assert.match(entry.name, /^(draft|published)\.(en|fr|default)\.json$/);
    assert.type(document.id, 'number');
    for (const key of ['documentId', 'createdAt', 'updatedAt']) assert.type(document[key], 'string', `${entry.name}: ${key}`);
  }
});

files('when folio check reads a copy of the project then it is ok', async () => {
  const copy = await copyRepositoryProject();
  try {
    const result = await folio(['--dir', copy.dir, 'check']);
    assert.is(result.code, 0, result.stderr);
    assert.match(result.stdout, /^ok: 3 content types, 2 components, \d+ documents\n$/);
  } finally {
    await copy.cleanup();
  }
});

files.run();

// =============================================================================================

const hint = suite('folio serve: the first request to try');

/** The log line of the hint, once the server wrote it (it follows the ready line at once). */
async function hintLine(server: ServeProcess): Promise<string> {
  await eventually(async () => /info try: /.test(server.stderr()), 'the hint on stderr');
  return /^.* info (try: .*)$/m.exec(server.stderr())![1]!;
}

hint('when Public may list articles then stderr suggests curl of /api/articles?populate=*, and it answers the sample content', async () => {
  const copy = await copyRepositoryProject();
  const server = await serve(copy.dir);
  try {
    assert.is(await hintLine(server), `try: curl '${server.url}/api/articles?populate=*'`);
    const response = await request(`${server.url}/api/articles?populate=*`);
    assert.is(response.status, 200, response.text);
    assert.ok(response.body.data.length >= 3);
  } finally {
    assert.is(await server.stop(), 0);
    await copy.cleanup();
  }
});

hint('when Public may not list articles then the hint names the next collection type it may list', async () => {
  const copy = await copyRepositoryProject();
  const revoked = await folio(['--dir', copy.dir, 'permission', 'revoke', 'public', 'api::article.article.find']);
  assert.is(revoked.code, 0, revoked.stderr);
  const server = await serve(copy.dir);
  try {
    assert.is(await hintLine(server), `try: curl '${server.url}/api/categories?populate=*'`);
  } finally {
    assert.is(await server.stop(), 0);
    await copy.cleanup();
  }
});

hint('when Public may list no collection type then there is no hint', async () => {
  const project = await initProject();
  const server = await serve(project.dir);
  try {
    assert.is(await server.stop(), 0);
    // The shutdown line comes after where the hint would be, on the same stream.
    await eventually(async () => /SIGTERM received/.test(server.stderr()), 'the shutdown line on stderr');
    assert.not.match(server.stderr(), /try: /);
  } finally {
    await project.cleanup();
  }
});

hint.run();
