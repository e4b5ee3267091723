import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseContentQuery } from '../../../src/model/index.js';
import { expectError, expectSuccess } from '../../_helpers/index.js';
import { article, lookup, query, REST } from './_fixtures.js';

const filters = suite('parseContentQuery(raw, model, lookup, rest): filters');

const parsed = (search: string) => expectSuccess(() => query(search)).filters;

filters('should read a scalar as $eq and cast it to the attribute type', () => {
  assert.equal(parsed('filters[views]=10'), { kind: 'field', field: 'views', type: 'number', operator: '$eq', value: 10 });
});

filters('should cast values per attribute type', () => {
  const table: Array<[string, unknown]> = [
    ['filters[views][$gt]=10', 10],
    ['filters[price][$lt]=9.5', 9.5],
    ['filters[price][$lt]=-1e2', -100],
    ['filters[rank][$eq]=012345678901234567890', '12345678901234567890'],
    ['filters[published][$eq]=t', true],
    ['filters[published][$eq]=1', true],
    ['filters[published][$eq]=false', false],
    ['filters[published][$eq]=0', false],
    ['filters[day][$eq]=2024-02-29', '2024-02-29'],
    ['filters[day][$eq]=2024-02-29T10:00:00Z', '2024-02-29'],
    ['filters[createdAt][$gt]=2024-01-01', '2024-01-01T00:00:00.000Z'],
    ['filters[createdAt][$gt]=2024-01-01T10:00:00%2B02:00', '2024-01-01T08:00:00.000Z'],
    ['filters[createdAt][$gt]=2024-01-01T10:00:00', '2024-01-01T10:00:00.000Z'],
    ['filters[createdAt][$gt]=0', '1970-01-01T00:00:00.000Z'],
    ['filters[startsAt][$eq]=09:30', '09:30:00.000'],
    ['filters[startsAt][$eq]=09:30:15.5', '09:30:15.500'],
    ['filters[title][$eq]=42', '42'],
    ['filters[id][$eq]=3', 3],
  ];
  for (const [search, value] of table) {
    const filter = parsed(search);
    assert.ok(filter?.kind === 'field', search);
    assert.equal(filter.value, value, search);
  }
});

filters('should read an array as an implicit $in', () => {
  assert.equal(parsed('filters[views][0]=1&filters[views][1]=2'), {
    kind: 'field',
    field: 'views',
    type: 'number',
    operator: '$in',
    value: [1, 2],
  });
});

filters('should read an operator given an array as OR of that operator', () => {
  assert.equal(parsed('filters[title][$containsi][0]=a&filters[title][$containsi][1]=b'), {
    kind: 'or',
    filters: [
      { kind: 'field', field: 'title', type: 'string', operator: '$containsi', value: 'a' },
      { kind: 'field', field: 'title', type: 'string', operator: '$containsi', value: 'b' },
    ],
  });
});

filters('should take $in, $notIn and $between as lists, and $in with a scalar as a list of one', () => {
  const notIn = parsed('filters[views][$notIn][0]=1&filters[views][$notIn][1]=2');
  assert.equal(notIn, { kind: 'field', field: 'views', type: 'number', operator: '$notIn', value: [1, 2] });
  const single = parsed('filters[views][$in]=7');
  assert.equal(single, { kind: 'field', field: 'views', type: 'number', operator: '$in', value: [7] });
  const between = parsed('filters[views][$between][0]=1&filters[views][$between][1]=5');
  assert.equal(between, { kind: 'field', field: 'views', type: 'number', operator: '$between', value: [1, 5] });
});

filters('should force-cast $null and $notNull: truthy means true, false/0/f/empty mean false', () => {
  const table: Array<[string, boolean]> = [
    ['true', true],
    ['1', true],
    ['t', true],
    ['anything', true],
    ['false', false],
    ['0', false],
    ['f', false],
    ['', false],
  ];
  for (const [raw, value] of table) {
    const filter = parsed(`filters[title][$null]=${raw}`);
    assert.equal(filter, { kind: 'field', field: 'title', type: 'string', operator: '$null', value }, raw);
  }
  assert.equal(parsed('filters[title][$notNull][0]=x'), { kind: 'field', field: 'title', type: 'string', operator: '$notNull', value: true });
});

filters('should read a bare key (no =) as $eq null', () => {
  assert.equal(parsed('filters[title]'), { kind: 'field', field: 'title', type: 'string', operator: '$eq', value: null });
});

