import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseContentQuery, queryMessages } from '../../../src/model/index.js';
import { expectError, expectSuccess } from '../../_helpers/index.js';
import { article, lookup, query, REST, STRICT } from './_fixtures.js';

const parse = suite('parseContentQuery(raw, model, lookup, rest)');

parse('should give the defaults for an empty query', () => {
  assert.equal(expectSuccess(() => query('')), {
    sort: [],
    pagination: { kind: 'page', page: 1, pageSize: 25, withCount: true },
    populate: {},
    status: 'published',
  });
  assert.equal(expectSuccess(() => parseContentQuery(undefined, article, lookup, REST)), expectSuccess(() => query('')));
});

parse('should parse every clause of one query', () => {
  const result = expectSuccess(() =>
    query('filters[views][$gt]=10&sort=title:desc&pagination[page]=2&fields=title&populate=category&_q=hello&status=draft&locale=fr'),
  );
  assert.equal(result, {
    filters: { kind: 'field', field: 'views', type: 'number', operator: '$gt', value: 10 },
    sort: [{ path: ['title'], order: 'desc' }],
    pagination: { kind: 'page', page: 2, pageSize: 25, withCount: true },
    fields: ['id', 'documentId', 'title'],
    populate: { category: {} },
    q: 'hello',
    status: 'draft',
    locale: 'fr',
  });
});

parse('should trim _q and drop it when blank', () => {
  assert.is(expectSuccess(() => query('_q=%20%20hi%20')).q, 'hi');
  assert.is(expectSuccess(() => query('_q=%20')).q, undefined);
  assert.is(expectSuccess(() => query('_q')).q, undefined);
  assert.match(expectError(() => query('_q[0]=a')).message, /^Invalid parameter at '_q'\. Expected a string/);
});

parse('should read status: published by default, draft, and anything else as draft', () => {
  const table: Array<[string, string]> = [
    ['', 'published'],
    ['status=published', 'published'],
    ['status=draft', 'draft'],
    ['status=archived', 'draft'],
    ['status=', 'draft'],
    ['status[0]=published', 'draft'],
  ];
  for (const [search, status] of table) assert.is(expectSuccess(() => query(search)).status, status, search);
});

parse('when strictParams is on and status is neither published nor draft then 400', () => {
  const error = expectError(() => query('status=archived', STRICT));
  assert.is(error.name, 'ValidationError');
  assert.is(error.message, "Invalid parameter at 'status'. Expected 'published' or 'draft', received: archived");
  assert.is(expectSuccess(() => query('status=draft', STRICT)).status, 'draft');
});

parse('should pass locale through, * included, and refuse a non-string', () => {
  assert.is(expectSuccess(() => query('locale=pt-BR')).locale, 'pt-BR');
  assert.is(expectSuccess(() => query('locale=*')).locale, '*');
  assert.is(expectSuccess(() => query('locale=')).locale, undefined);
  for (const search of ['locale[0]=en', 'locale[x]=en']) {
    const error = expectError(() => query(search));
    assert.is(error.message, queryMessages.invalidLocale, search);
  }
});

parse('when lookup is given then 400 Invalid params, strict or not', () => {
  for (const options of [REST, STRICT]) {
    const error = expectError(() => query('lookup[id]=1', options));
    assert.is(error.name, 'ValidationError');
    assert.is(error.message, "Invalid params: 'lookup'");
  }
});

parse('should ignore unknown top-level parameters unless strictParams is on', () => {
  assert.equal(expectSuccess(() => query('where[id]=1&customFilter=x')), expectSuccess(() => query('')));
  for (const key of ['where', 'customFilter', 'publicationFilter']) {
    const error = expectError(() => query(`${key}=1`, STRICT));
    assert.is(error.message, `Invalid key ${key}`);
    assert.equal(error.details, { key, path: key, source: 'query', param: key });
  }
  assert.ok(expectSuccess(() => query('filters[id]=1&sort=id&pagination[page]=1&fields=id&populate=tags&_q=x&status=draft&locale=en', STRICT)));
  assert.ok(expectSuccess(() => query('page=1&pageSize=2', STRICT)));
});

parse('when a top-level key would pollute prototypes then 400 Invalid key', () => {
  const error = expectError(() => parseContentQuery(JSON.parse('{"__proto__": {"x": 1}}'), article, lookup, REST));
  assert.is(error.message, 'Invalid key __proto__');
});

parse('when the query is not an object then 400', () => {
  assert.is(expectError(() => parseContentQuery('filters', article, lookup, REST)).name, 'ValidationError');
});

parse.run();
