/** The checks of stored document versions (`folio check`, and a server taking in a file changed on disk). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import {
  checkStoredDocument,
  checkStoredDocuments,
  handWrittenId,
  jsonPathLine,
  parseDocumentText,
  type StoredDocumentContext,
  type StoredVersion,
} from '../../src/content/index.js';
import { loadSchemas, type ContentType, type Schemas } from '../../src/schema/index.js';
import { repoRoot } from '../_helpers/index.js';

let sample: Schemas;
let allTypes: Schemas;
const type = (schemas: Schemas, name: string): ContentType => schemas.bySingular(name)!;
const STAMP = '2024-01-31T09:30:00.000Z';

/** A published English article as the service stores it. */
function article(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 2,
    documentId: 'doc1',
    locale: 'en',
    createdAt: STAMP,
    updatedAt: STAMP,
    publishedAt: STAMP,
    title: 'Hello',
    slug: 'hello',
    views: 3,
    body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hi' }] }],
    sections: [{ id: 3, heading: 'A', body: 'x' }, { id: 4, heading: 'B' }],
    category: 'cat1',
    ...extra,
  };
}

function context(extra: Partial<StoredDocumentContext> = {}): StoredDocumentContext {
  return { schemas: sample, documentId: 'doc1', status: 'published', locale: 'en', locales: ['en', 'fr'], ...extra };
}

const messages = (problems: Array<{ message: string }>) => problems.map((problem) => problem.message);
const check = (row: unknown, extra: Partial<StoredDocumentContext> = {}, name = 'article') => checkStoredDocument(type(sample, name), row, context(extra));

const stored = suite('checkStoredDocument');
stored.before(async () => {
  sample = await loadSchemas(repoRoot);
  allTypes = await loadSchemas(join(repoRoot, 'test/fixtures/content-types/all-types'));
});

stored('a version as the service stores it has no problem', () => {
  assert.equal(check(article()), []);
  assert.equal(check(article({ id: 1, publishedAt: null, title: null }), { status: 'draft' }), []);
  const category = { id: 1, documentId: 'doc1', locale: null, createdAt: STAMP, updatedAt: STAMP, publishedAt: STAMP, name: 'News' };
  assert.equal(check(category, { locale: 'default' }, 'category'), []);
  const homepage = {
    id: 1, documentId: 'doc1', locale: 'en', createdAt: STAMP, updatedAt: STAMP, publishedAt: STAMP, title: 'Home',
    blocks: [{ __component: 'shared.quote', id: 7, text: 'Q', author: 'me' }, { __component: 'shared.section', id: 8, heading: 'S' }],
  };
  assert.equal(check(homepage, {}, 'homepage'), []);
});

stored('a value of the wrong type fails with the API message, at its path', () => {
  assert.equal(check(article({ views: 'ten' })), [
    { message: 'views must be a `number` type, but the final value was: `NaN` (cast from the value `"ten"`).', path: ['views'] },
  ]);
  assert.equal(check(article({ title: 5 })), [{ message: 'title must be a `string` type, but the final value was: `5`.', path: ['title'] }]);
});

stored('a value the API accepts but stores in another form is reported with the stored form', () => {
  assert.equal(check(article({ views: '11' })), [{ message: 'views must be stored as 11, not "11"', path: ['views'] }]);
});

stored('a required attribute is needed on a published version, not on a draft', () => {
  const { title: _title, ...untitled } = article();
  assert.equal(check(untitled), [{ message: 'title must be defined.', path: ['title'] }]);
  assert.equal(check({ ...untitled, publishedAt: null }, { status: 'draft' }), []);
  assert.equal(messages(check(article({ title: null }))), ['title must be a `string` type, but the final value was: `null`.']);
  // A type without draft & publish has only published versions: always complete.
  const category = { id: 1, documentId: 'doc1', locale: null, createdAt: STAMP, updatedAt: STAMP, publishedAt: STAMP };
  assert.equal(check(category, { locale: 'default' }, 'category'), [{ message: 'name must be defined.', path: ['name'] }]);
});

stored('unknown attributes are reported, each, with a suggestion, also inside components', () => {
  const problems = check(article({ titel: 'x', bogus: 1, sections: [{ id: 3, heading: 'A', extra: true }] }));
  assert.equal(problems, [
    { message: 'sections[0].extra is not an attribute of component shared.section', path: ['sections', '0', 'extra'] },
    { message: 'titel is not an attribute of article; did you mean "title"?', path: ['titel'] },
    { message: 'bogus is not an attribute of article', path: ['bogus'] },
  ]);
});

