import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { loadSchemas } from '../../src/schema/index.js';
import { folio, initProject } from '../_helpers/index.js';

const contentType = suite('folio content-type');
let dir: string;
let cleanup: () => Promise<void>;

contentType.before.each(async () => {
  ({ dir, cleanup } = await initProject());
});
contentType.after.each(() => cleanup());

contentType('create should write content-types/<singular>.yaml that the server loads', async () => {
  const result = await folio([
    '--dir', dir, 'content-type', 'create', 'article', '--plural', 'articles', '--i18n', '--draft-and-publish',
    '--attr', 'title:string:localized', 'views:integer',
  ]);
  assert.is(result.code, 0, result.stderr);
  assert.is(result.stdout, 'Created content-types/article.yaml. A running `folio serve` serves /api/articles within a second; grant its actions with `folio permission grant`.\n');
  const schemas = await loadSchemas(dir);
  const article = schemas.bySingular('article')!;
  assert.is(article.kind, 'collectionType');
  assert.is(article.pluralName, 'articles');
  assert.ok(article.localized);
  assert.ok(article.draftAndPublish);
  assert.equal(article.attributes.title, { type: 'string', pluginOptions: { i18n: { localized: true } } });
  assert.equal(article.attributes.views, { type: 'integer' });
});

contentType('create should accept --attr more than once and a single type', async () => {
  const result = await folio(['--dir', dir, 'content-type', 'create', 'homepage', '--kind', 'singleType', '--attr', 'title:string', '--attr', 'intro:text']);
  assert.is(result.code, 0, result.stderr);
  assert.match(result.stdout, /serves \/api\/homepage within a second/);
  const homepage = (await loadSchemas(dir)).bySingular('homepage')!;
  assert.is(homepage.kind, 'singleType');
  assert.equal(Object.keys(homepage.attributes), ['title', 'intro']);
});

contentType('create with --json should print the content type', async () => {
  const result = await folio(['--dir', dir, 'content-type', 'create', 'tag', '--json']);
  assert.is(result.code, 0, result.stderr);
  assert.equal(JSON.parse(result.stdout).info, { singularName: 'tag', pluralName: 'tags', displayName: 'Tag' });
});

contentType('create when an attribute type is unknown then exit 1 with a suggestion, and no file', async () => {
  const result = await folio(['--dir', dir, 'content-type', 'create', 'page', '--attr', 'body:integr']);
  assert.is(result.code, 1);
  assert.is(result.stderr, 'folio: Attribute "body:integr": "integr" is not a known type; did you mean "integer"?\n');
  assert.equal(await readdir(join(dir, 'content-types')), ['components']);
});

contentType('create when the name is taken then exit 1 and keep the existing file', async () => {
  await folio(['--dir', dir, 'content-type', 'create', 'article', '--attr', 'title:string']);
  const before = await readFile(join(dir, 'content-types/article.yaml'), 'utf8');
  const again = await folio(['--dir', dir, 'content-type', 'create', 'article']);
  assert.is(again.code, 1);
  assert.match(again.stderr, /^folio: .*article.*\n$/);
  const plural = await folio(['--dir', dir, 'content-type', 'create', 'post', '--plural', 'articles']);
  assert.is(plural.code, 1);
  assert.match(plural.stderr, /articles/);
  assert.is(await readFile(join(dir, 'content-types/article.yaml'), 'utf8'), before);
});

contentType('create when a localized attribute is asked on a type without i18n then exit 1', async () => {
  const result = await folio(['--dir', dir, 'content-type', 'create', 'post', '--attr', 'title:string:localized']);
  assert.is(result.code, 1);
  assert.match(result.stderr, /is localized but the content type is not/);
});

contentType('create without a name and without a terminal then exit 1 naming what is missing', async () => {
  const result = await folio(['--dir', dir, 'content-type', 'create']);
  assert.is(result.code, 1);
  assert.match(result.stderr, /^folio: missing <singularName>/);
});

contentType('list should show kind, plural name, i18n and draft & publish, or JSON', async () => {
  await folio(['--dir', dir, 'content-type', 'create', 'article', '--i18n', '--draft-and-publish', '--attr', 'title:string:localized']);
  await folio(['--dir', dir, 'content-type', 'create', 'homepage', '--kind', 'singleType']);
  const human = await folio(['--dir', dir, 'content-type', 'list']);
  assert.is(human.code, 0, human.stderr);
  const lines = human.stdout.trim().split('\n');
  assert.match(lines[0]!, /^SINGULAR NAME\s+KIND\s+PLURAL NAME\s+I18N\s+DRAFT AND PUBLISH\s+ATTRIBUTES$/);
  assert.match(lines[1]!, /^article\s+collectionType\s+articles\s+yes\s+yes\s+1$/);
  assert.match(lines[2]!, /^homepage\s+singleType\s+homepages\s+no\s+no\s+0$/);
  const json = await folio(['--dir', dir, 'content-type', 'list', '--json']);
  assert.equal(JSON.parse(json.stdout)[0], { singularName: 'article', pluralName: 'articles', kind: 'collectionType', i18n: true, draftAndPublish: true, attributes: 1 });
});

contentType.run();
