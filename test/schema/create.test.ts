import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../src/errors.js';
import { buildContentType, loadSchemas, parseAttributeSpec, renderContentTypeYaml, type Schemas } from '../../src/schema/index.js';
import { expectError, repoRoot } from '../_helpers/index.js';
import { project, removeProjects } from './_project.js';

const NONE: Pick<Schemas, 'contentTypes'> = { contentTypes: [] };

// --- parseAttributeSpec ----------------------------------------------------------------------

const spec = suite('parseAttributeSpec(spec)');

spec('should read name:type', () => {
  assert.equal(parseAttributeSpec('views:integer'), { name: 'views', attribute: { type: 'integer' } });
});

spec('should read name:type:localized as a localized attribute', () => {
  assert.equal(parseAttributeSpec('title:string:localized'), {
    name: 'title',
    attribute: { type: 'string', pluginOptions: { i18n: { localized: true } } },
  });
});

spec('when the type is unknown then the message names it and suggests the nearest type', () => {
  assert.is(expectError(() => parseAttributeSpec('views:integr'), ValidationError).message, 'Attribute "views:integr": "integr" is not a known type; did you mean "integer"?');
});

spec('when the type needs more settings than name:type holds then the message says to edit the YAML file', () => {
  for (const [type, needs] of [
    ['component', 'the component it uses'],
    ['dynamiczone', 'the components it allows'],
    ['relation', 'its target and relation kind'],
    ['enumeration', 'its values (enum)'],
  ]) {
    assert.is(
      expectError(() => parseAttributeSpec(`field:${type}`), ValidationError).message,
      `Attribute "field:${type}": type "${type}" needs ${needs}, which name:type cannot express; add it by editing the content type's YAML file`,
    );
  }
});

spec('when the spec is malformed then the message shows the expected form', () => {
  const form = 'must be name:type or name:type:localized, e.g. title:string:localized';
  assert.is(expectError(() => parseAttributeSpec('title'), ValidationError).message, `Attribute "title" ${form}`);
  assert.is(expectError(() => parseAttributeSpec('a:b:c:d'), ValidationError).message, `Attribute "a:b:c:d" ${form}`);
  assert.is(expectError(() => parseAttributeSpec(':string'), ValidationError).message, 'Attribute ":string" has no name; write name:type, e.g. title:string');
  assert.is(expectError(() => parseAttributeSpec('title:string:translated'), ValidationError).message, 'Attribute "title:string:translated": unknown option "translated"; the only option is "localized"');
});

spec('when the name is a system field or not an identifier then the message names it', () => {
  assert.is(expectError(() => parseAttributeSpec('locale:string'), ValidationError).message, 'Attribute name "locale" is a system field of every document; choose another name');
  assert.is(
    expectError(() => parseAttributeSpec('main-title:string'), ValidationError).message,
    'Attribute name "main-title" is not a valid attribute name: use letters, digits and "_", starting with a letter',
  );
});

spec.run();

// --- buildContentType ------------------------------------------------------------------------

const build = suite('buildContentType(input, existing)');
build.after(removeProjects);

build('should build a collection type in Strapi shape with the defaults filled in', () => {
  assert.equal(buildContentType({ singularName: 'blog-post', attributes: ['title:string', 'views:integer'] }, NONE), {
    kind: 'collectionType',
    info: { singularName: 'blog-post', pluralName: 'blog-posts', displayName: 'Blog Post' },
    options: { draftAndPublish: false },
    attributes: { title: { type: 'string' }, views: { type: 'integer' } },
  });
});

build('should add pluginOptions.i18n only for a localized type, and draftAndPublish when asked', () => {
  const schema = buildContentType(
    { singularName: 'article', pluralName: 'posts', i18n: true, draftAndPublish: true, attributes: ['title:string:localized', 'views:integer'] },
    NONE,
  );
  assert.equal(schema.pluginOptions, { i18n: { localized: true } });
  assert.equal(schema.options, { draftAndPublish: true });
  assert.is(schema.info.pluralName, 'posts');
  assert.equal(schema.attributes.title, { type: 'string', pluginOptions: { i18n: { localized: true } } });
});

