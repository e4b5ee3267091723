import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compareBy, compileFilter, selectRows } from '../../../src/model/index.js';
import { expectSuccess } from '../../_helpers/index.js';
import { article, query, store } from './_fixtures.js';

const test = suite('selectRows(rows, filter, sort, model, ctx)');

const ctx = store({ 'api::category.category': [{ id: 1, documentId: 'c1', name: 'News' }] });

/** A small deterministic random source, so that a failure names the seed that found it. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const TITLES = ['Alpha', 'beta', 'Gamma', 'alpha', 'Lorem ipsum', 'lorem', '', 'ipsum Lorem dolor', 'İstanbul', 'Ünïcode Café', 'x'];
const DAYS = ['2024-01-01', '2024-02-29', '2023-12-31'];

function rowsOf(count: number, next: () => number) {
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    documentId: `d${i}`,
    title: next() < 0.1 ? null : pick(TITLES),
    // Few distinct values, so that ties (and null ties) are common.
    views: next() < 0.15 ? null : Math.floor(next() * 8),
    price: next() < 0.1 ? null : Math.round(next() * 100) / 10,
    rank: next() < 0.2 ? null : String(Math.floor(next() * 5) - 2),
    published: next() < 0.2 ? null : next() < 0.5,
    day: next() < 0.1 ? null : pick(DAYS),
    category: null,
  }));
}

/** What a scan answers: every row tested, then a stable sort. */
function scanned(rows: ReturnType<typeof rowsOf>, search: string) {
  const { filters, sort } = expectSuccess(() => query(search));
  const kept = filters ? rows.filter(compileFilter(filters, article, ctx)) : rows;
  return (sort.length > 0 ? [...kept].sort(compareBy(sort, article, ctx)) : kept).map((row) => row.id);
}

function selected(rows: ReturnType<typeof rowsOf>, search: string) {
  const { filters, sort } = expectSuccess(() => query(search));
  return selectRows(rows, filters, sort, article, ctx).map((row) => row.id);
}

const QUERIES = [
  'filters[views][$gte]=3',
  'filters[views][$gt]=3&filters[views][$lte]=6&sort=views:desc',
  'filters[views][$lt]=5&sort=views',
  'filters[views][$eq]=2&sort=title',
  'filters[views][$between][0]=2&filters[views][$between][1]=5&sort=views:desc',
  'filters[views][$gte]=2&filters[views][$lt]=7&filters[title][$containsi]=LOREM&sort=views:desc',
  'filters[views][$gte]=9',
  'filters[views][$gte]=5&filters[views][$lt]=2',
  'filters[price][$gte]=2.5&filters[views][$lt]=4&sort=price:desc',
  'filters[price][$gt]=5&sort=views',
  // A range leaving most rows, sorted by another field: the sort's index read whole, the range tested on each row.
  'filters[views][$gte]=1&sort=title:desc',
  'filters[price][$lt]=9&filters[title][$containsi]=lo&sort=day',
  'filters[rank][$gte]=0&sort=rank:desc',
  'filters[day][$lte]=2024-01-01&sort=day',
  'filters[published][$eq]=true&sort=published:desc',
  'filters[title][$gte]=b&sort=title:desc',
  'filters[$and][0][views][$gte]=1&filters[$and][1][views][$lt]=6&sort=title:desc',
  'filters[$or][0][views][$gte]=6&filters[$or][1][views][$null]=true&sort=views',
  'filters[views][$gte]=3&sort=views:desc&sort=title',
  'filters[views][$ne]=3&sort=views',
  'filters[title][$containsi]=LOREM',
  'filters[title][$notContainsi]=a&sort=title',
  'filters[title][$eqi]=ALPHA&sort=views:desc',
  'filters[title][$nei]=alpha',
  'filters[title][$startsWithi]=al&filters[views][$gte]=2',
  'filters[title][$endsWithi]=A&sort=id:desc',
  'filters[title][$containsi]=m&filters[title][$containsi]=o&filters[price][$lt]=5',
  'filters[$not][title][$containsi]=a',
  // Needles whose pairs of characters some titles hold only in part, or across words, or not at all.
  'filters[title][$containsi]=ore&sort=views:desc',
  'filters[title][$containsi]=m%20i&filters[views][$gte]=1',
  'filters[title][$containsi]=ZQ',
  'filters[title][$containsi]=CAFÉ&sort=title',
  'filters[title][$containsi]=i%CC%87s',
  'filters[title][$containsi]=',
  'filters[title][$notContainsi]=lor&filters[views][$gte]=2',
  'filters[title][$notContainsi]=ZQ',
  'filters[title][$startsWithi]=LO&sort=views',
  'filters[title][$endsWithi]=UM',
  'sort=views',
  'sort=views:desc',
  'sort=title:desc',
  'sort=rank',
  'sort=day:desc',
  'sort=createdAt:desc',
  'sort=id:desc',
];

test('should select the rows a scan selects, in the order a stable sort gives, before and after an index is made', () => {
  for (let seed = 1; seed <= 40; seed++) {
    const rows = rowsOf(1 + Math.floor(random(seed)() * 60), random(seed * 7919));
    for (const search of QUERIES) {
      const expected = scanned(rows, search);
      // The first questions of a list about a field scan; the third makes the field's index and answers from it.
      for (const attempt of ['scan', 'scan again', 'index', 'index again']) {
        assert.equal(selected(rows, search), expected, `seed ${seed}, ${search} (${attempt})`);
      }
    }
  }
});

test('should answer from an index made of the list it was asked about, never of another', () => {
  const before = rowsOf(30, random(3));
  const search = 'filters[views][$gte]=2&sort=views:desc';
  for (let ask = 0; ask < 3; ask++) selected(before, search);
  // A write gives the store a new list: the same question is answered from it, not from the old index.
  const after = before.map((row) => (row.id % 2 === 0 ? { ...row, views: 7 } : row));
  assert.equal(selected(after, search), scanned(after, search));
  assert.equal(selected(after, search), scanned(after, search));
});

test.run();
