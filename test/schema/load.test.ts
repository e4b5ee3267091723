import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ATTRIBUTE_TYPES, isLocalizedAttribute, loadSchemas, SYSTEM_FIELDS } from '../../src/schema/index.js';
import { repoRoot } from '../_helpers/index.js';
import { article, fixture, loadError, messageFor, project, removeProjects } from './_project.js';

const CATEGORY = `kind: collectionType
info: { singularName: category, pluralName: categories }
attributes:
  name: { type: string }
`;

const load = suite('loadSchemas(projectDir)');
load.after(removeProjects);

// --- what loads -----------------------------------------------------------------------------

load('should load the sample project in the repository root', async () => {
  const schemas = await loadSchemas(repoRoot);
  assert.equal(
    schemas.contentTypes.map((type) => [type.uid, type.kind, type.pluralName, type.localized, type.draftAndPublish]),
    [
      ['api::article.article', 'collectionType', 'articles', true, true],
      ['api::category.category', 'collectionType', 'categories', false, false],
      ['api::homepage.homepage', 'singleType', 'homepages', true, true],
    ],
  );
  assert.equal([...schemas.components.keys()], ['shared.quote', 'shared.section']);
  const articleType = schemas.bySingular('article')!;
  assert.is(articleType.file, 'content-types/article.yaml');
  assert.equal(articleType.attributes.title, { type: 'string', required: true, pluginOptions: { i18n: { localized: true } } });
  assert.equal(articleType.attributes.category, {
    type: 'relation',
    relation: 'manyToOne',
    target: 'api::category.category',
    inversedBy: 'articles',
  });
  assert.equal(schemas.bySingular('homepage')!.attributes.blocks, { type: 'dynamiczone', components: ['shared.section', 'shared.quote'] });
  assert.equal(schemas.userAttributes, {});
});