filters('should accept $and/$or as lists (qs objects with index keys too) and $not as an object', () => {
  const search = 'filters[$or][0][title]=a&filters[$or][1][$and][0][views][$gt]=1&filters[$or][1][$and][1][$not][views][$gt]=9';
  assert.equal(parsed(search), {
    kind: 'or',
    filters: [
      { kind: 'field', field: 'title', type: 'string', operator: '$eq', value: 'a' },
      {
        kind: 'and',
        filters: [
          { kind: 'field', field: 'views', type: 'number', operator: '$gt', value: 1 },
          { kind: 'not', filter: { kind: 'field', field: 'views', type: 'number', operator: '$gt', value: 9 } },
        ],
      },
    ],
  });
  const sparse = parsed('filters[$or][101][title]=a&filters[$or][5][title]=b') as { kind: string; filters: Array<{ value: unknown }> };
  assert.is(sparse.kind, 'or');
  assert.equal(sparse.filters.map((f) => f.value), ['b', 'a']);
});

filters('should accept $not at attribute level', () => {
  assert.equal(parsed('filters[title][$not][$contains]=x'), {
    kind: 'not',
    filter: { kind: 'field', field: 'title', type: 'string', operator: '$contains', value: 'x' },
  });
});

filters('should nest relation and component filters', () => {
  assert.equal(parsed('filters[category][name][$eq]=News'), {
    kind: 'relation',
    field: 'category',
    target: 'api::category.category',
    filter: { kind: 'field', field: 'name', type: 'string', operator: '$eq', value: 'News' },
  });
  assert.equal(parsed('filters[sections][heading][$eq]=Intro'), {
    kind: 'component',
    field: 'sections',
    component: 'shared.section',
    filter: { kind: 'field', field: 'heading', type: 'string', operator: '$eq', value: 'Intro' },
  });
  assert.equal(parsed('filters[author][role][name]=Editor'), {
    kind: 'relation',
    field: 'author',
    target: 'plugin::users-permissions.user',
    filter: {
      kind: 'relation',
      field: 'role',
      target: 'plugin::users-permissions.role',
      filter: { kind: 'field', field: 'name', type: 'string', operator: '$eq', value: 'Editor' },
    },
  });
});

filters('should apply operators written on a relation itself to the related id', () => {
  const idFilter = (operator: string, value: unknown) => ({
    kind: 'relation',
    field: 'category',
    target: 'api::category.category',
    filter: { kind: 'field', field: 'id', type: 'number', operator, value },
  });
  assert.equal(parsed('filters[category][$null]=true'), idFilter('$null', true));
  assert.equal(parsed('filters[category]=3'), idFilter('$eq', 3));
  assert.equal(parsed('filters[category][0]=3&filters[category][1]=4'), idFilter('$in', [3, 4]));
  assert.equal(parsed('filters[category][id]=3'), idFilter('$eq', 3));
});

filters('should accept system fields, and locale only on localized models', () => {
  for (const field of ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale']) {
    assert.ok(parsed(`filters[${field}][$notNull]=true`), field);
  }
  const error = expectError(() => query('filters[category][locale]=en'));
  assert.is(error.message, 'Invalid key locale at category');
});

filters('should drop empty objects and empty groups', () => {
  const raw = { filters: { id: {}, $and: [], $or: [{}], $not: {}, category: {} } };
  const result = expectSuccess(() => parseContentQuery(raw, article, lookup, REST));
  assert.is(result.filters, undefined);
  assert.is(parsed('filters='), undefined);
});

filters('should keep LIKE metacharacters as plain text in the value', () => {
  assert.equal(parsed('filters[title][$contains]=50%25_off%5C'), {
    kind: 'field',
    field: 'title',
    type: 'string',
    operator: '$contains',
    value: '50%_off\\',
  });
});

filters('when a key is not allowed then 400 Invalid key with the key and its path', () => {
  const table: Array<[string, string, string, string]> = [
    ['filters[notAnAttribute]=1', 'notAnAttribute', 'notAnAttribute', 'Invalid key notAnAttribute'],
    ['filters[ID]=1', 'ID', 'ID', 'Invalid key ID'],
    ['filters[Title]=x', 'Title', 'Title', 'Invalid key Title'],
    ['filters[title][$fakeOp]=x', '$fakeOp', 'title.$fakeOp', 'Invalid key $fakeOp at title'],
    ['filters[title][$STARTSWITH]=x', '$STARTSWITH', 'title.$STARTSWITH', 'Invalid key $STARTSWITH at title'],
    ['filters[title][x]=1', 'x', 'title.x', 'Invalid key x at title'],
    ['filters[$eq]=1', '$eq', '$eq', 'Invalid key $eq'],
    ['filters[t0]=1', 't0', 't0', 'Invalid key t0'],
    ['filters[t1.password]=1', 't1.password', 't1.password', 'Invalid key t1.password'],
    ['filters[secret]=x', 'secret', 'secret', 'Invalid key secret'],
    ['filters[password][$null]=true', 'password', 'password', 'Invalid key password'],
    ['filters[blocks][heading]=x', 'blocks', 'blocks', 'Invalid key blocks'],
    ['filters[category][internalNote][$eq]=x', 'internalNote', 'category.internalNote', 'Invalid key internalNote at category'],
    ['filters[author][password][$startsWith]=a', 'password', 'author.password', 'Invalid key password at author'],
    ['filters[author][resetPasswordToken][$null]=false', 'resetPasswordToken', 'author.resetPasswordToken', 'Invalid key resetPasswordToken at author'],
    ['filters[sections][note]=x', 'note', 'sections.note', 'Invalid key note at sections'],
    ['filters[$or][0][secret]=x', 'secret', '$or.0.secret', 'Invalid key secret'],
    ['filters[$not][category][articles][secret]=x', 'secret', '$not.category.articles.secret', 'Invalid key secret at category.articles'],
    ['filters[prototype]=1', 'prototype', 'prototype', 'Invalid key prototype'],
    ['filters[internalTags][label]=a', 'internalTags', 'internalTags', 'Invalid key internalTags'],
  ];
  for (const [search, key, path, message] of table) {
    const error = expectError(() => query(search));
    assert.is(error.name, 'ValidationError', search);
    assert.is(error.message, message, search);
    assert.equal(error.details, { key, path, source: 'query', param: 'filters' }, search);
  }
});

