/**
 * `folio diff` through the real binary (run `npm run build` first) on a real git repository: a
 * content pull request on a branch, reviewed as lines a person reads and as JSON, the work tree
 * against HEAD with an untracked document, and a password or private value never printed.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { folio, initProject, writeFiles, type FolioResult } from '../_helpers/index.js';

const ARTICLE_YAML = `kind: collectionType
info: { singularName: article, pluralName: articles, displayName: Article }
options: { draftAndPublish: true }
pluginOptions: { i18n: { localized: true } }
attributes:
  title:      { type: string, pluginOptions: { i18n: { localized: true } } }
  secretCode: { type: password }
  notes:      { type: string, private: true }
  sections:   { type: component, repeatable: true, component: shared.section, pluginOptions: { i18n: { localized: true } } }
  category:   { type: relation, relation: manyToOne, target: api::category.category }
`;
const CATEGORY_YAML = `kind: collectionType
info: { singularName: category, pluralName: categories, displayName: Category }
options: { draftAndPublish: false }
attributes:
  name: { type: string }
`;
const SECTION_YAML = `info: { displayName: Section }
attributes:
  heading: { type: string }
`;

/** The values that must never be printed: a password and a private attribute, before and after. */
const SECRETS = ['pw-main-1', 'pw-review-1', 'private-main-1', 'private-review-1'];

/** A document file as the server writes it: pretty-printed, keys sorted. */
function documentText(row: Record<string, unknown>): string {
  const sorted = Object.fromEntries(Object.entries(row).sort(([a], [b]) => (a < b ? -1 : 1)));
  return `${JSON.stringify(sorted, null, 2)}\n`;
}

const doc = (type: string, documentId: string, file: string) => `data/content/${type}/${documentId}/${file}`;
const hello = (title: string, extra: Record<string, unknown> = {}) => ({
  documentId: 'art1hello',
  title,
  secretCode: 'pw-main-1',
  notes: 'private-main-1',
  sections: [{ id: 1, heading: 'Intro' }],
  category: 'cat1news',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

let dir: string;
let cleanup: () => Promise<void>;
/** Where the project's temporary folder is: git looks for no repository above it. */
let ceiling: string;

function git(args: string[]): string {
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CEILING_DIRECTORIES: ceiling },
  });
}

const diff = (...args: string[]) => folio(['diff', '--dir', dir, ...args], { env: { GIT_CEILING_DIRECTORIES: ceiling } });

function assertLines(result: FolioResult, lines: string[]): void {
  assert.is(result.stderr, '');
  assert.is(result.stdout, lines.map((line) => `${line}\n`).join(''));
  assert.is(result.code, 0);
}

function assertNoSecret(result: FolioResult): void {
  for (const secret of SECRETS) assert.not.ok(result.stdout.includes(secret) || result.stderr.includes(secret), `${secret} is printed`);
}

const diffs = suite('folio diff');

diffs.before(async () => {
  const project = await initProject();
  dir = project.dir;
  cleanup = project.cleanup;
  ceiling = dirname(dir);
  const added = await folio(['locale', 'add', 'fr', '--dir', dir]);
  assert.is(added.code, 0, added.stderr);
  await writeFiles(dir, {
    'content-types/article.yaml': ARTICLE_YAML,
    'content-types/category.yaml': CATEGORY_YAML,
    'content-types/components/shared/section.yaml': SECTION_YAML,
    [doc('article', 'art1hello', 'published.en.json')]: documentText({ ...hello('Hello'), locale: 'en', publishedAt: '2026-01-01T00:00:00.000Z' }),
    [doc('article', 'art1hello', 'draft.en.json')]: documentText({ ...hello('Hello'), locale: 'en' }),
    [doc('article', 'art1hello', 'draft.fr.json')]: documentText({ ...hello('Bonjour'), locale: 'fr' }),
    [doc('article', 'art2old', 'draft.en.json')]: documentText({ documentId: 'art2old', title: 'Old post', locale: 'en' }),
    [doc('category', 'cat1news', 'published.default.json')]: documentText({ documentId: 'cat1news', name: 'News' }),
    [doc('category', 'cat2sport', 'published.default.json')]: documentText({ documentId: 'cat2sport', name: 'Sport' }),
  });
  git(['init', '-q']);
  git(['config', 'user.name', 'Reviewer']);
  git(['config', 'user.email', 'reviewer@example.com']);
  git(['add', '-A']);
  git(['commit', '-q', '-m', 'Site content']);

  // A content pull request: a title edited in fr, a section added, a private value and a password
  // changed, a document added, two removed, and the category type given an attribute.
  git(['checkout', '-q', '-b', 'review']);
  await writeFiles(dir, {
    [doc('article', 'art1hello', 'draft.fr.json')]: documentText({ ...hello('Salut'), locale: 'fr' }),
    [doc('article', 'art1hello', 'draft.en.json')]: documentText({
      ...hello('Hello', { secretCode: 'pw-review-1', notes: 'private-review-1', sections: [{ id: 1, heading: 'Intro' }, { id: 2, heading: 'Details' }] }),
      locale: 'en',
      updatedAt: '2026-02-01T00:00:00.000Z',
    }),
    [doc('article', 'art3new', 'draft.en.json')]: documentText({ documentId: 'art3new', title: 'Fresh news', category: 'cat1news', locale: 'en' }),
    'content-types/category.yaml': `${CATEGORY_YAML}  description: { type: text }\n`,
  });
  await rm(join(dir, doc('article', 'art2old', 'draft.en.json')));
  await rm(join(dir, doc('category', 'cat2sport', 'published.default.json')));
  git(['add', '-A']);
  git(['commit', '-q', '-m', 'Review these']);
});

