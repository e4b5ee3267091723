import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compareBy, compileFilter, matchesSearch, paginate } from '../../../src/model/index.js';
import { expectSuccess } from '../../_helpers/index.js';
import { article, query, store } from './_fixtures.js';

const large = suite('compileFilter + compareBy + paginate over 10,000 rows');

const categories = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, documentId: `cat-${i}`, name: i % 2 === 0 ? 'Even' : 'Odd' }));
const rows = Array.from({ length: 10_000 }, (_, i) => ({
  id: i + 1,
  documentId: `doc-${i}`,
  locale: 'en',
  title: `Title ${i % 97}`,
  views: (i * 7919) % 1000,
  published: i % 3 !== 0,
  createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
  category: `cat-${i % 10}`,
  sections: [{ heading: i % 5 === 0 ? 'Special' : 'Plain' }],
}));
const ctx = store({ 'api::category.category': categories });

large('should filter, search, sort and paginate to the same page a plain implementation gives', () => {
  const { filters, sort, pagination, q } = expectSuccess(() =>
    query(
      'filters[views][$gte]=500&filters[category][name]=Even&filters[$or][0][published]=true&filters[$or][1][sections][heading]=Special' +
        '&_q=title 1&sort=views:desc,createdAt:asc&pagination[page]=3&pagination[pageSize]=20',
    ),
  );
  const keep = compileFilter(filters, article, ctx);
  const search = matchesSearch(q!, article);
  const matching = rows.filter((row) => keep(row) && search(row)).sort(compareBy(sort, article, ctx));
  const { rows: page, meta } = paginate(matching, pagination);

  const expected = rows
    .filter((row) => {
      const even = Number(row.category.slice(4)) % 2 === 0;
      const either = row.published || row.sections[0]!.heading === 'Special';
      return row.views >= 500 && even && either && row.title.toLowerCase().includes('title 1');
    })
    .sort((a, b) => b.views - a.views || a.createdAt.localeCompare(b.createdAt));
  assert.ok(expected.length > 60, 'the fixture should yield more than three pages');
  assert.equal(page.map((row) => row.id), expected.slice(40, 60).map((row) => row.id));
  assert.equal(meta.pagination, { page: 3, pageSize: 20, pageCount: Math.ceil(expected.length / 20), total: expected.length });
});

large.run();
