import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { paginate } from '../../../src/model/index.js';

const pages = suite('paginate(rows, pagination)');

const rows = Array.from({ length: 25 }, (_, i) => i + 1);

pages('should slice a page and report page, pageSize, pageCount and total', () => {
  const result = paginate(rows, { kind: 'page', page: 2, pageSize: 10, withCount: true });
  assert.equal(result.rows, [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  assert.equal(result.meta, { pagination: { page: 2, pageSize: 10, pageCount: 3, total: 25 } });
});

pages('should return an empty page past the end, still counted', () => {
  const result = paginate(rows, { kind: 'page', page: 4, pageSize: 10, withCount: true });
  assert.equal(result.rows, []);
  assert.equal(result.meta.pagination, { page: 4, pageSize: 10, pageCount: 3, total: 25 });
  assert.equal(paginate([], { kind: 'page', page: 1, pageSize: 10, withCount: true }).meta.pagination, { page: 1, pageSize: 10, pageCount: 0, total: 0 });
});

pages('should slice by start and limit and report start, limit and total', () => {
  const result = paginate(rows, { kind: 'offset', start: 20, limit: 10, withCount: true });
  assert.equal(result.rows, [21, 22, 23, 24, 25]);
  assert.equal(result.meta, { pagination: { start: 20, limit: 10, total: 25 } });
});

pages('when withCount is false then there is no total and no pageCount', () => {
  assert.equal(paginate(rows, { kind: 'page', page: 1, pageSize: 5, withCount: false }).meta, { pagination: { page: 1, pageSize: 5 } });
  assert.equal(paginate(rows, { kind: 'offset', start: 0, limit: 5, withCount: false }).meta, { pagination: { start: 0, limit: 5 } });
});

pages('should not change the input list', () => {
  paginate(rows, { kind: 'page', page: 1, pageSize: 5, withCount: true });
  assert.is(rows.length, 25);
});

pages.run();
