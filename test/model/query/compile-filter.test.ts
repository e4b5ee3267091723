import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFilter, type Filter } from '../../../src/model/index.js';
import { expectSuccess } from '../../_helpers/index.js';
import { article, query, store } from './_fixtures.js';

const compile = suite('compileFilter(filter, model, ctx)');

const articles = [
  {
    id: 1,
    documentId: 'a1',
    locale: 'en',
    title: 'Hello World',
    views: 10,
    price: 9.99,
    rank: '9007199254740993',
    published: true,
    day: '2024-01-15',
    startsAt: '09:00',
    createdAt: '2024-01-15T10:00:00.000Z',
    category: 'cat-news',
    tags: ['tag-a', 'tag-b'],
    author: 1,
    sections: [{ id: 1, heading: 'Intro', order: 1 }, { id: 2, heading: 'Body', order: 2 }],
    seo: { id: 3, metaTitle: 'Hello' },
    meta: { a: 1 },
  },
  {
    id: 2,
    documentId: 'a2',
    locale: 'en',
    title: 'hello there',
    views: 5,
    price: 20,
    rank: '9007199254740992',
    published: false,
    day: '2024-03-01',
    startsAt: '18:30:00',
    createdAt: '2024-03-01T00:00:00.000Z',
    category: 'cat-blog',
    tags: ['tag-a'],
    author: null,
    sections: [{ id: 4, heading: 'Only', order: null }],
    seo: null,
    meta: null,
  },
  {
    id: 3,
    documentId: 'a3',
    locale: 'fr',
    title: '50% off_sale\\',
    views: null,
    price: null,
    rank: null,
    published: null,
    day: null,
    startsAt: null,
    createdAt: '2023-12-31T23:59:59.999Z',
    category: null,
    tags: [],
    sections: [],
    seo: null,
  },
];

const ctx = store({
  'api::category.category': [
    { id: 1, documentId: 'cat-news', name: 'News' },
    { id: 2, documentId: 'cat-blog', name: 'Blog' },
  ],
  'api::tag.tag': [
    { id: 1, documentId: 'tag-a', label: 'a' },
    { id: 2, documentId: 'tag-b', label: 'b' },
  ],
  'plugin::users-permissions.user': [{ id: 1, documentId: 'u1', username: 'ada', role: 1 }],
  'plugin::users-permissions.role': [{ id: 1, documentId: 'r1', name: 'Editor' }],
});

/** The ids of the rows a query string's filters select. */
function ids(search: string): number[] {
  const filters = expectSuccess(() => query(search)).filters;
  const keep = compileFilter(filters, article, ctx);
  return articles.filter(keep).map((row) => row.id);
}

function check(table: Array<[string, number[]]>): void {
  for (const [search, expected] of table) assert.equal(ids(search), expected, search);
}

compile('should match everything without a filter', () => {
  assert.equal(articles.filter(compileFilter(undefined, article, ctx)).length, 3);
});

compile('should compare with $eq, $ne, $lt, $lte, $gt, $gte, numerically for numbers', () => {
  check([
    ['filters[views][$eq]=10', [1]],
    ['filters[views]=10', [1]],
    ['filters[views][$eq]=11', []],
    ['filters[views][$ne]=10', [2]],
    ['filters[views][$lt]=10', [2]],
    ['filters[views][$lte]=10', [1, 2]],
    ['filters[views][$gt]=5', [1]],
    ['filters[views][$gte]=5', [1, 2]],
    ['filters[views][$gt]=9.5', [1]],
    ['filters[views][$lt]=100', [1, 2]],
    ['filters[price][$gt]=10', [2]],
    ['filters[price][$lte]=9.99', [1]],
  ]);
});

compile('should compare bigintegers exactly, beyond 2^53', () => {
  check([
    ['filters[rank][$eq]=9007199254740993', [1]],
    ['filters[rank][$gt]=9007199254740992', [1]],
    ['filters[rank][$lt]=9007199254740993', [2]],
    ['filters[rank][$in][0]=9007199254740992', [2]],
  ]);
});