load('should load a Strapi schema.json as it is, keeping what matters and dropping database-only keys', async () => {
  const schemas = await loadSchemas(fixture('strapi-json'));
  const restaurant = schemas.byPlural('restaurants')!;
  assert.is(restaurant.file, 'content-types/restaurant.json');
  assert.is(restaurant.description, "Places to eat, as Strapi's Content-Type Builder writes them");
  assert.ok(restaurant.localized && restaurant.draftAndPublish);
  assert.equal(restaurant.attributes.rating, { type: 'decimal', configurable: false, min: 0, max: 5 });
  assert.equal(restaurant.attributes.owner, { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.user' });
  assert.is(restaurant.attributes.color!.type, 'string');
  const dish = schemas.components.get('menu.dish')!;
  assert.equal([dish.category, dish.name, dish.displayName, dish.file], ['menu', 'dish', 'Dish', 'content-types/components/menu/dish.json']);
});

load('should load one attribute of every type with its validation keys', async () => {
  const schemas = await loadSchemas(fixture('all-types'));
  const sample = schemas.bySingular('sample')!;
  // A media attribute is loaded as the relation it is served as.
  assert.equal([...new Set(Object.values(sample.attributes).map((attribute) => attribute.type))].sort(), ATTRIBUTE_TYPES.filter((type) => type !== 'media').sort());
  assert.equal(sample.attributes.someMedia, { type: 'relation', relation: 'manyToMany', target: 'plugin::upload.file', media: { allowedTypes: ['images', 'videos'] } });
  assert.equal(sample.attributes.aBigInteger, { type: 'biginteger', min: '0', max: '9007199254740993', default: '12' });
  assert.equal(sample.attributes.aComponent, { type: 'component', component: 'shared.link', repeatable: false });
  assert.equal(sample.attributes.someJson, { type: 'json', default: { a: [1, 2] } });
});

load('should sort content types by singularName and find them by singular, plural and uid', async () => {
  const dir = await project({
    'content-types/zebra.yaml': 'kind: collectionType\ninfo: { singularName: zebra, pluralName: zebras }\nattributes: {}\n',
    'content-types/apple.yml': 'kind: singleType\ninfo: { singularName: apple, pluralName: apples }\nattributes: {}\n',
  });
  const schemas = await loadSchemas(dir);
  assert.equal(schemas.contentTypes.map((type) => type.singularName), ['apple', 'zebra']);
  assert.is(schemas.byPlural('zebras')!.file, 'content-types/zebra.yaml');
  assert.is(schemas.byUid('api::apple.apple')!.file, 'content-types/apple.yml');
  assert.is(schemas.bySingular('zebras'), undefined);
});

load('should default draftAndPublish and localized to false and derive displayName from the name', async () => {
  const dir = await project({ 'content-types/blog-post.yaml': 'kind: collectionType\ninfo: { singularName: blog-post, pluralName: blog-posts }\nattributes: {}\n' });
  const [type] = (await loadSchemas(dir)).contentTypes;
  assert.equal([type!.displayName, type!.draftAndPublish, type!.localized], ['Blog Post', false, false]);
});

load('should ignore dotfiles and files that are not YAML or JSON', async () => {
  const dir = await project({ 'content-types/README.md': '# notes', 'content-types/.gitkeep': '', 'content-types/components/.gitkeep': '' });
  const schemas = await loadSchemas(dir);
  assert.equal([schemas.contentTypes, [...schemas.components.keys()]], [[], []]);
});

load('should read the extra User attributes from users-permissions/user.yaml, and only its attributes', async () => {
  const dir = await project({
    'content-types/users-permissions/user.yaml': 'kind: collectionType\ninfo: { whatever: 1 }\nattributes:\n  nickname: { type: string, maxLength: 30 }\n  handle: { type: uid, targetField: username }\n',
  });
  assert.equal((await loadSchemas(dir)).userAttributes, {
    nickname: { type: 'string', maxLength: 30 },
    handle: { type: 'uid', targetField: 'username' },
  });
});

load('should accept relations to the users-permissions user and role', async () => {
  const dir = await project({
    'content-types/article.yaml': article(
      '  author: { type: relation, relation: manyToOne, target: plugin::users-permissions.user, inversedBy: articles }\n  audience: { type: relation, relation: manyToMany, target: plugin::users-permissions.role }',
    ),
    'content-types/users-permissions/user.yaml': 'attributes:\n  articles: { type: relation, relation: oneToMany, target: api::article.article, mappedBy: author }\n',
  });
  const schemas = await loadSchemas(dir);
  assert.is(schemas.bySingular('article')!.attributes.audience!.type, 'relation');
});

load('should allow a single type whose plural equals its singular', async () => {
  const dir = await project({ 'content-types/news.yaml': 'kind: singleType\ninfo: { singularName: news, pluralName: news }\nattributes: {}\n' });
  assert.is((await loadSchemas(dir)).byPlural('news')!.kind, 'singleType');
});

// --- the folder and files ------------------------------------------------------------------

load('when the content-types folder is missing then the error names it', async () => {
  const error = await loadError(await project({ 'config/server.yaml': 'port: 1337\n' }));
  assert.is(error.message, 'content-types: folder not found; a project keeps its content types in content-types/<singularName>.yaml');
  assert.is(error.file, 'content-types');
});

load('when a file has a YAML syntax error then the error names the file and the line of the mistake, not where the parser stopped', async () => {
  const error = await loadError(fixture('yaml-syntax-error'));
  assert.is(error.file, 'content-types/article.yaml');
  // Line 2 opens a { that is never closed; the parser notices only at line 3.
  assert.is(
    error.message,
    'content-types/article.yaml: line 2: the { at column 7 is never closed (Flow map in block collection must be sufficiently indented and end with a })',
  );
  const quote = await messageFor({ 'content-types/article.yaml': 'kind: collectionType\ninfo: { singularName: "article }\nattributes: {}\n' });
  assert.match(quote, /^content-types\/article\.yaml: line 2: the " at column 23 is never closed \(/, 'an unclosed quote');
  const indent = await messageFor({ 'content-types/article.yaml': 'kind: collectionType\nattributes:\n  title: { type: string }\n views: { type: integer }\n' });
  assert.is(indent, 'content-types/article.yaml: line 4: All mapping items must start at the same column', 'a mistake the parser stops at');
});

load('when a JSON file is malformed then the error names the file and the line of the mistake', async () => {
  const unclosed = await messageFor({ 'content-types/article.json': '{\n  "kind": "collectionType",\n  "info": {\n}\n' });
  assert.is(unclosed, 'content-types/article.json: line 1: the { at column 1 is never closed (Flow map must end with a })');
  const comma = await messageFor({ 'content-types/article.json': '{\n  "kind": "collectionType"\n  "info": {}\n}\n' });
  assert.is(comma, 'content-types/article.json: line 2: Missing , between flow map items', 'the line that lacks the comma');
});

load('when a file is empty or not a mapping then the error names the file', async () => {
  assert.is(await messageFor({ 'content-types/article.yaml': '' }), 'content-types/article.yaml: is empty');
  assert.is(
    await messageFor({ 'content-types/article.yaml': '- kind\n' }),
    "content-types/article.yaml: must be a mapping (Strapi's schema.json written as YAML), got a list",
  );
});

load('when content-types holds an unexpected folder then the error names it', async () => {
  const message = await messageFor({ 'content-types/article/schema.json': '{}' });
  assert.is(
    message,
    'content-types/article: is an unexpected folder: a content type is one file, content-types/<singularName>.yaml, and components live in content-types/components/<category>/<name>.yaml',
  );
});

load('when a component file is not in a category folder or badly named then the error names the file', async () => {
  assert.is(
    await messageFor({ 'content-types/components/quote.yaml': 'attributes: {}\n' }),
    'content-types/components/quote.yaml: is not in a category folder; components live in content-types/components/<category>/<name>.yaml',
  );
  assert.is(
    await messageFor({ 'content-types/components/shared/Quote.yaml': 'attributes: {}\n' }),
    'content-types/components/shared/Quote.yaml: component name "Quote" must be kebab-case: lowercase letters, digits and "-", starting with a letter',
  );
});

load('when users-permissions holds another file than user.yaml then the error names it', async () => {
  assert.is(
    await messageFor({ 'content-types/users-permissions/role.yaml': 'attributes: {}\n' }),
    'content-types/users-permissions/role.yaml: is not read: content-types/users-permissions/ holds only user.yaml, the extra attributes of the built-in User',
  );
});

// --- top-level keys ------------------------------------------------------------------------

load('when a top-level key is unknown then the error names it and suggests the right one', async () => {
  const message = await messageFor({ 'content-types/article.yaml': 'kind: collectionType\ninfo: { singularName: article, pluralName: articles }\natributes: {}\n' });
  assert.is(message, 'content-types/article.yaml: atributes is not a known key; did you mean "attributes"?');
});

load('when kind is missing or unknown then the error names kind', async () => {
  assert.is(
    await messageFor({ 'content-types/article.yaml': 'info: { singularName: article, pluralName: articles }\nattributes: {}\n' }),
    'content-types/article.yaml: kind is required: collectionType or singleType',
  );
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('', 'kind: collection\ninfo: { singularName: article, pluralName: articles }\n') }),
    'content-types/article.yaml: kind "collection" is not a known kind; did you mean "collectionType"?',
  );
});