stored('values inside components and dynamic zones are checked as the API checks new entries', () => {
  const homepage = {
    id: 1, documentId: 'doc1', locale: 'en', createdAt: STAMP, updatedAt: STAMP, publishedAt: STAMP,
    blocks: [{ __component: 'shared.quote', id: 7, author: 'me' }, { __component: 'shared.nope', id: 8 }, { __component: 'shared.section', id: 9, heading: 3 }],
  };
  assert.equal(messages(check(homepage, {}, 'homepage')), [
    'blocks[0].text must be defined.',
    'blocks[1].__component must be one of the following values: shared.section, shared.quote',
    'blocks[2].heading must be a `string` type, but the final value was: `3`.',
  ]);
});

stored('component ids must be there, positive integers, and unique within the version', () => {
  const problems = check(article({ sections: [{ id: 3 }, { id: 3 }, { heading: 'x' }, { id: 'a' }] }));
  assert.equal(problems, [
    { message: 'sections[1].id 3 is already the id of sections[0]; component ids are unique within a version', path: ['sections', '1', 'id'] },
    { message: 'sections[2].id must be defined.', path: ['sections', '2'] },
    { message: 'sections[3].id must be a `number` type, but the final value was: `"a"`.', path: ['sections', '3', 'id'] },
  ]);
  assert.equal(check(article({ sections: [{ heading: 'x' }] }), { handWritten: true }), []);
});

stored('relations are stored documentIds of documents that exist', () => {
  const exists = (target: string, ref: string | number) => (target === 'api::category.category' ? ref === 'cat1' : undefined);
  assert.equal(check(article(), { exists }), []);
  assert.equal(check(article({ category: 'nope' }), { exists }), [{ message: 'category: no related entry with documentId "nope"', path: ['category'] }]);
  assert.equal(messages(check(article({ category: 5 }), { exists })), ['category must hold documentIds of api::category.category (one, or null), got 5']);
  assert.equal(messages(check(article({ category: ['cat1'] }), { exists })), ['category is a manyToOne relation: store one documentId or null, not a list']);
  assert.equal(messages(check(article({ category: ['cat1', 'cat2'] }))), ['category accepts at most one target, as it is a manyToOne relation']);
  // The inverse side is computed from the owners, never stored.
  const category = { id: 1, documentId: 'doc1', locale: null, createdAt: STAMP, updatedAt: STAMP, publishedAt: STAMP, name: 'News', articles: ['doc1'] };
  assert.equal(messages(check(category, { locale: 'default' }, 'category')), ['articles is the inverse side of a relation; set it from article.category']);
  assert.equal(check({ ...category, articles: [] }, { locale: 'default' }, 'category'), []);
});

stored('the file name must fit the type: status, locale of the project, default for non-localized types', () => {
  assert.equal(messages(check(article(), { locale: 'de' })), [
    'locale "de" is not a locale of the project (config/i18n.yaml: en, fr); add it with `folio locale add de` or rename the file',
    'locale "en" does not match the file name (published.de.json)',
  ]);
  assert.equal(messages(check(article({ locale: undefined }), { locale: 'default' })), [
    'article is localized: name the file <status>.<locale>.json with a locale of the project (config/i18n.yaml: en, fr)',
  ]);
  const category = { id: 1, documentId: 'doc1', locale: null, createdAt: STAMP, updatedAt: STAMP, publishedAt: STAMP, name: 'News' };
  assert.equal(messages(check(category, { locale: 'en' }, 'category')), ['category is not localized: its versions are stored as <status>.default.json, not with locale "en"']);
  assert.equal(messages(check({ ...category, publishedAt: null }, { locale: 'default', status: 'draft' }, 'category')), [
    'category has no draft & publish: its versions are published.<locale>.json, never draft',
    'publishedAt must be a date and time on a published version, not null',
  ]);
});

stored('system fields: id, documentId, locale and timestamps', () => {
  assert.equal(check(article({ id: undefined, createdAt: 'yesterday' })), [
    { message: 'id must be defined.', path: ['id'] },
    { message: 'createdAt must be a valid ISO 8601 date and time, such as 2024-01-31T09:30:00.000Z, but the final value was: `"yesterday"`.', path: ['createdAt'] },
  ]);
  assert.equal(messages(check(article({ id: 0 }))), ['id must be greater than or equal to 1']);
  assert.equal(messages(check(article({ id: '7' }))), ['id must be stored as 7, not "7"']);
  assert.equal(check(article({ documentId: 'other' })), [{ message: 'documentId "other" does not match the document\'s folder name (doc1)', path: ['documentId'] }]);
  assert.equal(messages(check(article({ publishedAt: STAMP }), { status: 'draft' })), [`publishedAt must be null on a draft, got "${STAMP}"`]);
  assert.equal(check(article({ id: undefined, createdAt: undefined, updatedAt: undefined, publishedAt: undefined, documentId: undefined }), { handWritten: true }), []);
  assert.equal(messages(check([1, 2])), ['must be a JSON object (one version of a article document), got an array']);
});

