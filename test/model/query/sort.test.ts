import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseContentQuery, queryMessages } from '../../../src/model/index.js';
import { expectError, expectSuccess } from '../../_helpers/index.js';
import { article, lookup, query, REST } from './_fixtures.js';

const sort = suite('parseContentQuery(raw, model, lookup, rest): sort');

const parsed = (search: string) => expectSuccess(() => query(search)).sort;

sort('should read every form of `sort` that Strapi 5 reads', () => {
  const table: Array<[string, Array<{ path: string[]; order: 'asc' | 'desc' }>]> = [
    ['sort=title', [{ path: ['title'], order: 'asc' }]],
    ['sort=title:desc', [{ path: ['title'], order: 'desc' }]],
    ['sort=title:DESC', [{ path: ['title'], order: 'desc' }]],
    ['sort=title:ASC', [{ path: ['title'], order: 'asc' }]],
    ['sort=title:asc,views:desc', [{ path: ['title'], order: 'asc' }, { path: ['views'], order: 'desc' }]],
    ['sort= title : desc , views', [{ path: ['title'], order: 'desc' }, { path: ['views'], order: 'asc' }]],
    ['sort[0]=title:desc&sort[1]=views', [{ path: ['title'], order: 'desc' }, { path: ['views'], order: 'asc' }]],
    ['sort[title]=asc', [{ path: ['title'], order: 'asc' }]],
    ['sort[title]=desc&sort[views]=asc', [{ path: ['title'], order: 'desc' }, { path: ['views'], order: 'asc' }]],
    ['sort[0][title]=desc&sort[1][views]=asc', [{ path: ['title'], order: 'desc' }, { path: ['views'], order: 'asc' }]],
    ['sort[category][name]=asc', [{ path: ['category', 'name'], order: 'asc' }]],
    ['sort=category.name:desc', [{ path: ['category', 'name'], order: 'desc' }]],
    ['sort=author.role.name', [{ path: ['author', 'role', 'name'], order: 'asc' }]],
    ['sort[seo][metaTitle]=desc', [{ path: ['seo', 'metaTitle'], order: 'desc' }]],
    ['sort=createdAt:desc,id', [{ path: ['createdAt'], order: 'desc' }, { path: ['id'], order: 'asc' }]],
    ['sort=', []],
    ['sort', []],
    ['', []],
  ];
  for (const [search, expected] of table) assert.equal(parsed(search), expected, search);
});

sort('when the order is not asc or desc then 400 Invalid order', () => {
  for (const search of ['sort=title:up', 'sort=title:', 'sort[title]=sideways', 'sort[title]=', 'sort[title]']) {
    const error = expectError(() => query(search));
    assert.is(error.name, 'ValidationError', search);
    assert.is(error.message, queryMessages.invalidOrder, search);
  }
});

sort('when the field is unknown, private, a password or not sortable then 400 Invalid key', () => {
  const table: Array<[string, string, string, string]> = [
    ['sort=nope', 'nope', 'nope', 'Invalid key nope'],
    ['sort=Title', 'Title', 'Title', 'Invalid key Title'],
    ['sort=secret:desc', 'secret', 'secret', 'Invalid key secret'],
    ['sort[password]=asc', 'password', 'password', 'Invalid key password'],
    ['sort=category.internalNote', 'internalNote', 'category.internalNote', 'Invalid key internalNote at category'],
    ['sort[author][password]=asc', 'password', 'author.password', 'Invalid key password at author'],
    ['sort[author][resetPasswordToken]=asc', 'resetPasswordToken', 'author.resetPasswordToken', 'Invalid key resetPasswordToken at author'],
    ['sort=category', 'category', 'category', 'Invalid key category'],
    ['sort[category]=asc', 'category', 'category', 'Invalid key category'],
    ['sort=blocks', 'blocks', 'blocks', 'Invalid key blocks'],
    ['sort[title][x]=asc', 'x', 'title.x', 'Invalid key x at title'],
    ['sort=title.x', 'x', 'title.x', 'Invalid key x at title'],
  ];
  for (const [search, key, path, message] of table) {
    const error = expectError(() => query(search));
    assert.is(error.message, message, search);
    assert.equal(error.details, { key, path, source: 'query', param: 'sort' }, search);
  }
});

sort('when a key would pollute prototypes then 400 Invalid key', () => {
  const raw = { sort: JSON.parse('{"__proto__": "asc"}') };
  assert.is(expectError(() => parseContentQuery(raw, article, lookup, REST)).message, 'Invalid key __proto__');
  assert.is(expectError(() => parseContentQuery({ sort: 'constructor' }, article, lookup, REST)).message, 'Invalid key constructor');
});

sort.run();