load('when info.singularName or info.pluralName is missing or not kebab-case then the error names the key', async () => {
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('', 'kind: collectionType\ninfo: { pluralName: articles }\n') }),
    'content-types/article.yaml: info.singularName is required',
  );
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('', 'kind: collectionType\ninfo: { singularName: article }\n') }),
    'content-types/article.yaml: info.pluralName is required',
  );
  assert.is(
    await messageFor({ 'content-types/Article.yaml': article('', 'kind: collectionType\ninfo: { singularName: Article, pluralName: articles }\n') }),
    'content-types/Article.yaml: info.singularName "Article" must be kebab-case: lowercase letters, digits and "-", starting with a letter',
  );
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('', 'kind: collectionType\ninfo: { singularName: article, pluralName: all_articles }\n') }),
    'content-types/article.yaml: info.pluralName "all_articles" must be kebab-case: lowercase letters, digits and "-", starting with a letter',
  );
});

load('when an info or options key is unknown then the error names it', async () => {
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('', 'kind: collectionType\ninfo: { singularName: article, pluralName: articles, singularname: x }\n') }),
    'content-types/article.yaml: info.singularname is not a known key; did you mean "singularName"?',
  );
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('', 'kind: collectionType\ninfo: { singularName: article, pluralName: articles }\noptions: { draftAndPublsh: true }\n') }),
    'content-types/article.yaml: options.draftAndPublsh is not a known key; did you mean "draftAndPublish"?',
  );
});

load('when the file name does not match info.singularName then the error says how to rename it', async () => {
  const message = await messageFor({ 'content-types/articles.yaml': article('  title: { type: string }') });
  assert.is(message, 'content-types/articles.yaml: info.singularName "article" does not match the file name; rename the file to article.yaml');
});