stored('every attribute type: enumerations, numbers, lengths, regex, emails, dates, blocks, passwords', () => {
  const sampleType = type(allTypes, 'sample');
  const base = { id: 1, documentId: 'doc1', locale: null, createdAt: STAMP, updatedAt: STAMP, publishedAt: STAMP, aBoolean: true };
  const run = (extra: Record<string, unknown>) =>
    messages(checkStoredDocument(sampleType, { ...base, ...extra }, { schemas: allTypes, documentId: 'doc1', status: 'published', locale: 'default', locales: ['en'] }));
  assert.equal(run({ aString: 'abc', anEnum: 'live', anInteger: 5, aBigInteger: '12', aDate: '2024-02-29', aTime: '09:30:00.000', aPassword: '$scrypt$N=16384,r=8,p=1$c2FsdA==$aGFzaA==' }), []);
  assert.equal(run({ anEnum: 'gone' }), ['anEnum must be one of the following values: draft, live']);
  assert.equal(run({ anInteger: 11 }), ['anInteger must be less than or equal to 10']);
  assert.equal(run({ aString: 'ABC' }), ['aString must match the following: "/^[a-z]+$/"']);
  assert.equal(run({ aString: 'a'.repeat(21) }), ['aString must be at most 20 characters']);
  assert.equal(run({ anEmail: 'not-an-email' }), ['anEmail must be a valid email']);
  assert.equal(run({ aDate: '2023-02-30' }), ['aDate must be a valid date in the format YYYY-MM-DD, but the final value was: `"2023-02-30"`.']);
  assert.equal(run({ aTime: '09:30' }), ['aTime must be stored as "09:30:00.000", not "09:30"']);
  assert.equal(run({ aBigInteger: 12 }), ['aBigInteger must be stored as "12", not 12']);
  assert.equal(run({ someBlocks: [{ type: 'paragraph', children: [] }] }), ['someBlocks[0].children must have at least one node']);
  assert.equal(run({ aPassword: 'hunter22' }), ['aPassword must be stored as a password hash, not as the password itself; set it through the API or `folio`']);
  assert.equal(run({ aBoolean: undefined }), ['aBoolean must be defined.']); // required, even with a default
  const link = (id: number) => ({ __component: 'shared.link', id, url: '/x' });
  assert.equal(run({ aZone: [link(1), link(2), link(3), link(4)] }), ['aZone field must have less than or equal to 3 items']);
  assert.equal(run({ aComponent: { id: 5, label: 'x' } }), ['aComponent.url must be defined.']);
});

stored('a password or private value is never shown in a message: they go to logs and CI output', () => {
  const sampleType = type(allTypes, 'sample');
  const base = { id: 1, documentId: 'doc1', locale: null, createdAt: STAMP, updatedAt: STAMP, publishedAt: STAMP, aBoolean: true };
  const run = (extra: Record<string, unknown>) =>
    messages(checkStoredDocument(sampleType, { ...base, ...extra }, { schemas: allTypes, documentId: 'doc1', status: 'published', locale: 'default', locales: ['en'] }));
  assert.equal(run({ aPassword: 48291377 }), ['aPassword must be a `string` type; its value is not shown (a password or private attribute)']);
  assert.equal(run({ aPassword: { pin: 'x' } }), ['aPassword must be a `string` type; its value is not shown (a password or private attribute)']);
  assert.equal(run({ aString: 48291377 }), ['aString must be a `string` type, but the final value was: `48291377`.'], 'other values are shown');
});

const across = suite('checkStoredDocuments');
across.before(async () => {
  sample = await loadSchemas(repoRoot);
});

const version = (documentId: string, status: 'draft' | 'published', locale: string, row: Record<string, unknown>): StoredVersion => ({
  documentId,
  status,
  locale,
  row: { documentId, ...row },
  name: `${documentId}/${status}.${locale}.json`,
});

across('two versions sharing an id are both reported, naming each other', () => {
  const problems = checkStoredDocuments(type(sample, 'article'), [
    version('a', 'draft', 'en', { id: 1 }),
    version('a', 'published', 'en', { id: 1 }),
    version('b', 'draft', 'en', { id: 2 }),
  ]);
  assert.equal(problems.map(({ version: v, path, message }) => [v.name, path, message]), [
    ['a/draft.en.json', ['id'], 'id 1 is also the id of a/published.en.json; every stored version of article needs its own id (the versions of one document too)'],
    ['a/published.en.json', ['id'], 'id 1 is also the id of a/draft.en.json; every stored version of article needs its own id (the versions of one document too)'],
  ]);
});