compile('should compare booleans cast from 1, true, t, 0, false, f', () => {
  check([
    ['filters[published]=true', [1]],
    ['filters[published]=1', [1]],
    ['filters[published]=f', [2]],
    ['filters[published][$ne]=true', [2]],
  ]);
});

compile('should compare dates, datetimes by instant, and times', () => {
  check([
    ['filters[day][$gt]=2024-01-15', [2]],
    ['filters[day][$gte]=2024-01-15', [1, 2]],
    ['filters[day][$eq]=2024-03-01', [2]],
    ['filters[createdAt][$lt]=2024-01-01', [3]],
    ['filters[createdAt][$gte]=2024-01-15T12:00:00%2B02:00', [1, 2]],
    ['filters[createdAt][$eq]=2024-01-15T10:00:00Z', [1]],
    ['filters[createdAt][$eq]=2024-01-15T11:00:00%2B01:00', [1]],
    ['filters[startsAt][$lt]=10:00', [1]],
    ['filters[startsAt][$eq]=18:30', [2]],
    ['filters[createdAt][$between][0]=2024-01-01&filters[createdAt][$between][1]=2024-02-01', [1]],
  ]);
});

compile('should match $in, $notIn and an implicit $in', () => {
  check([
    ['filters[views][$in][0]=5&filters[views][$in][1]=10', [1, 2]],
    ['filters[views][$in][0]=6', []],
    ['filters[views][$notIn][0]=5', [1]],
    ['filters[views][$notIn][0]=6', [1, 2]],
    ['filters[views][0]=5&filters[views][1]=7', [2]],
    ['filters[title][0]=Hello World&filters[title][1]=nope', [1]],
  ]);
});

compile('should match $between inclusively', () => {
  check([
    ['filters[views][$between][0]=5&filters[views][$between][1]=10', [1, 2]],
    ['filters[views][$between][0]=6&filters[views][$between][1]=10', [1]],
    ['filters[views][$between][0]=11&filters[views][$between][1]=12', []],
    ['filters[views][$between][0]=10&filters[views][$between][1]=5', []],
  ]);
});

compile('should match $null and $notNull, also written as false', () => {
  check([
    ['filters[views][$null]=true', [3]],
    ['filters[views][$null]=false', [1, 2]],
    ['filters[views][$notNull]=true', [1, 2]],
    ['filters[views][$notNull]=false', [3]],
    ['filters[meta][$null]=true', [2, 3]],
    ['filters[views]', [3]],
    ['filters[views][$eq]', [3]],
    ['filters[views][$ne]', [1, 2]],
  ]);
});

compile('should match the text operators, case-sensitive unless they end in i', () => {
  check([
    ['filters[title][$eqi]=HELLO WORLD', [1]],
    ['filters[title][$eqi]=hello', []],
    ['filters[title][$nei]=HELLO WORLD', [2, 3]],
    ['filters[title][$startsWith]=Hello', [1]],
    ['filters[title][$startsWith]=hello', [2]],
    ['filters[title][$startsWithi]=HELLO', [1, 2]],
    ['filters[title][$endsWith]=World', [1]],
    ['filters[title][$endsWith]=world', []],
    ['filters[title][$endsWithi]=WORLD', [1]],
    ['filters[title][$contains]=llo', [1, 2]],
    ['filters[title][$contains]=LLO', []],
    ['filters[title][$containsi]=LLO', [1, 2]],
    ['filters[title][$notContains]=World', [2, 3]],
    ['filters[title][$notContains]=hello', [1, 3]],
    ['filters[title][$notContainsi]=hello', [3]],
    ['filters[views][$startsWith]=1', [1]],
  ]);
});

compile('should match %, _ and \\ literally in LIKE-style operators', () => {
  check([
    ['filters[title][$contains]=50%25', [3]],
    ['filters[title][$contains]=%25', [3]],
    ['filters[title][$contains]=_', [3]],
    ['filters[title][$startsWith]=5_', []],
    ['filters[title][$endsWith]=%5C', [3]],
    ['filters[title][$containsi]=OFF_', [3]],
  ]);
});