load('when a collection type has the same singular and plural name then the error names pluralName', async () => {
  const message = await messageFor({ 'content-types/news.yaml': 'kind: collectionType\ninfo: { singularName: news, pluralName: news }\nattributes: {}\n' });
  assert.is(message, 'content-types/news.yaml: info.pluralName "news" must differ from info.singularName for a collection type');
});

load('when a name is reserved for a built-in route then the error names the key', async () => {
  const message = await messageFor({ 'content-types/member.yaml': 'kind: collectionType\ninfo: { singularName: member, pluralName: users }\nattributes: {}\n' });
  assert.is(message, 'content-types/member.yaml: info.pluralName "users" is reserved for a built-in route');
});

load('when two files use the same pluralName then the error names both files', async () => {
  const error = await loadError(fixture('duplicate-plural'));
  assert.is(error.message, 'content-types/post.yaml: info.pluralName "posts" is already the pluralName of content-types/article.yaml');
  assert.is(error.key, 'info.pluralName');
});

load('when two files define the same singularName then the error names both files', async () => {
  const message = await messageFor({ 'content-types/article.yaml': article('  title: { type: string }'), 'content-types/article.yml': article('  title: { type: string }') });
  assert.is(message, 'content-types/article.yml: info.singularName "article" is already the singularName of content-types/article.yaml');
});

load("when one type's pluralName is another's singularName then the error names both files", async () => {
  const message = await messageFor({
    'content-types/news.yaml': 'kind: singleType\ninfo: { singularName: news, pluralName: newses }\nattributes: {}\n',
    'content-types/story.yaml': 'kind: collectionType\ninfo: { singularName: story, pluralName: news }\nattributes: {}\n',
  });
  assert.is(message, 'content-types/story.yaml: info.pluralName "news" is already the singularName of content-types/news.yaml');
});

load('when pluginOptions.i18n has a misspelt key then the error names it', async () => {
  const message = await messageFor({
    'content-types/article.yaml': article('  title: { type: string }', 'kind: collectionType\ninfo: { singularName: article, pluralName: articles }\npluginOptions: { i18n: { localised: true } }\n'),
  });
  assert.is(message, 'content-types/article.yaml: pluginOptions.i18n.localised is not a known key; did you mean "localized"?');
});

// --- attributes ----------------------------------------------------------------------------

load('a media attribute loads as a relation to the media library; its keys and kinds are checked', async () => {
  const dir = await project({ 'content-types/article.yaml': article('  cover: { type: media }') });
  assert.equal((await loadSchemas(dir)).bySingular('article')!.attributes.cover, { type: 'relation', relation: 'manyToOne', target: 'plugin::upload.file', media: {} });
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  cover: { type: media, allowedTypes: [image] }') }),
    'content-types/article.yaml: attributes.cover.allowedTypes.0 must be one of images, videos, audios, files, got "image"; did you mean "images"?',
  );
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  cover: { type: media, target: api::x.x }') }),
    'content-types/article.yaml: attributes.cover.target is not allowed for type "media"',
  );
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  cover: { type: relation, relation: oneToOne, target: plugin::upload.file }') }).then((message) => /is not a content type/.test(message)),
    true,
    'a relation to the media library is written as type: media',
  );
});

load('when an attribute type is unknown then the error names the key and suggests the nearest type', async () => {
  const error = await loadError(fixture('unknown-type'));
  assert.is(error.message, 'content-types/article.yaml: attributes.views.type "integr" is not a known type; did you mean "integer"?');
  assert.equal([error.file, error.key], ['content-types/article.yaml', 'attributes.views.type']);
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  x: { type: banana }') }),
    'content-types/article.yaml: attributes.x.type "banana" is not a known type',
  );
});

load('when an attribute has no type then the error names the key and points at a typo', async () => {
  assert.is(await messageFor({ 'content-types/article.yaml': article('  title: { required: true }') }), 'content-types/article.yaml: attributes.title.type is required');
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  title: { tpye: string }') }),
    'content-types/article.yaml: attributes.title.type is required (is "tpye" a typo?)',
  );
});

load('when an attribute is not a mapping then the error shows the expected shape', async () => {
  const message = await messageFor({ 'content-types/article.yaml': article('  title: string') });
  assert.is(message, 'content-types/article.yaml: attributes.title must be a mapping like { type: string }, got "string"');
});