build('should derive English plurals for the default pluralName', () => {
  const plural = (singularName: string) => buildContentType({ singularName }, NONE).info.pluralName;
  assert.equal(['article', 'category', 'address', 'day', 'box'].map(plural), ['articles', 'categories', 'addresses', 'days', 'boxes']);
});

build('should build a single type, which still has a pluralName', () => {
  const schema = buildContentType({ singularName: 'homepage', kind: 'singleType' }, NONE);
  assert.equal([schema.kind, schema.info.pluralName], ['singleType', 'homepages']);
});

build('when a name is already used by an existing content type then the message names the file', async () => {
  const schemas = await loadSchemas(repoRoot);
  assert.is(expectError(() => buildContentType({ singularName: 'article' }, schemas), ValidationError).message, 'Singular name "article" is already the singularName of content-types/article.yaml');
  assert.is(
    expectError(() => buildContentType({ singularName: 'post', pluralName: 'categories' }, schemas), ValidationError).message,
    'Plural name "categories" is already the pluralName of content-types/category.yaml',
  );
});

build('when a name is not kebab-case or is reserved then the message names it', () => {
  assert.is(
    expectError(() => buildContentType({ singularName: 'BlogPost' }, NONE), ValidationError).message,
    'Singular name "BlogPost" must be kebab-case: lowercase letters, digits and "-", starting with a letter',
  );
  assert.is(expectError(() => buildContentType({ singularName: 'member', pluralName: 'users' }, NONE), ValidationError).message, 'Plural name "users" is reserved for a built-in route');
});

build('when a collection type has the same singular and plural name then the message says so', () => {
  assert.is(
    expectError(() => buildContentType({ singularName: 'news', pluralName: 'news' }, NONE), ValidationError).message,
    'Plural name "news" must differ from the singular name for a collection type',
  );
});

build('when the kind is unknown then the message names it', () => {
  assert.is(expectError(() => buildContentType({ singularName: 'page', kind: 'single' }, NONE), ValidationError).message, 'Kind "single" is not a known kind; use collectionType or singleType');
});

build('when an attribute is localized but the type is not then the message says how to fix it', () => {
  assert.is(
    expectError(() => buildContentType({ singularName: 'page', attributes: ['title:string:localized'] }, NONE), ValidationError).message,
    'Attribute "title:string:localized" is localized but the content type is not; make the content type localized (i18n) or drop ":localized"',
  );
});

build('when an attribute is given twice then the message names it', () => {
  assert.is(expectError(() => buildContentType({ singularName: 'page', attributes: ['title:string', 'title:text'] }, NONE), ValidationError).message, 'Attribute "title" is given twice');
});

build.run();

// --- renderContentTypeYaml -------------------------------------------------------------------

const render = suite('renderContentTypeYaml(schema)');
render.after(removeProjects);

render("should render the content-type file layout, one flow mapping per line", () => {
  const schema = buildContentType({ singularName: 'article', i18n: true, draftAndPublish: true, attributes: ['title:string:localized', 'views:integer'] }, NONE);
  assert.is(
    renderContentTypeYaml(schema),
    [
      'kind: collectionType',
      'info: { singularName: article, pluralName: articles, displayName: Article }',
      'options: { draftAndPublish: true }',
      'pluginOptions: { i18n: { localized: true } }',
      'attributes:',
      '  title: { type: string, pluginOptions: { i18n: { localized: true } } }',
      '  views: { type: integer }',
      '',
    ].join('\n'),
  );
});

render('should write a file that loads beside the existing content types', async () => {
  const dir = await project({ 'content-types/components/shared/section.yaml': 'attributes:\n  heading: { type: string }\n' });
  const existing = await loadSchemas(dir);
  const schema = buildContentType(
    { singularName: 'event', i18n: true, attributes: ['name:string:localized', 'slug:uid', 'starts:datetime', 'price:decimal', 'online:boolean', 'extra:json'] },
    existing,
  );
  await writeFile(join(dir, 'content-types', 'event.yaml'), renderContentTypeYaml(schema));
  const event = (await loadSchemas(dir)).bySingular('event')!;
  assert.equal(event.attributes, schema.attributes);
  assert.equal([event.pluralName, event.localized, event.draftAndPublish], ['events', true, false]);
});

render.run();
