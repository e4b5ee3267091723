import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseContentQuery, queryMessages, type Pagination } from '../../../src/model/index.js';
import { expectError, expectSuccess } from '../../_helpers/index.js';
import { article, lookup, query, REST, STRICT } from './_fixtures.js';

const pagination = suite('parseContentQuery(raw, model, lookup, rest): pagination');

const parsed = (search: string, options = REST) => expectSuccess(() => query(search, options)).pagination;
const page = (page: number, pageSize: number, withCount = true): Pagination => ({ kind: 'page', page, pageSize, withCount });
const offset = (start: number, limit: number, withCount = true): Pagination => ({ kind: 'offset', start, limit, withCount });

pagination('should default to page 1 of defaultLimit rows, counted', () => {
  assert.equal(parsed(''), page(1, 25));
  assert.equal(parsed('', { ...REST, withCount: false, defaultLimit: 10 }), page(1, 10, false));
});

pagination('should read page and offset styles, nested or at top level', () => {
  const table: Array<[string, Pagination]> = [
    ['pagination[page]=2&pagination[pageSize]=10', page(2, 10)],
    ['pagination[page]=3', page(3, 25)],
    ['pagination[pageSize]=5', page(1, 5)],
    ['pagination[start]=20&pagination[limit]=10', offset(20, 10)],
    ['pagination[start]=5', offset(5, 25)],
    ['pagination[limit]=5', offset(0, 5)],
    ['page=2&pageSize=3', page(2, 3)],
    ['start=4&limit=2', offset(4, 2)],
    ['page=9&pagination[page]=2', page(2, 25)],
  ];
  for (const [search, expected] of table) assert.equal(parsed(search), expected, search);
});

pagination('should cap pageSize and limit at maxLimit, and read limit=-1 as maxLimit', () => {
  assert.equal(parsed('pagination[pageSize]=500'), page(1, 100));
  assert.equal(parsed('pagination[limit]=500'), offset(0, 100));
  assert.equal(parsed('pagination[limit]=-1'), offset(0, 100));
  assert.equal(parsed('', { ...REST, defaultLimit: 500 }), page(1, 100));
});

pagination('sub-minimum values are a 400 PaginationError naming them, with or without strictParams', () => {
  for (const [search, name] of [
    ['pagination[page]=-3', 'page'],
    ['pagination[pageSize]=-1', 'pageSize'],
    ['pagination[start]=-5', 'start'],
  ]) {
    const error = expectError(() => query(search!));
    assert.is(error.name, 'PaginationError', search);
    assert.match(error.message, new RegExp(`'${name}': must be at least`), search);
  }
  for (const [search, name] of [
    ['pagination[page]=0', 'page'],
    ['pagination[pageSize]=0', 'pageSize'],
    ['pagination[start]=-1', 'start'],
    ['pagination[limit]=0', 'limit'],
  ]) {
    const error = expectError(() => query(search!, STRICT));
    assert.is(error.name, 'PaginationError', search);
    assert.match(error.message, new RegExp(`'${name}': must be at least`), search);
  }
  assert.equal(parsed('pagination[limit]=-1', STRICT), offset(0, 100));
});

pagination('when page and offset styles are mixed then 400 PaginationError', () => {
  for (const search of ['pagination[page]=1&pagination[limit]=5', 'pagination[pageSize]=1&pagination[start]=0', 'page=1&limit=5', 'start=0&pagination[page]=2']) {
    const error = expectError(() => query(search));
    assert.is(error.name, 'PaginationError', search);
    assert.is(error.message, queryMessages.mixedPagination, search);
  }
});

pagination('should read withCount from its six spellings', () => {
  for (const [raw, value] of [['true', true], ['t', true], ['1', true], ['false', false], ['f', false], ['0', false]] as const) {
    assert.is(parsed(`pagination[withCount]=${raw}`).withCount, value, raw);
  }
  const error = expectError(() => query('pagination[withCount]=yes'));
  assert.is(error.name, 'ValidationError');
  assert.is(error.message, 'Invalid withCount parameter. Expected "t","1","true","false","0","f"');
  assert.is(expectError(() => query('pagination[withCount]')).message, queryMessages.invalidWithCount);
});

pagination('when a value is not an integer then 400 naming it', () => {
  for (const [search, name] of [
    ['pagination[page]=abc', 'page'],
    ['pagination[pageSize]=1.5', 'pageSize'],
    ['pagination[limit][x]=1', 'limit'],
    ['start=ten', 'start'],
  ]) {
    const error = expectError(() => query(search!));
    assert.is(error.name, 'PaginationError', search);
    assert.match(error.message, new RegExp(`^Invalid pagination parameter '${name}': expected an integer`), search);
  }
  assert.match(expectError(() => query('pagination=5')).message, /^Invalid parameter at 'pagination'\. Expected an object/);
});

pagination('should ignore unknown pagination keys unless strictParams is on', () => {
  assert.equal(parsed('pagination[foo]=1'), page(1, 25));
  const error = expectError(() => query('pagination[foo]=1', STRICT));
  assert.is(error.message, 'Invalid key foo');
  const polluting = { pagination: JSON.parse('{"__proto__": {"x": 1}}') };
  assert.is(expectError(() => parseContentQuery(polluting, article, lookup, REST)).message, 'Invalid key __proto__');
});

pagination.run();