load('when an attribute key is unknown or belongs to another type then the error names it', async () => {
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  title: { type: string, requried: true }') }),
    'content-types/article.yaml: attributes.title.requried is not a known attribute key; did you mean "required"?',
  );
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  views: { type: integer, maxLength: 3 }') }),
    'content-types/article.yaml: attributes.views.maxLength is not allowed for type "integer"; did you mean "max"?',
  );
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  zone: { type: dynamiczone, components: [a.b], default: [] }') }),
    'content-types/article.yaml: attributes.zone.default is not allowed for type "dynamiczone"',
  );
});

load('when an attribute name is a system field then the error names it', async () => {
  for (const name of SYSTEM_FIELDS) {
    const message = await messageFor({ 'content-types/article.yaml': article(`  ${name}: { type: string }`) });
    assert.is(message, `content-types/article.yaml: attributes.${name} is a system field of every document; choose another name`);
  }
});

load('when an attribute name is not an identifier then the error names it', async () => {
  const message = await messageFor({ 'content-types/article.yaml': article('  main-title: { type: string }') });
  assert.is(message, 'content-types/article.yaml: attributes.main-title is not a valid attribute name: use letters, digits and "_", starting with a letter');
});

load('when a validation flag is not a boolean then the error names it', async () => {
  const message = await messageFor({ 'content-types/article.yaml': article('  title: { type: string, required: "yes" }') });
  assert.is(message, 'content-types/article.yaml: attributes.title.required must be true or false, got "yes"');
});

load('when minLength or maxLength is not a non-negative integer then the error names it', async () => {
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  title: { type: string, minLength: -1 }') }),
    'content-types/article.yaml: attributes.title.minLength must be a non-negative integer, got -1',
  );
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  title: { type: string, maxLength: 2.5 }') }),
    'content-types/article.yaml: attributes.title.maxLength must be a non-negative integer, got 2.5',
  );
});

load('when min is greater than max then the error names min', async () => {
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  views: { type: integer, min: 10, max: 5 }') }),
    'content-types/article.yaml: attributes.views.min 10 is greater than max 5',
  );
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  title: { type: string, minLength: 10, maxLength: 5 }') }),
    'content-types/article.yaml: attributes.title.minLength 10 is greater than maxLength 5',
  );
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  views: { type: integer, min: 1.5 }') }),
    'content-types/article.yaml: attributes.views.min must be an integer, got 1.5',
  );
});

load('when regex is not a valid regular expression then the error names it', async () => {
  const message = await messageFor({ 'content-types/article.yaml': article("  code: { type: string, regex: '[a-' }") });
  assert.match(message, /^content-types\/article\.yaml: attributes\.code\.regex "\[a-" is not a valid regular expression: /);
});

load('when a default has the wrong type or breaks the rules then the error names it', async () => {
  const cases: [string, string][] = [
    ['  views: { type: integer, default: ten }', 'attributes.views.default must be a number, got "ten"'],
    ['  views: { type: integer, default: 1.5 }', 'attributes.views.default must be an integer, got 1.5'],
    ['  views: { type: integer, min: 0, default: -1 }', 'attributes.views.default -1 is below min 0'],
    ['  title: { type: string, default: 5 }', 'attributes.title.default must be a string for type "string", got 5'],
    ['  title: { type: string, maxLength: 3, default: long }', 'attributes.title.default "long" is longer than maxLength 3'],
    ['  flag: { type: boolean, default: "true" }', 'attributes.flag.default must be true or false, got "true"'],
    ["  day: { type: date, default: '2023-02-30' }", 'attributes.day.default "2023-02-30" is not a valid date, e.g. "2024-01-31"'],
    ['  big: { type: biginteger, default: 1.5 }', 'attributes.big.default must be an integer (or a string of digits for values beyond 2^53), got 1.5'],
    ['  state: { type: enumeration, enum: [draft, live], default: drfat }', 'attributes.state.default "drfat" is not one of the enum values; did you mean "draft"?'],
  ];
  for (const [attributes, expected] of cases) {
    assert.is(await messageFor({ 'content-types/article.yaml': article(attributes) }), `content-types/article.yaml: ${expected}`);
  }
});