diffs.after(() => cleanup());

diffs('should list a branch\'s content changes against main, one line per document version, in words', async () => {
  const result = await diff('main', 'review');
  assertLines(result, [
    'content type category: changed',
    'article "Fresh news" (en, draft): added',
    'article "Hello" (en, draft): secretCode changed; notes changed; sections[1] added',
    'article "Hello" (fr, draft): title "Bonjour" → "Salut"',
    'article "Old post" (en, draft): removed',
    'category "Sport" (published): removed',
  ]);
  assertNoSecret(result);
});

diffs('should say so when nothing changed', async () => {
  assertLines(await diff('review', 'review'), ['no content changes']);
  assertLines(await diff(), ['no content changes']);
});

diffs('should compare the work tree against HEAD, untracked documents included, and against one revision', async () => {
  await writeFiles(dir, {
    [doc('article', 'art1hello', 'published.en.json')]: documentText({ ...hello('Hello, world'), locale: 'en', publishedAt: '2026-01-01T00:00:00.000Z' }),
    [doc('category', 'cat3travel', 'published.default.json')]: documentText({ documentId: 'cat3travel', name: 'Travel' }),
  });
  try {
    assertLines(await diff(), ['article "Hello, world" (en, published): title "Hello" → "Hello, world"', 'category "Travel" (published): added']);
    const againstMain = await diff('main');
    assertLines(againstMain, [
      'content type category: changed',
      'article "Fresh news" (en, draft): added',
      'article "Hello, world" (en, draft): secretCode changed; notes changed; sections[1] added',
      'article "Hello, world" (en, published): title "Hello" → "Hello, world"',
      'article "Hello, world" (fr, draft): title "Bonjour" → "Salut"',
      'article "Old post" (en, draft): removed',
      'category "Sport" (published): removed',
      'category "Travel" (published): added',
    ]);
    assertNoSecret(againstMain);
  } finally {
    git(['checkout', '-q', '--', '.']);
    await rm(join(dir, 'data/content/category/cat3travel'), { recursive: true });
  }
});

diffs('should print the changes as JSON with --json, leaving out private and password values', async () => {
  const result = await diff('main', 'review', '--json');
  assert.is(result.code, 0, result.stderr);
  assertNoSecret(result);
  const answer = JSON.parse(result.stdout);
  assert.is(answer.from, 'main');
  assert.is(answer.to, 'review');
  assert.equal(answer.contentTypes, [{ singularName: 'category', change: 'changed' }]);
  assert.equal(
    answer.changes.map((change: { singularName: string; documentId: string; locale: string | null; status: string; change: string }) => [change.singularName, change.documentId, change.locale, change.status, change.change]),
    [
      ['article', 'art3new', 'en', 'draft', 'added'],
      ['article', 'art1hello', 'en', 'draft', 'changed'],
      ['article', 'art1hello', 'fr', 'draft', 'changed'],
      ['article', 'art2old', 'en', 'draft', 'removed'],
      ['category', 'cat2sport', null, 'published', 'removed'],
    ],
  );
  assert.equal(answer.changes[1], {
    type: 'api::article.article',
    singularName: 'article',
    documentId: 'art1hello',
    title: 'Hello',
    locale: 'en',
    status: 'draft',
    change: 'changed',
    attributes: [
      { path: 'secretCode', change: 'changed' },
      { path: 'notes', change: 'changed' },
      { path: 'sections[1]', change: 'added', after: { heading: 'Details' } },
    ],
  });
  assert.equal(answer.changes[2].attributes, [{ path: 'title', change: 'changed', before: 'Bonjour', after: 'Salut' }]);

  const worktree = JSON.parse((await diff('--json')).stdout);
  assert.equal(worktree, { from: 'HEAD', to: null, changes: [], contentTypes: [], components: [] });
});

diffs('should read the documents where FOLIO_DATA_DIR puts them, and refuse a data folder outside the work tree', async () => {
  const moved = await folio(['diff', 'main', 'review', '--dir', dir], { env: { GIT_CEILING_DIRECTORIES: ceiling, FOLIO_DATA_DIR: 'elsewhere' } });
  assertLines(moved, ['content type category: changed']);
  const outside = await folio(['diff', '--dir', dir], { env: { GIT_CEILING_DIRECTORIES: ceiling, FOLIO_DATA_DIR: ceiling } });
  assert.is(outside.code, 1);
  assert.match(outside.stderr, /^folio: folio diff needs the content folder in the project's git work tree \(.+\); it is .+\n$/);
});

diffs('should refuse an unknown revision, naming it', async () => {
  const result = await diff('main', 'no-such-branch');
  assert.is(result.code, 1);
  assert.is(result.stdout, '');
  assert.is(result.stderr, 'folio: unknown revision "no-such-branch": no commit, branch or tag of that name\n');
});

diffs('should refuse a project outside a git work tree', async () => {
  const outside = await initProject();
  try {
    const result = await folio(['diff', '--dir', outside.dir], { env: { GIT_CEILING_DIRECTORIES: dirname(outside.dir) } });
    assert.is(result.code, 1);
    assert.is(result.stdout, '');
    assert.is(result.stderr, 'folio: folio diff needs the project in a git work tree\n');
  } finally {
    await outside.cleanup();
  }
});

diffs.run();