compile('should read an operator given an array as OR of the values', () => {
  check([
    ['filters[title][$containsi][0]=world&filters[title][$containsi][1]=sale', [1, 3]],
    ['filters[views][$gt][0]=100&filters[views][$gt][1]=7', [1]],
  ]);
});

compile('should combine $and, $or and $not, nested', () => {
  check([
    ['filters[$and][0][views][$gte]=5&filters[$and][1][published]=false', [2]],
    ['filters[$or][0][views]=10&filters[$or][1][title][$startsWith]=50', [1, 3]],
    ['filters[$not][views]=10', [2]],
    ['filters[$or][0][$and][0][views][$gt]=1&filters[$or][0][$and][1][views][$lt]=6&filters[$or][1][locale]=fr', [2, 3]],
    ['filters[$not][$or][0][views]=10&filters[$not][$or][1][views]=5', []],
    ['filters[title][$not][$contains]=World', [2, 3]],
    ['filters[views][$gt]=1&filters[published]=true', [1]],
  ]);
});

compile('should follow SQL null semantics: $ne, $notIn, $notContains and $not never match null', () => {
  check([
    ['filters[views][$ne]=10', [2]],
    ['filters[views][$notIn][0]=10', [2]],
    ['filters[published][$ne]=true', [2]],
    ['filters[title][$notContainsi]=zzz', [1, 2, 3]],
    ['filters[$not][views][$gt]=7', [2]],
    ['filters[$or][0][views][$ne]=10&filters[$or][1][views][$null]=true', [2, 3]],
  ]);
});

compile('should filter through a relation, including operators on the relation itself', () => {
  check([
    ['filters[category][name][$eq]=News', [1]],
    ['filters[category][name][$ne]=News', [2]],
    ['filters[category][name][$null]=true', [3]],
    ['filters[category][$null]=true', [3]],
    ['filters[category][$notNull]=true', [1, 2]],
    ['filters[category][id]=2', [2]],
    ['filters[category]=2', [2]],
    ['filters[category][$in][0]=1&filters[category][$in][1]=2', [1, 2]],
    ['filters[category][documentId]=cat-news', [1]],
    ['filters[author][role][name]=Editor', [1]],
    ['filters[$not][category][name]=News', [2]],
  ]);
});

compile('should match a to-many relation when ANY related row matches', () => {
  check([
    ['filters[tags][label]=b', [1]],
    ['filters[tags][label]=a', [1, 2]],
    ['filters[tags][label][$ne]=a', [1]],
    ['filters[tags][$null]=true', [3]],
    ['filters[$and][0][tags][label]=a&filters[$and][1][tags][label]=b', [1]],
  ]);
});

compile('should filter components: a repeatable one when ANY entry matches', () => {
  check([
    ['filters[sections][heading]=Body', [1]],
    ['filters[sections][heading][$in][0]=Only&filters[sections][heading][$in][1]=Intro', [1, 2]],
    ['filters[sections][order][$null]=true', [2, 3]],
    ['filters[seo][metaTitle][$startsWith]=Hel', [1]],
    ['filters[seo][metaTitle][$null]=true', [2, 3]],
    ['filters[sections][$null]=true', [3]],
  ]);
});

compile('should evaluate a hand-built AST the same way', () => {
  const filter: Filter = {
    kind: 'or',
    filters: [
      { kind: 'field', field: 'views', type: 'number', operator: '$gt', value: 7 },
      { kind: 'relation', field: 'category', target: 'api::category.category', filter: { kind: 'field', field: 'name', type: 'string', operator: '$eq', value: 'Blog' } },
    ],
  };
  assert.equal(articles.filter(compileFilter(filter, article, ctx)).map((row) => row.id), [1, 2]);
});

compile('should treat $in [] as matching nothing and $notIn [] as matching everything', () => {
  const empty = (operator: '$in' | '$notIn'): Filter => ({ kind: 'field', field: 'views', type: 'number', operator, value: [] });
  assert.equal(articles.filter(compileFilter(empty('$in'), article, ctx)).length, 0);
  assert.equal(articles.filter(compileFilter(empty('$notIn'), article, ctx)).length, 3);
});

compile.run();