load('when an enumeration has no values, an empty list or a repeated value then the error names enum', async () => {
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  state: { type: enumeration }') }),
    'content-types/article.yaml: attributes.state.enum is required: list the values, e.g. enum: [draft, live]',
  );
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  state: { type: enumeration, enum: [] }') }),
    'content-types/article.yaml: attributes.state.enum must list at least one value',
  );
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  state: { type: enumeration, enum: [a, b, a] }') }),
    'content-types/article.yaml: attributes.state.enum lists "a" twice',
  );
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  state: { type: enumeration, enum: [a, 2] }') }),
    'content-types/article.yaml: attributes.state.enum must list non-empty strings, got 2',
  );
});

load('when a uid targetField is not a string attribute of the same type then the error names it', async () => {
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  title: { type: string }\n  slug: { type: uid, targetField: titel }') }),
    'content-types/article.yaml: attributes.slug.targetField "titel" is not a string or text attribute of this type; did you mean "title"?',
  );
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  views: { type: integer }\n  slug: { type: uid, targetField: views }') }),
    'content-types/article.yaml: attributes.slug.targetField "views" is not a string or text attribute of this type',
  );
});

load('when a component does not exist then the error names the key and suggests the nearest', async () => {
  const error = await loadError(fixture('missing-component'));
  assert.is(error.message, 'content-types/article.yaml: attributes.sections.component "shared.sectoin" does not exist; did you mean "shared.section"?');
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  hero: { type: component, component: layout.hero }') }),
    'content-types/article.yaml: attributes.hero.component "layout.hero" does not exist: add content-types/components/layout/hero.yaml',
  );
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  hero: { type: component, component: Hero }') }),
    'content-types/article.yaml: attributes.hero.component "Hero" must be a component uid "<category>.<name>" in kebab-case, e.g. "shared.section"',
  );
});

load('when a dynamic zone names a missing component then the error names the key', async () => {
  const message = await messageFor({
    'content-types/article.yaml': article('  blocks: { type: dynamiczone, components: [shared.quote, shared.qoute] }'),
    'content-types/components/shared/quote.yaml': 'attributes:\n  text: { type: text }\n',
  });
  assert.is(message, 'content-types/article.yaml: attributes.blocks.components "shared.qoute" does not exist; did you mean "shared.quote"?');
});

load('when min or max is set on a component that is not repeatable then the error names it', async () => {
  const message = await messageFor({ 'content-types/article.yaml': article('  hero: { type: component, component: shared.hero, min: 1 }') });
  assert.is(message, 'content-types/article.yaml: attributes.hero.min only applies when repeatable is true');
});

load('when a relation kind is unknown then the error names it', async () => {
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  tags: { type: relation, relation: manyTomany, target: api::article.article }') }),
    'content-types/article.yaml: attributes.tags.relation "manyTomany" is not a known relation; did you mean "manyToMany"?',
  );
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  tags: { type: relation, relation: morphToMany, target: api::article.article }') }),
    'content-types/article.yaml: attributes.tags.relation "morphToMany" is not a known relation; polymorphic relations are not supported, use oneToOne, oneToMany, manyToOne or manyToMany',
  );
});

load('when a relation target is not a content type then the error names the key', async () => {
  const message = await messageFor({
    'content-types/article.yaml': article('  category: { type: relation, relation: manyToOne, target: api::categroy.categroy }'),
    'content-types/category.yaml': CATEGORY,
  });
  assert.is(message, 'content-types/article.yaml: attributes.category.target "api::categroy.categroy" is not a content type; did you mean "api::category.category"?');
  assert.is(
    await messageFor({ 'content-types/article.yaml': article('  owner: { type: relation, relation: manyToOne, target: admin::user }') }),
    'content-types/article.yaml: attributes.owner.target "admin::user" is not a content type: use api::<singularName>.<singularName> or plugin::users-permissions.user',
  );
});

load('when inversedBy names no attribute of the target then the error names the key', async () => {
  const message = await messageFor({
    'content-types/article.yaml': article('  category: { type: relation, relation: manyToOne, target: api::category.category, inversedBy: posts }'),
    'content-types/category.yaml': CATEGORY,
  });
  assert.is(message, 'content-types/article.yaml: attributes.category.inversedBy "posts" is not an attribute of api::category.category (content-types/category.yaml)');
});