across('a version without an id is checked with the id the server gives it', () => {
  const category = type(sample, 'category');
  const given = handWrittenId('category', 'a', 'published', 'default');
  assert.equal(checkStoredDocuments(category, [version('a', 'published', 'default', { name: 'A' }), version('b', 'published', 'default', { name: 'B' })]), []);
  const problems = checkStoredDocuments(category, [version('a', 'published', 'default', { name: 'A' }), version('b', 'published', 'default', { id: given, name: 'B' })]);
  assert.equal(messages(problems), [
    `the id this file is given, having none, ${given}, is also the id of b/published.default.json; every stored version of category needs its own id`,
    `id ${given} is also the id of a/published.default.json; every stored version of category needs its own id`,
  ]);
});

across('a unique value is unique per status and locale, across documents', () => {
  const category = type(sample, 'category');
  const problems = checkStoredDocuments(category, [
    version('a', 'published', 'default', { id: 1, name: 'News' }),
    version('b', 'published', 'default', { id: 2, name: 'News' }),
    version('c', 'published', 'default', { id: 3, name: 'Sport' }),
  ]);
  assert.equal(messages(problems), ['name must be unique: "News" is also the name of b/published.default.json', 'name must be unique: "News" is also the name of a/published.default.json']);
  // uid attributes are unique too, but only within one locale and status.
  const article = type(sample, 'article');
  assert.equal(checkStoredDocuments(article, [version('a', 'published', 'en', { id: 1, slug: 'x' }), version('b', 'published', 'fr', { id: 2, slug: 'x' }), version('b', 'draft', 'en', { id: 3, slug: 'x' })]), []);
  assert.equal(messages(checkStoredDocuments(article, [version('a', 'published', 'en', { id: 1, slug: 'x' }), version('b', 'published', 'en', { id: 2, slug: 'x' })])).length, 2);
});

const text = suite('document file text');

text('a git conflict is reported at each <<<<<<< line', () => {
  const conflicted = '{\n<<<<<<< HEAD\n  "title": "A",\n=======\n  "title": "B",\n>>>>>>> branch\n  "id": 1\n}\n';
  assert.equal(parseDocumentText(conflicted).problems, [
    { line: 2, message: 'git merge conflict marker <<<<<<<: the file holds both sides of a conflict; keep the right content and remove the markers' },
  ]);
});

text('a syntax error has its line and a plain reason', () => {
  assert.equal(parseDocumentText('{\n  "id": 1,\n}\n').problems, [{ line: 3, message: 'not valid JSON: expected a property name in double quotes, found "}"' }]);
  assert.equal(parseDocumentText('{\n  "id": 1\n  "title": "x"\n}').problems, [{ line: 3, message: 'not valid JSON: expected "," or "}" after a property value, found "\\""' }]);
  assert.equal(parseDocumentText('{\n  "title": tru\n}').problems, [
    { line: 2, message: 'not valid JSON: expected a value (an object, an array, a string in double quotes, a number, true, false or null), found "t"' },
  ]);
  assert.equal(parseDocumentText('{\n  "id": 1').problems, [{ line: 2, message: 'not valid JSON: expected "," or "}" after a property value, found the end of the file' }]);
  assert.equal(parseDocumentText('{\n  "title": "a\n"}').problems, [{ line: 2, message: 'not valid JSON: a string does not end on its line (a missing closing ")' }]);
});

text('a key given twice is reported (JSON keeps only the last)', () => {
  assert.equal(parseDocumentText('{\n  "title": "A",\n  "title": "B"\n}').problems, [{ line: 3, message: '"title" is given twice in one object; JSON keeps only the last one' }]);
});

text('a valid text answers its value', () => {
  assert.equal(parseDocumentText('{ "id": 1, "a": [1, -2.5e3, "x\\n\\u00e9", null, true] }'), { value: { id: 1, a: [1, -2500, 'x\né', null, true] }, problems: [] });
});

text('jsonPathLine finds the line of a path, or of its deepest part found', () => {
  const json = '{\n  "sections": [\n    {\n      "heading": "A"\n    },\n    {\n      "id": 4\n    }\n  ],\n  "title": "x"\n}\n';
  assert.is(jsonPathLine(json, ['title']), 10);
  assert.is(jsonPathLine(json, ['sections', '1', 'id']), 7);
  assert.is(jsonPathLine(json, ['sections', '1', 'heading']), 6);
  assert.is(jsonPathLine(json, ['sections', '0', 'heading']), 4);
  assert.is(jsonPathLine(json, ['nope']), 1);
});

stored.run();
across.run();
text.run();