filters('when a key would pollute prototypes then 400 Invalid key', () => {
  for (const key of ['__proto__', 'constructor', 'prototype']) {
    const raw = { filters: JSON.parse(`{"${key}": {"polluted": "1"}}`) };
    const error = expectError(() => parseContentQuery(raw, article, lookup, REST));
    assert.is(error.message, `Invalid key ${key}`);
  }
  const nested = { filters: { title: JSON.parse('{"__proto__": "x"}') } };
  assert.is(expectError(() => parseContentQuery(nested, article, lookup, REST)).message, 'Invalid key __proto__ at title');
  assert.is(({} as Record<string, unknown>).polluted, undefined);
});

filters('when a value is malformed then 400 naming the place and the problem', () => {
  const table: Array<[string, RegExp]> = [
    ['filters[$or]=x', /^Invalid filter value at 'filters\.\$or': expected an array of filters, received "x"$/],
    ['filters[$and][0]=x', /'filters\.\$and\.0': expected an object/],
    ['filters[$not]=x', /'filters\.\$not': expected an object/],
    ['filters[views][$gt]=abc', /^Invalid filter value at 'filters\.views\.\$gt': expected a number, received "abc"$/],
    ['filters[views]=', /'filters\.views': expected a number, received ""/],
    ['filters[views][$in][0]=1&filters[views][$in][1]=x', /'filters\.views\.\$in\.1': expected a number/],
    ['filters[rank][$eq]=1.5', /'filters\.rank\.\$eq': expected an integer/],
    ['filters[published]=yes', /'filters\.published': expected a boolean/],
    ['filters[day][$gt]=2024-02-30', /'filters\.day\.\$gt': expected a date/],
    ['filters[createdAt][$lt]=yesterday', /'filters\.createdAt\.\$lt': expected an ISO 8601 date-time/],
    ['filters[startsAt]=25:00', /'filters\.startsAt': expected a time/],
    ['filters[views][$between]=1', /'filters\.views\.\$between': expected a list of two values/],
    ['filters[views][$between][0]=1', /expected a list of two values/],
    ['filters[title][$eq][x]=1', /'filters\.title\.\$eq': expected a string/],
    ['filters[title][$contains]', /'filters\.title\.\$contains': expected a string, received null/],
    ['filters[category]=abc', /'filters\.category': expected a number/],
    ['filters[meta][$eq]=x', /^Operator \$eq cannot be used on 'filters\.meta\.\$eq' \(json\)/],
    ['filters=x', /^Invalid parameter at 'filters'\. Expected an object, received: "x"$/],
  ];
  for (const [search, message] of table) {
    const error = expectError(() => query(search));
    assert.is(error.name, 'ValidationError', search);
    assert.match(error.message, message, search);
  }
});

filters('should let json and blocks be tested for null', () => {
  assert.equal(parsed('filters[meta][$null]=true'), { kind: 'field', field: 'meta', type: 'json', operator: '$null', value: true });
  assert.equal(parsed('filters[content][$notNull]=true'), { kind: 'field', field: 'content', type: 'json', operator: '$notNull', value: true });
});

filters('when an object is nested beyond any sane depth then 400, not a stack overflow', () => {
  let deep: Record<string, unknown> = { title: 'x' };
  for (let i = 0; i < 100; i++) deep = { $not: deep };
  const error = expectError(() => parseContentQuery({ filters: deep }, article, lookup, REST));
  assert.is(error.name, 'ValidationError');
  assert.match(error.message, /nested more than/);
});

filters.run();