load('when the two sides of a relation do not name each other then the error names the key', async () => {
  const message = await messageFor({
    'content-types/article.yaml': article('  category: { type: relation, relation: manyToOne, target: api::category.category, inversedBy: articles }'),
    'content-types/category.yaml': `${CATEGORY}  articles: { type: relation, relation: oneToMany, target: api::article.article }\n`,
  });
  assert.is(message, 'content-types/article.yaml: attributes.category.inversedBy "articles" in content-types/category.yaml must have mappedBy: category');
});

load('when the two sides of a relation have kinds that do not mirror each other then the error names relation', async () => {
  const message = await messageFor({
    'content-types/article.yaml': article('  category: { type: relation, relation: manyToOne, target: api::category.category, inversedBy: articles }'),
    'content-types/category.yaml': `${CATEGORY}  articles: { type: relation, relation: manyToMany, target: api::article.article, mappedBy: category }\n`,
  });
  assert.is(
    message,
    'content-types/article.yaml: attributes.category.relation "manyToOne" does not fit the other side: articles in content-types/category.yaml is "manyToMany", expected "oneToMany"',
  );
});

load('when a relation has both inversedBy and mappedBy then the error names mappedBy', async () => {
  const message = await messageFor({ 'content-types/article.yaml': article('  a: { type: relation, relation: oneToOne, target: api::article.article, inversedBy: b, mappedBy: b }') });
  assert.is(message, 'content-types/article.yaml: attributes.a.mappedBy cannot be used together with inversedBy: one side owns the relation (inversedBy), the other maps it (mappedBy)');
});

// --- components and the User ---------------------------------------------------------------

load('when a component holds a dynamic zone then the error names its type', async () => {
  const message = await messageFor({
    'content-types/components/shared/card.yaml': 'attributes:\n  blocks: { type: dynamiczone, components: [shared.card] }\n',
  });
  assert.is(message, 'content-types/components/shared/card.yaml: attributes.blocks.type "dynamiczone" is not allowed in a component (dynamic zones belong to content types)');
});

load('when components contain each other then the error shows the cycle', async () => {
  const message = await messageFor({
    'content-types/components/shared/a.yaml': 'attributes:\n  child: { type: component, component: shared.b }\n',
    'content-types/components/shared/b.yaml': 'attributes:\n  parent: { type: component, component: shared.a, repeatable: true }\n',
  });
  assert.is(
    message,
    'content-types/components/shared/a.yaml: attributes.child.component "shared.b" contains shared.a again (shared.a → shared.b → shared.a); a component cannot contain itself',
  );
});

load('when a component relation has an inverse side then the error names it', async () => {
  const message = await messageFor({
    'content-types/components/shared/card.yaml': 'attributes:\n  article: { type: relation, relation: oneToOne, target: api::article.article, inversedBy: card }\n',
  });
  assert.is(message, 'content-types/components/shared/card.yaml: attributes.article.inversedBy is not allowed in a component: relations from components are one-way');
});

load('when user.yaml redefines a built-in User field then the error names it', async () => {
  const message = await messageFor({ 'content-types/users-permissions/user.yaml': 'attributes:\n  email: { type: email }\n' });
  assert.is(message, 'content-types/users-permissions/user.yaml: attributes.email is a built-in User field; list only extra attributes');
});

load('when user.yaml has no attributes then the error names the key and a likely typo', async () => {
  const message = await messageFor({ 'content-types/users-permissions/user.yaml': 'atributes:\n  nickname: { type: string }\n' });
  assert.is(message, 'content-types/users-permissions/user.yaml: attributes is required (is "atributes" a typo?)');
});

load.run();

// --- localization ----------------------------------------------------------------------------

const localized = suite('isLocalizedAttribute(owner, attribute)');

localized('should be true only when both the type and the attribute are localized', async () => {
  const schemas = await loadSchemas(repoRoot);
  const articleType = schemas.bySingular('article')!;
  assert.ok(isLocalizedAttribute(articleType, articleType.attributes.title!));
  assert.not.ok(isLocalizedAttribute(articleType, articleType.attributes.views!));
  assert.not.ok(isLocalizedAttribute(articleType, articleType.attributes.slug!));
});

localized('should be false for a marked attribute of a type that is not localized', () => {
  const attribute = { type: 'string', pluginOptions: { i18n: { localized: true } } } as const;
  assert.not.ok(isLocalizedAttribute({ localized: false }, attribute));
  assert.ok(isLocalizedAttribute({ localized: true }, attribute));
});

localized.run();
