import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseContentQuery, pickFields } from '../../../src/model/index.js';
import { expectError, expectSuccess } from '../../_helpers/index.js';
import { article, category, lookup, query, REST } from './_fixtures.js';

const fields = suite('parseContentQuery(raw, model, lookup, rest): fields');

const parsed = (search: string) => expectSuccess(() => query(search)).fields;

fields('should read a comma string or a list, always adding id and documentId', () => {
  const table: Array<[string, string[] | undefined]> = [
    ['fields=title', ['id', 'documentId', 'title']],
    ['fields=title, views ,title', ['id', 'documentId', 'title', 'views']],
    ['fields[0]=title&fields[1]=createdAt', ['id', 'documentId', 'title', 'createdAt']],
    ['fields[0]=title,views', ['id', 'documentId', 'title', 'views']],
    ['fields=documentId,locale,publishedAt', ['id', 'documentId', 'locale', 'publishedAt']],
    ['fields=meta,content,rank', ['id', 'documentId', 'meta', 'content', 'rank']],
  ];
  for (const [search, expected] of table) assert.equal(parsed(search), expected, search);
});

fields('should mean every field for *, empty or absent', () => {
  for (const search of ['fields=*', 'fields=', 'fields', '', 'fields[0]=*', 'fields=title,*']) {
    assert.is(parsed(search), undefined, search);
  }
});

fields('when a field is a relation, component, dynamic zone, private, password or unknown then 400 Invalid key', () => {
  for (const key of ['category', 'sections', 'seo', 'blocks', 'secret', 'password', 'nope', 'Title', 'category.name']) {
    const error = expectError(() => query(`fields=title,${key}`));
    assert.is(error.message, `Invalid key ${key}`, key);
    assert.equal(error.details, { key, path: key, source: 'query', param: 'fields' }, key);
  }
  const localeOnPlainModel = expectError(() => parseContentQuery({ fields: 'locale' }, category, lookup, REST));
  assert.is(localeOnPlainModel.message, 'Invalid key locale');
});

fields('when fields is neither a string nor a list then 400', () => {
  assert.is(expectError(() => query('fields[title]=1')).message, 'Invalid key title');
  assert.match(expectError(() => query('fields[0][x]=1')).message, /^Invalid parameter at 'fields\.0'\. Expected a field name/);
  assert.is(expectError(() => parseContentQuery({ fields: ['constructor'] }, article, lookup, REST)).message, 'Invalid key constructor');
});

fields.run();

const pick = suite('pickFields(row, fields, keep)');

const row = { id: 1, documentId: 'a', title: 'T', views: 3, category: { id: 9 } };

pick('should keep only the listed fields that the row has', () => {
  assert.equal(pickFields(row, ['id', 'documentId', 'title', 'missing']), { id: 1, documentId: 'a', title: 'T' });
});

pick('should return the row itself when fields is undefined', () => {
  assert.is(pickFields(row, undefined), row);
});

pick('should also keep the extra keys, such as populated relations', () => {
  assert.equal(pickFields(row, ['id', 'documentId'], ['category']), { id: 1, documentId: 'a', category: { id: 9 } });
});

pick('should never copy a __proto__ key onto the result', () => {
  const hostile = JSON.parse('{"id": 1, "__proto__": {"polluted": true}}') as Record<string, unknown>;
  const picked = pickFields(hostile, ['id', '__proto__']) as Record<string, unknown>;
  assert.equal(Object.keys(picked), ['id']);
  assert.is(picked.polluted, undefined);
});

pick.run();
